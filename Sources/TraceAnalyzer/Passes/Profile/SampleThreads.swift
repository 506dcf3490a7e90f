import TraceModel

/// The threads of one reader part's samples, each once: index 0 the main thread, then the
/// others in the order met, with the time their samples cover.
struct SampleThreads {
  private var index: [Symbol: UInt32] = [:]
  /// By thread index − 1: the thread's name.
  private(set) var names: [Symbol] = []
  /// By thread index: the first sample's time and the latest end the samples gave
  /// (`.max` and `.min` without samples).
  private(set) var starts: [Int64] = [.max]
  private(set) var ends: [Int64] = [.min]

  /// The part's index of the thread `name` (0 for the main thread).
  mutating func thread(_ name: Symbol?, isMain: Bool) -> UInt32 {
    guard !isMain, let name else { return 0 }
    if let found = index[name] { return found }
    names.append(name)
    let found = UInt32(names.count)
    index[name] = found
    starts.append(.max)
    ends.append(.min)
    return found
  }

  /// The index of the thread of a sample at `time` that ends at `end`, its span widened to it.
  mutating func sample(_ name: Symbol?, isMain: Bool, time: Int64, end: Int64) -> UInt32 {
    let found = thread(name, isMain: isMain)
    starts[Int(found)] = min(starts[Int(found)], time)
    ends[Int(found)] = max(ends[Int(found)], end)
    return found
  }
}
