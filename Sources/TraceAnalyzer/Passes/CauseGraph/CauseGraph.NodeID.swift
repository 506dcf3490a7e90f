extension CauseGraph {
  /// A node's identity in the graph of a trace and in every subgraph of it: its kind, name and
  /// module. Two views of one name in two modules are two nodes with one label; their ids
  /// differ.
  package struct NodeID: Hashable, Sendable {
    package var kind: Node.Kind
    package var name: String
    /// An update node's module (`""` when absent); nil for other nodes.
    package var module: String?

    package init(kind: Node.Kind, name: String, module: String?) {
      self.kind = kind
      self.name = name
      self.module = module
    }

    /// The update node of the view `key`.
    package init(view key: ViewKey) {
      self.init(kind: .update(key.kind), name: key.name, module: key.module)
    }

    /// The title renderers show: `Name.body` for a body node, `Name.update` for a
    /// representable node, the name for an `other` update node, a source or `unknown #ID`.
    package var label: String {
      switch kind {
      case .update(.body): "\(name).body"
      case .update(.representable): "\(name).update"
      default: name
      }
    }
  }
}

extension CauseGraph.Node {
  /// The node's identity (see ``CauseGraph/NodeID``).
  package var id: CauseGraph.NodeID { CauseGraph.NodeID(kind: kind, name: name, module: module) }
}
