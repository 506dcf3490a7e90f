extension CauseGraph {
  /// Which side of a view a subgraph keeps.
  package enum Direction: Hashable, Sendable, CustomStringConvertible {
    /// Causes: the nodes with a path into the view.
    case upstream
    /// Effects: the nodes the view has a path into.
    case downstream
    /// Both causes and effects.
    case both

    package var description: String {
      switch self {
      case .upstream: "upstream"
      case .downstream: "downstream"
      case .both: "both"
      }
    }

    var keepsCauses: Bool { self != .downstream }
    var keepsEffects: Bool { self != .upstream }
  }
}
