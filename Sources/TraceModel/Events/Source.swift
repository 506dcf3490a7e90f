/// Something that caused updates: a cause-graph node that is not an update.
public struct Source: Hashable, Sendable {
  public var id: Int64
  public var kind: SourceKind
  /// The title as a person reads it, such as `@State isOn`.
  public var label: Symbol
  public var owner: Symbol?
  public var property: Symbol?
  /// The app's own code or the person's action (drawn blue); otherwise the system's (gray).
  public var user: Bool
  public var time: Int64?
  /// Where the value was set, innermost frame first.
  public var backtrace: [String]

  public init(
    id: Int64, kind: SourceKind, label: Symbol, owner: Symbol? = nil, property: Symbol? = nil,
    user: Bool = false, time: Int64? = nil, backtrace: [String] = []
  ) {
    self.id = id
    self.kind = kind
    self.label = label
    self.owner = owner
    self.property = property
    self.user = user
    self.time = time
    self.backtrace = backtrace
  }
}
