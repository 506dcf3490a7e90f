extension [Bool] {
  /// The runs of consecutive `true` elements, in order: `[true, true, false, true]` gives
  /// `[0..<2, 3..<4]`.
  var trueRuns: [Range<Int>] {
    var runs: [Range<Int>] = []
    var start: Int?
    for index in 0...count {
      let marked = index < count && self[index]
      if marked, start == nil { start = index }
      if !marked, let first = start {
        runs.append(first..<index)
        start = nil
      }
    }
    return runs
  }
}
