/// An interned string: an index into the ``SymbolTable`` that produced it.
@usableFromInline package struct Symbol: Hashable, Sendable, Comparable {
  @usableFromInline package let rawValue: Int32

  @inlinable package init(rawValue: Int32) { self.rawValue = rawValue }

  @inlinable package var index: Int { Int(rawValue) }

  @usableFromInline package static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}
