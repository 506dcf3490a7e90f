/// An interned string: an index into the ``SymbolTable`` that produced it.
public struct Symbol: Hashable, Sendable, Comparable {
  public let rawValue: Int32

  @inlinable public init(rawValue: Int32) { self.rawValue = rawValue }

  @inlinable public var index: Int { Int(rawValue) }

  public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}
