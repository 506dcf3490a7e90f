/// How likely an update is to cause a hitch, as Instruments colours it.
@usableFromInline package enum Severity: Int, Comparable, Hashable, Sendable, CustomStringConvertible {
  /// Longer than the orange threshold (500 µs by default).
  case orange
  /// Longer than the red threshold (1 ms by default).
  case red

  @usableFromInline package var description: String { self == .orange ? "orange" : "red" }

  @usableFromInline package static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}
