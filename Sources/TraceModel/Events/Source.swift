/// Something that caused updates: a cause-graph node that is not an update.
@usableFromInline package struct Source: Hashable, Sendable {
  @usableFromInline package var id: Int64
  @usableFromInline package var kind: SourceKind
  /// The title as a person reads it, such as `@State isOn`.
  @usableFromInline package var label: Symbol
  @usableFromInline package var owner: Symbol?
  @usableFromInline package var property: Symbol?
  /// The app's own code or the person's action (drawn blue); otherwise the system's (gray).
  @usableFromInline package var user: Bool
  @usableFromInline package var time: Int64?
  /// Where the value was set, innermost frame first.
  @usableFromInline package var backtrace: [String]

  @usableFromInline package init(
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
