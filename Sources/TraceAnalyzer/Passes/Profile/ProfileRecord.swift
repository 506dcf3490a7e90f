/// An update or a sample as the attribution sweep takes them: 32 bytes, sorted by time.
///
/// Updates come before samples of the same time (an update holds a sample at its start), and
/// among updates of one start the outer (longer, then larger id) comes first, so each update
/// follows every update it nests in.
struct ProfileRecord: RunRecord {
  /// An update's start or a sample's time.
  var time: Int64
  /// An update's duration or a sample's weight.
  var length: Int64
  /// An update's id or a sample's stack (its index in the part's ``StackTable``).
  var id: Int64
  /// The part's thread index (0: the main thread).
  var thread: UInt32
  /// The update's group in the part's summary; ``sampleGroup`` for a sample.
  var group: UInt32

  static let sampleGroup = UInt32.max

  var isSample: Bool { group == Self.sampleGroup }

  @inline(__always)
  static func precedes(_ a: Self, _ b: Self) -> Bool {
    if a.time != b.time { return a.time < b.time }
    if a.isSample != b.isSample { return !a.isSample }
    if a.length != b.length { return a.length > b.length }
    if a.id != b.id { return a.id > b.id }
    return (a.thread, a.group) < (b.thread, b.group)
  }
}

/// The hitches' evidence spills them in file order, as they are.
extension ProfileRecord: SpillPackable {}
