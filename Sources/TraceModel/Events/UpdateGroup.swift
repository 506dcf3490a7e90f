/// An update group: an interval in which SwiftUI was doing work, such as a transaction.
public struct UpdateGroup: Hashable, Sendable {
  public var id: Int64?
  public var start: Int64
  public var duration: Int64
  public var label: Symbol?

  public init(id: Int64? = nil, start: Int64, duration: Int64, label: Symbol? = nil) {
    self.id = id
    self.start = start
    self.duration = duration
    self.label = label
  }
}
