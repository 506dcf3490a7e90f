/// The distinct stacks of one reader thread's samples, each with how often it was sampled and
/// where first.
struct StackTable: Sendable {
  /// Symbol ids, leaf first, by stack index.
  private(set) var stacks: [[Int64]] = []
  /// By stack index: the 1-based line (within the part) of its first sample.
  private(set) var firstLines: [Int] = []
  private var index: [[Int64]: Int] = [:]

  /// The index of `stack`, added at `line` when new.
  mutating func intern(_ stack: [Int64], line: Int) -> Int {
    if let found = index[stack] { return found }
    let added = stacks.count
    stacks.append(stack)
    firstLines.append(line)
    index[stack] = added
    return added
  }
}
