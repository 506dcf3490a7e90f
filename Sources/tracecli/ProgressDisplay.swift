import Dispatch
import Synchronization
import TraceModel

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A one-line progress display on standard error (a terminal) for reads that take a while.
///
/// Drawn after half a second of reading, redrawn ten times a second from ``ReadProgress``, and
/// wiped when ``finish()`` is called: before anything else is written to the terminal.
final class ProgressDisplay: Sendable {
  private struct State {
    var finished = false
    /// The width of the line on screen (0: nothing drawn).
    var drawn = 0
  }

  private let state = Mutex(State())
  private let descriptor: Int32
  private let startRead = ReadProgress.bytesRead
  private let startTotal = ReadProgress.bytesTotal

  /// Starts the display, writing to `descriptor`.
  init(descriptor: Int32 = 2) {
    self.descriptor = descriptor
    DispatchQueue.global(qos: .utility).async { [self] in run() }
  }

  /// Wipes the line and stops; later calls do nothing.
  func finish() {
    state.withLock { state in
      guard !state.finished else { return }
      state.finished = true
      if state.drawn > 0 { write("\r" + String(repeating: " ", count: state.drawn) + "\r") }
      state.drawn = 0
    }
  }

  /// Draws `line` now (a step before any reading, such as an export); reading redraws over it.
  func show(_ line: String) {
    state.withLock { state in
      guard !state.finished else { return }
      let width = line.unicodeScalars.count
      write("\r" + line + String(repeating: " ", count: max(0, state.drawn - width)))
      state.drawn = max(state.drawn, width)
    }
  }

  private func run() {
    var ticks = 0
    while true {
      usleep(100_000)
      ticks += 1
      let stop = state.withLock { state -> Bool in
        guard !state.finished else { return true }
        let total = ReadProgress.bytesTotal - startTotal
        // Nothing opened yet (standard input still being copied, say): nothing to show.
        guard ticks >= 5 && total > 0 else { return false }
        let line = Self.line(read: ReadProgress.bytesRead - startRead, total: total)
        let width = line.unicodeScalars.count
        write("\r" + line + String(repeating: " ", count: max(0, state.drawn - width)))
        state.drawn = max(state.drawn, width)
        return false
      }
      if stop { return }
    }
  }

  private func write(_ text: String) {
    var stream = FileDescriptorStream(descriptor: descriptor)
    stream.write(text)
  }

  /// The progress line for `read` of `total` bytes.
  static func line(read: Int64, total: Int64) -> String {
    if read >= total { return "tracecli: analysing… \(bytes(total)) read" }
    let percent = min(100, read * 100 / total)
    return "tracecli: reading… \(bytes(read)) of \(bytes(total)) (\(percent)%)"
  }

  /// `bytes` in decimal units with three significant digits: `812 kB`, `58.1 MB`, `1.38 GB`.
  static func bytes(_ bytes: Int64) -> String {
    let units = ["B", "kB", "MB", "GB", "TB"]
    var value = Double(bytes)
    var unit = 0
    while value >= 999.5 && unit < units.count - 1 {
      value /= 1000
      unit += 1
    }
    if unit == 0 { return "\(bytes) B" }
    let digits = value >= 99.95 ? 0 : value >= 9.995 ? 1 : 2
    return "\(rounded(value, digits: digits)) \(units[unit])"
  }

  private static func rounded(_ value: Double, digits: Int) -> String {
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    let scaled = Int64((value * scale).rounded())
    guard digits > 0 else { return "\(scaled)" }
    let whole = scaled / Int64(scale)
    var fraction = String(scaled % Int64(scale))
    while fraction.count < digits { fraction = "0" + fraction }
    return "\(whole).\(fraction)"
  }
}

/// A stream that wipes the progress display before its first write.
struct ProgressAwareStream: TextOutputStream {
  var base: FileDescriptorStream
  let progress: ProgressDisplay?

  mutating func write(_ string: String) {
    progress?.finish()
    base.write(string)
  }
}
