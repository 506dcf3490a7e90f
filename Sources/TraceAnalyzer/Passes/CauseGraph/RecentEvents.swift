/// The events a reader part met last, by id: what a cause read soon after its ends is resolved
/// by, without the join.
///
/// Two direct-mapped tables of ``EventRecord``s, one slot an id's low bits: every event's, and
/// the sources' alone (a cause often comes from a source met long before, whose slot in the
/// first an update has taken since). An id is found only while its slot holds it; ids are unique
/// in a trace (the readers refuse a repeated one), so what is found is the id's one event.
///
/// Memory: 160 KB by default, whatever the trace.
final class RecentEvents: @unchecked Sendable {
  private static let vacant = EventRecord(id: -1, time: 0, duration: 0, node: 0, flags: 0)

  private let events: UnsafeMutablePointer<EventRecord>
  private let sources: UnsafeMutablePointer<EventRecord>
  private let eventMask: Int
  private let sourceMask: Int

  /// Tables of `eventSlots` and `sourceSlots` slots (powers of two).
  init(eventSlots: Int = 1 << 12, sourceSlots: Int = 1 << 10) {
    precondition(eventSlots.nonzeroBitCount == 1 && sourceSlots.nonzeroBitCount == 1)
    events = .allocate(capacity: eventSlots)
    events.initialize(repeating: Self.vacant, count: eventSlots)
    sources = .allocate(capacity: sourceSlots)
    sources.initialize(repeating: Self.vacant, count: sourceSlots)
    eventMask = eventSlots - 1
    sourceMask = sourceSlots - 1
  }

  deinit {
    events.deallocate()
    sources.deallocate()
  }

  /// Keeps `record` (an update's or, with `isSource`, a source's) in its slots.
  @inline(__always)
  func add(_ record: EventRecord, isSource: Bool = false) {
    events[Int(truncatingIfNeeded: record.id) & eventMask] = record
    if isSource { sources[Int(truncatingIfNeeded: record.id) & sourceMask] = record }
  }

  /// The event of `id`, if a slot still holds it (never for a negative id: a vacant slot's).
  @inline(__always)
  func find(_ id: Int64) -> EventRecord? {
    guard id >= 0 else { return nil }
    let event = events[Int(truncatingIfNeeded: id) & eventMask]
    if event.id == id { return event }
    let source = sources[Int(truncatingIfNeeded: id) & sourceMask]
    return source.id == id ? source : nil
  }
}
