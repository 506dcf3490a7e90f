import TraceModel

/// The cause-graph nodes one reader part has seen, with what each node's events add up to.
///
/// Keys are that part's ``Symbol``s; ``NodeCatalog`` merges the parts' tables.
struct LocalNodeTable: Sendable {
  /// An update node `(kind, module, name)` or a source node `(kind, label)`, in part symbols.
  struct Key: Hashable, Sendable, IndexKey {
    /// ``UpdateKind`` raw value, or ``Key/sourceKinds`` + ``SourceKind`` raw value.
    var kind: Int32
    /// The update's module (-1: none); -1 for a source.
    var module: Int32
    /// The update's `view ?? label` (-1: neither), or the source's label.
    var name: Int32

    static let sourceKinds: Int32 = 16

    /// The name's symbol + 1 and the module's low bits for an update (one view name is often in
    /// several modules); -1 for a source (rare: not worth the name cache).
    var nameSlot: Int { kind < Self.sourceKinds ? (Int(name) &+ 1) &<< 3 | Int(module &+ 1) & 7 : -1 }
    var hashWord: UInt64 {
      UInt64(UInt32(bitPattern: name)) << 32 ^ UInt64(UInt32(bitPattern: module)) << 5
        ^ UInt64(UInt32(bitPattern: kind))
    }

    var updateKind: UpdateKind? { kind < Self.sourceKinds ? UpdateKind(rawValue: Int(kind)) : nil }
    var sourceKind: SourceKind? {
      kind >= Self.sourceKinds ? SourceKind(rawValue: Int(kind - Self.sourceKinds)) : nil
    }
  }

  /// What the events of one node add up to.
  struct Tally: Hashable, Sendable {
    /// Updates (or source events) of the node.
    var events = 0
    var skipped = 0
    /// Those in the inspection range (by update start, or source time).
    var eventsInRange = 0
    var skippedInRange = 0
    /// Whether any source event said `user: true`.
    var user = false

    mutating func add(_ other: Tally) {
      events += other.events
      skipped += other.skipped
      eventsInRange += other.eventsInRange
      skippedInRange += other.skippedInRange
      user = user || other.user
    }
  }

  var keys: [Key] { index.keys }
  private(set) var tallies: [Tally] = []
  private var index = KeyIndex<Key>()

  /// Counts `update` and returns its node.
  @inline(__always)
  mutating func addUpdate(_ update: Update, inRange: Bool) -> Int {
    let name = update.name.map { Int32($0.rawValue) } ?? -1
    let key = Key(
      kind: Int32(update.kind.rawValue), module: update.module.map { $0.rawValue } ?? -1, name: name)
    return count(update, node: node(key), inRange: inRange)
  }

  /// Counts `update` into `node`, which must be its node; returns it.
  @inline(__always)
  mutating func count(_ update: Update, node: Int, inRange: Bool) -> Int {
    tallies[node].events += 1
    if update.skipped { tallies[node].skipped += 1 }
    if inRange {
      tallies[node].eventsInRange += 1
      if update.skipped { tallies[node].skippedInRange += 1 }
    }
    return node
  }

  /// Counts `source` and returns its node.
  mutating func addSource(_ source: Source, inRange: Bool) -> Int {
    let key = Key(
      kind: Key.sourceKinds + Int32(source.kind.rawValue), module: -1, name: source.label.rawValue)
    let node = node(key)
    tallies[node].events += 1
    if inRange { tallies[node].eventsInRange += 1 }
    if source.user { tallies[node].user = true }
    return node
  }

  @inline(__always)
  private mutating func node(_ key: Key) -> Int {
    // No limit: the index is always given.
    let (node, isNew) = index.index(of: key).unsafelyUnwrapped
    if isNew { tallies.append(Tally()) }
    return node
  }
}
