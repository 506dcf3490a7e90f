import Dispatch

/// Work of a read that starts as soon as what it needs is there, on a thread of its own, beside
/// the rest (a pass's sweep and the cause join beside the summary's second phase, the second
/// pass of a pair beside the first).
final class EarlyWork<Value>: @unchecked Sendable {
  private let group = DispatchGroup()
  private var value: Value?
  private var started = false

  init() {}

  /// Runs `work` on another thread (here, before returning, when `here`); ``result`` waits
  /// for it.
  func start(here: Bool = false, _ work: @escaping @Sendable () -> Value) {
    started = true
    if here {
      value = work()
      return
    }
    group.enter()
    DispatchQueue.global().async {
      self.value = work()
      self.group.leave()
    }
  }

  /// The work's result once it is done; nil when it never started.
  var result: Value? {
    guard started else { return nil }
    group.wait()
    return value
  }
}
