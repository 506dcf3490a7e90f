import TraceModel

/// What per-view statistics group by: `(module, kind, name)` with `name = view ?? label`.
public struct ViewKey: Hashable, Sendable, Comparable, CustomStringConvertible {
  /// Shown for an update that has neither `view` nor `label`.
  package static let unnamed = "(unnamed)"

  /// The module, `""` when absent.
  public var module: String
  public var kind: UpdateKind
  public var name: String

  public init(module: String, kind: UpdateKind, name: String) {
    self.module = module
    self.kind = kind
    self.name = name
  }

  /// `Module.Name` (or `Name` without a module).
  public var qualifiedName: String { module.isEmpty ? name : "\(module).\(name)" }

  /// `Module.Name (kind)`, as budgets and check results name a view.
  public var description: String { "\(qualifiedName) (\(kind))" }

  /// Whether `query` names this view, in any of the ways tracecli prints one: `Name`,
  /// `Module.Name`, the graph's `Name.body` / `Name.update` (with or without the module), or
  /// the summary's `Module.Name (body)`.
  package func matches(_ query: String) -> Bool {
    if query == name || (!module.isEmpty && query == qualifiedName) { return true }
    var rest = Substring(query)
    // `Module.Name (kind)`, as the summary and check results print a view.
    if rest.hasSuffix(")"), let open = rest.lastIndex(of: "(") {
      let kindText = rest[rest.index(after: open)..<rest.index(before: rest.endIndex)]
      guard kindText == kind.description else { return false }
      rest = rest[..<open]
      while rest.hasSuffix(" ") { rest = rest.dropLast() }
      return rest == name || (!module.isEmpty && rest == qualifiedName)
    }
    // `Name.body`, `Name.update`, as the cause graph labels a node.
    let suffix: String? =
      switch kind {
      case .body: ".body"
      case .representable: ".update"
      case .other: nil
      }
    guard let suffix, rest.hasSuffix(suffix) else { return false }
    rest = rest.dropLast(suffix.count)
    return rest == name || (!module.isEmpty && rest == qualifiedName)
  }

  /// By name, module and kind name; strings compare by code point (their UTF-8 bytes).
  public static func < (lhs: Self, rhs: Self) -> Bool {
    if lhs.name != rhs.name { return lhs.name.utf8.lexicographicallyPrecedes(rhs.name.utf8) }
    if lhs.module != rhs.module { return lhs.module.utf8.lexicographicallyPrecedes(rhs.module.utf8) }
    return lhs.kind.description.utf8.lexicographicallyPrecedes(rhs.kind.description.utf8)
  }
}
