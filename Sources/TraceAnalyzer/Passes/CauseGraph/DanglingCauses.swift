/// The `cause` events that name an id no `update` or `source` defines: drawn to `unknown #ID`
/// nodes and reported, never dropped.
package struct DanglingCauses: Hashable, Sendable {
  /// How many are listed in ``lines`` at most.
  package static let listLimit = 5

  /// A dangling cause: its 1-based line in the file and the id it could not resolve.
  package struct Occurrence: Hashable, Sendable, Comparable {
    package var line: Int
    package var id: Int64

    package init(line: Int, id: Int64) {
      self.line = line
      self.id = id
    }

    package static func < (lhs: Self, rhs: Self) -> Bool { (lhs.line, lhs.id) < (rhs.line, rhs.id) }
  }

  /// Dangling `cause` events (one whose `from` and `to` both dangle counts once).
  package var count = 0
  /// The first few, by line.
  package var first: [Occurrence] = []

  package init(count: Int = 0, first: [Occurrence] = []) {
    self.count = count
    self.first = first
  }

  /// Counts one dangling cause at file line `line`; `from` and `to` are the ids it could
  /// not resolve (nil: that end is known).
  mutating func add(line: Int, from: Int64?, to: Int64?) {
    count += 1
    if let from { note(Occurrence(line: line, id: from)) }
    if let to { note(Occurrence(line: line, id: to)) }
  }

  /// Counts `count` dangling causes from `id`, which no event defines; `lines` are those of
  /// the first few.
  mutating func add(count: Int, lines: [Int], from id: Int64) {
    self.count += count
    for line in lines { note(Occurrence(line: line, id: id)) }
  }

  /// Adds the dangling causes `other` counted (the first few kept are the same whatever the
  /// order of adding).
  mutating func merge(_ other: DanglingCauses) {
    count += other.count
    for occurrence in other.first { note(occurrence) }
  }

  private mutating func note(_ occurrence: Occurrence) {
    guard first.count < Self.listLimit || occurrence < first[first.count - 1] else { return }
    let index = first.firstIndex { occurrence < $0 } ?? first.count
    first.insert(occurrence, at: index)
    if first.count > Self.listLimit { first.removeLast() }
  }

  /// The first lines, ascending (a line can repeat when both ends dangle: listed once).
  package var lines: [Int] {
    var seen: [Int] = []
    for occurrence in first where seen.last != occurrence.line { seen.append(occurrence.line) }
    return seen
  }
}
