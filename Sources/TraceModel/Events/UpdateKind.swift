/// The kind of a SwiftUI update, as the instrument's lanes separate them.
public enum UpdateKind: Int, CaseIterable, Comparable, Hashable, Sendable, CustomStringConvertible {
  /// A view `body` ran.
  case body
  /// A `UIViewRepresentable`/`NSViewRepresentable` (or controller) update.
  case representable
  /// Layout, preferences, text and every other update.
  case other

  /// Parses the trace-format spelling (`body`, `representable`, `other`).
  public init?(name: String) {
    switch name {
    case "body": self = .body
    case "representable": self = .representable
    case "other": self = .other
    default: return nil
    }
  }

  /// The trace-format spelling.
  public var description: String {
    switch self {
    case .body: "body"
    case .representable: "representable"
    case .other: "other"
    }
  }

  public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}
