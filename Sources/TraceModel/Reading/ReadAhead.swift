import Dispatch

/// One positional read at a time, done on another thread while the caller works on what it
/// read before.
///
/// ``ChunkReader`` reads its next chunk with it when the process may run on more than one
/// processor, so the kernel's copy of the file runs beside the parse instead of before it.
/// ``start(_:into:count:at:)`` and ``wait()`` alternate; the semaphore orders the reader's
/// writes to the buffer before the waiter's reads of it.
final class ReadAhead: @unchecked Sendable {
  private let queue = DispatchQueue(label: "tracecli.read-ahead")
  private let done = DispatchSemaphore(value: 0)
  /// The bytes the last read returned; written on the queue before `done` is signalled.
  private var result = 0
  /// Whether a read has started and not been waited for.
  private(set) var isPending = false

  /// Starts reading up to `count` bytes of `file` at `offset` into `buffer`.
  func start(_ file: SystemFile, into buffer: UnsafeMutablePointer<UInt8>, count: Int, at offset: Int64) {
    precondition(!isPending, "a read is already under way")
    isPending = true
    nonisolated(unsafe) let target = UnsafeMutableRawPointer(buffer)
    queue.async { [self] in
      result = file.read(into: target, count: count, at: offset)
      done.signal()
    }
  }

  /// Waits for the read under way and returns the bytes it read (0 at the end of the file,
  /// negative on an error, as `pread`).
  func wait() -> Int {
    precondition(isPending, "no read under way")
    done.wait()
    isPending = false
    return result
  }
}
