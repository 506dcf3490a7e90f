import TraceModel

/// Names the views a limit applies to.
public struct ViewSelector: Hashable, Sendable, CustomStringConvertible {
  /// Matches every view.
  public static let wildcard = "*"

  /// `View`, `Module.View` or `*`.
  public var query: String
  /// Only views of this kind; nil for any kind.
  public var kind: UpdateKind?
  /// Where the query is written in the budget file.
  public var location: TextLocation?

  public init(query: String, kind: UpdateKind? = nil, location: TextLocation? = nil) {
    self.query = query
    self.kind = kind
    self.location = location
  }

  /// Whether the selector names every view.
  public var isWildcard: Bool { query == Self.wildcard }

  /// Whether `key` is one of the selected views.
  public func matches(_ key: ViewKey) -> Bool {
    if let kind, key.kind != kind { return false }
    return isWildcard || key.matches(query)
  }

  public var description: String {
    let name = isWildcard ? "every view" : query
    return kind.map { "\(name) (\($0))" } ?? name
  }
}
