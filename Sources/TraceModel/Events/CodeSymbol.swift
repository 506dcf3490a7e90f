/// A function that appears in sampled stacks (a `symbol` event): the frames of ``Sample``
/// stacks name it by ``id``.
@usableFromInline package struct CodeSymbol: Hashable, Sendable {
  /// Unique among symbols, in an id space of its own (apart from updates' and sources').
  @usableFromInline package var id: Int64
  /// The function (`LandmarkListItemView.distance.getter`), or an address when unsymbolicated.
  @usableFromInline package var name: Symbol
  /// The image it lives in, such as `SwiftUICore`.
  @usableFromInline package var binary: Symbol?
  /// The app's own code (its main binary or its own frameworks).
  @usableFromInline package var user: Bool

  @usableFromInline package init(id: Int64, name: Symbol, binary: Symbol? = nil, user: Bool = false) {
    self.id = id
    self.name = name
    self.binary = binary
    self.user = user
  }
}
