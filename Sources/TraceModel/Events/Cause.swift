/// An edge of the cause-and-effect graph, from a source or update to what it made update.
public struct Cause: Hashable, Sendable {
  public var from: Int64
  public var to: Int64
  /// `update` (the default) or `creation`; other spellings are kept as written.
  public var label: Symbol
  public var time: Int64?
  /// Changed properties, such as `isFavorite`.
  public var changed: Symbol?
  public var valueType: Symbol?

  public init(
    from: Int64, to: Int64, label: Symbol, time: Int64? = nil, changed: Symbol? = nil,
    valueType: Symbol? = nil
  ) {
    self.from = from
    self.to = to
    self.label = label
    self.time = time
    self.changed = changed
    self.valueType = valueType
  }
}
