import Synchronization

/// A minimal lock for rarely contended hand-offs between reader threads.
final class SpinLock: @unchecked Sendable {
  private let mutex = Mutex(())

  func withLock<R>(_ body: () -> R) -> R {
    mutex.withLock { _ in body() }
  }
}
