/// An update group: an interval in which SwiftUI was doing work, such as a transaction.
@usableFromInline package struct UpdateGroup: Hashable, Sendable {
  @usableFromInline package var id: Int64?
  @usableFromInline package var start: Int64
  @usableFromInline package var duration: Int64
  @usableFromInline package var label: Symbol?

  @usableFromInline package init(id: Int64? = nil, start: Int64, duration: Int64, label: Symbol? = nil) {
    self.id = id
    self.start = start
    self.duration = duration
    self.label = label
  }
}
