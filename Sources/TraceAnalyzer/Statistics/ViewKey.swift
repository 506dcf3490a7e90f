import TraceModel

/// What per-view statistics group by: `(module, kind, name)` with `name = view ?? label`.
public struct ViewKey: Hashable, Sendable, Comparable, CustomStringConvertible {
  /// Shown for an update that has neither `view` nor `label`.
  public static let unnamed = "(unnamed)"

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

  /// Whether `query` (`View` or `Module.View`) names this view.
  public func matches(_ query: String) -> Bool {
    query == name || (!module.isEmpty && query == qualifiedName)
  }

  /// By name, module and kind name; strings compare by code point (their UTF-8 bytes).
  public static func < (lhs: Self, rhs: Self) -> Bool {
    if lhs.name != rhs.name { return lhs.name.utf8.lexicographicallyPrecedes(rhs.name.utf8) }
    if lhs.module != rhs.module { return lhs.module.utf8.lexicographicallyPrecedes(rhs.module.utf8) }
    return lhs.kind.description.utf8.lexicographicallyPrecedes(rhs.kind.description.utf8)
  }
}
