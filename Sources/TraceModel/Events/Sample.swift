/// A stack sampled on a thread (a `sample` event; Time Profiler).
@usableFromInline package struct Sample: Hashable, Sendable {
  @usableFromInline package var time: Int64
  /// The time the sample stands for (ns, positive).
  @usableFromInline package var weight: Int64
  /// The thread name; `nil` when absent (the main thread).
  @usableFromInline package var thread: Symbol?
  /// Whether the sample was taken on the main thread (`thread` absent or `main`).
  @usableFromInline package var isMainThread: Bool
  /// ``CodeSymbol`` ids, leaf first; may be empty.
  @usableFromInline package var stack: [Int64]

  @usableFromInline package init(
    time: Int64, weight: Int64, thread: Symbol? = nil, isMainThread: Bool = true, stack: [Int64]
  ) {
    self.time = time
    self.weight = weight
    self.thread = thread
    self.isMainThread = isMainThread
    self.stack = stack
  }
}
