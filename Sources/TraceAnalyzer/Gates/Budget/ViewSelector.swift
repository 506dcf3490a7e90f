import TraceModel

/// Names the views a limit applies to.
package struct ViewSelector: Hashable, Sendable, CustomStringConvertible {
  /// Matches every view.
  package static let wildcard = "*"

  /// `View`, `Module.View` or `*`.
  package var query: String
  /// Only views of this kind; nil for any kind.
  package var kind: UpdateKind?
  /// Where the query is written in the budget file.
  package var location: TextLocation?

  package init(query: String, kind: UpdateKind? = nil, location: TextLocation? = nil) {
    self.query = query
    self.kind = kind
    self.location = location
  }

  /// Whether the selector names every view.
  package var isWildcard: Bool { query == Self.wildcard }

  /// Whether `key` is one of the selected views.
  package func matches(_ key: ViewKey) -> Bool {
    if let kind, key.kind != kind { return false }
    return isWildcard || key.matches(query)
  }

  package var description: String {
    let name = isWildcard ? "every view" : query
    return kind.map { "\(name) (\($0))" } ?? name
  }
}
