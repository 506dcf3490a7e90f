/// A search by id of one join partition's events, whose ids must never decrease.
///
/// Recorders number events in order, and a partition's causes come as a few runs of rising
/// `to`, so each lookup moves a cursor a little forward through memory read in order, where a
/// hash table would miss the cache at each. It finds what a table filled with every event in
/// order finds: the place of the last event with the id (a later definition replaces one).
struct SortedTargets {
  private let records: UnsafeBufferPointer<EventRecord>
  /// The first place whose id is not below the last id asked for.
  private var cursor = 0
  /// Records a lookup reads one by one (the cursor's included) before it takes longer steps.
  private static let scan = 16

  /// A reader of `records`, whose ids must never decrease.
  init(_ records: UnsafeBufferPointer<EventRecord>) {
    self.records = records
  }

  /// Whether the ids of `records` never decrease.
  static func areSorted(_ records: [EventRecord]) -> Bool {
    records.withUnsafeBufferPointer { records in
      var index = 1
      while index < records.count {
        if records[index].id < records[index - 1].id { return false }
        index += 1
      }
      return true
    }
  }

  /// The place of the last record with `id`, or nil when none has it.
  @inline(__always)
  mutating func find(_ id: Int64) -> Int? {
    let count = records.count
    if cursor < count && records[cursor].id < id {
      // Forward: a short scan (the next id is usually a few records on), then steps that
      // double and a binary search of the last one.
      var place = cursor &+ 1
      let scanned = min(count, cursor &+ Self.scan)
      while place < scanned && records[place].id < id { place &+= 1 }
      if place == scanned && place < count {
        var low = place &- 1
        var step = 1
        while low &+ step < count && records[low &+ step].id < id {
          low &+= step
          step &<<= 1
        }
        place = lowerBound(of: id, from: low &+ 1, to: min(low &+ step, count))
      }
      cursor = place
    } else if cursor > 0 && records[cursor &- 1].id >= id {
      // Back: a binary search of what lies before the cursor.
      cursor = lowerBound(of: id, from: 0, to: cursor &- 1)
    }
    guard cursor < count && records[cursor].id == id else { return nil }
    var last = cursor
    while last &+ 1 < count && records[last &+ 1].id == id { last &+= 1 }
    return last
  }

  /// The first place in `low..<high` whose id is not below `id`, else `high`.
  @inline(__always)
  private func lowerBound(of id: Int64, from low: Int, to high: Int) -> Int {
    var low = low
    var high = high
    while low < high {
      let middle = (low + high) >> 1
      if records[middle].id < id { low = middle + 1 } else { high = middle }
    }
    return low
  }
}
