/// A named stretch of time: an `os_signpost` interval, a Point of Interest, a test step (ns).
@usableFromInline package struct Interval: Hashable, Sendable {
  @usableFromInline package var name: Symbol
  @usableFromInline package var start: Int64
  @usableFromInline package var duration: Int64
  /// The signpost's subsystem (`com.example.landmarks`).
  @usableFromInline package var subsystem: Symbol?
  /// The signpost's category (`PointsOfInterest`).
  @usableFromInline package var category: Symbol?

  @usableFromInline package init(
    name: Symbol, start: Int64, duration: Int64, subsystem: Symbol? = nil, category: Symbol? = nil
  ) {
    self.name = name
    self.start = start
    self.duration = duration
    self.subsystem = subsystem
    self.category = category
  }

  /// Where it ends (saturated).
  package var end: Int64 { start.addingReportingOverflow(duration).overflow ? .max : start + duration }
}
