/// An edge of the cause-and-effect graph, from a source or update to what it made update.
@usableFromInline package struct Cause: Hashable, Sendable {
  @usableFromInline package var from: Int64
  @usableFromInline package var to: Int64
  /// `update` (the default) or `creation`; other spellings are kept as written.
  @usableFromInline package var label: Symbol
  @usableFromInline package var time: Int64?
  /// Changed properties, such as `isFavorite`.
  @usableFromInline package var changed: Symbol?
  @usableFromInline package var valueType: Symbol?

  @usableFromInline package init(
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
