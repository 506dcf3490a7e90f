import TraceModel

extension CauseGraph {
  /// A node of the graph: every update of one view type `(kind, module, name)`, every event
  /// of one source `(kind, label)`, or an id no event defines (`unknown #ID`).
  package struct Node: Hashable, Sendable {
    /// What a node stands for.
    package enum Kind: Hashable, Sendable, Comparable, CustomStringConvertible {
      case source(SourceKind)
      case update(UpdateKind)
      /// An id that a `cause` names but no `update` or `source` defines.
      case unknown

      /// The trace-format spelling (`gesture`, `body`, …) or `unknown`: the JSON `kind`.
      package var description: String {
        switch self {
        case .source(let kind): kind.description
        case .update(let kind): kind.description
        case .unknown: "unknown"
        }
      }

      /// How Instruments names such a node: `Gesture`, `State change`, `View body`, ….
      package var displayName: String {
        switch self {
        case .source(let kind): kind.displayName
        case .update(.body): "View body"
        case .update(.representable): "Representable"
        case .update(.other): "Other update"
        case .unknown: "unknown"
        }
      }

      /// Sources first, then updates, then unknown ids; each by its kind's order.
      package static func < (lhs: Self, rhs: Self) -> Bool { lhs.rank < rhs.rank }

      private var rank: Int {
        switch self {
        case .source(let kind): kind.rawValue
        case .update(let kind): 100 + kind.rawValue
        case .unknown: 200
        }
      }
    }

    /// Modules that are Apple's, not the app's: their updates are drawn as the system's.
    package static let systemModules: Set<String> = [
      "SwiftUI", "SwiftUICore", "UIKit", "UIKitCore", "AppKit", "Foundation", "CoreFoundation",
      "Combine", "Observation", "MapKit", "Charts", "WebKit", "AVKit", "PhotosUI", "RealityKit",
      "SceneKit", "SpriteKit", "CoreData", "SwiftData", "CoreGraphics", "QuartzCore", "CoreText",
      "CoreImage", "CoreAnimation", "GameKit", "StoreKit", "WidgetKit", "ActivityKit", "TipKit",
      "PencilKit", "QuickLook", "SafariServices", "AuthenticationServices", "ContactsUI",
      "EventKitUI", "MessageUI", "PassKit", "HealthKit", "CloudKit", "AppIntents",
    ]

    package var kind: Kind
    /// An update node's `view ?? label ?? "(unnamed)"`; a source node's label;
    /// `unknown #ID` for a dangling id.
    package var name: String
    /// An update node's module (`""` when absent); nil for other nodes.
    package var module: String?
    /// Drawn as the app's own (blue) rather than the system's (gray): a source any of whose
    /// events said `user: true`, or an update node whose module is set and not Apple's.
    package var user: Bool
    /// Updates of the node (or events of a source) in the inspection range.
    package var events: Int
    /// Those updates that were skipped.
    package var skipped: Int
    /// Every update of the node was skipped (checked, body not run).
    package var dimmed: Bool
    /// For an `unknown` node, the dangling id.
    package var unknownID: Int64?

    package init(
      kind: Kind, name: String, module: String? = nil, user: Bool = false, events: Int = 0,
      skipped: Int = 0, dimmed: Bool = false, unknownID: Int64? = nil
    ) {
      self.kind = kind
      self.name = name
      self.module = module
      self.user = user
      self.events = events
      self.skipped = skipped
      self.dimmed = dimmed
      self.unknownID = unknownID
    }

    /// The node for an id no event defines.
    static func unknown(_ id: Int64) -> Node {
      Node(kind: .unknown, name: "unknown #\(id)", unknownID: id)
    }

    /// Whether updates of `module` count as the app's own.
    static func isUserModule(_ module: String) -> Bool {
      !module.isEmpty && !systemModules.contains(module)
    }

    /// The title: `Name.body` for a body node, `Name.update` for a representable node, the
    /// name for an `other` update node, the label for a source, `unknown #ID`.
    package var label: String { id.label }

    /// The per-view key of an update node.
    package var viewKey: ViewKey? {
      guard case .update(let kind) = kind else { return nil }
      return ViewKey(module: module ?? "", kind: kind, name: name)
    }

    /// The line under the title: what the node is and how often it happened.
    ///
    /// For example `View body · Landmarks · 80 updates`, `Gesture · 2 gestures` or
    /// `@Observable · 12 changes`.
    package var caption: String {
      switch kind {
      case .update:
        var text = kind.displayName
        if let module, !module.isEmpty { text += " · \(module)" }
        text += " · \(events) \(events == 1 ? "update" : "updates")"
        if dimmed {
          text += events == 1 ? ", skipped" : ", all skipped"
        } else if skipped > 0 {
          text += ", \(skipped) skipped"
        }
        return text
      case .source(let source):
        // What a source's events are: a gesture's gestures, a value's changes.
        let noun: (one: String, many: String) =
          switch source {
          case .gesture: ("gesture", "gestures")
          case .state, .observable, .environment, .environmentWriter, .preference: ("change", "changes")
          case .creation: ("creation", "creations")
          case .transaction: ("transaction", "transactions")
          default: ("event", "events")
          }
        return "\(kind.displayName) · \(events) \(events == 1 ? noun.one : noun.many)"
      case .unknown:
        return "unknown · no event has this id"
      }
    }

    /// Whether the node is an update node.
    package var isUpdate: Bool {
      if case .update = kind { return true }
      return false
    }

    /// The order nodes are listed in: by kind (sources, updates, unknown), then name, then
    /// module (strings by their UTF-8 bytes), unknown ids by value.
    ///
    /// Names are told apart by bytes, not by `==`: two names equal only canonically (`é`
    /// precomposed and decomposed) in other modules would otherwise go by module, and a third
    /// name between them by bytes would make the order a cycle.
    static func listedBefore(_ lhs: Node, _ rhs: Node) -> Bool {
      if lhs.kind != rhs.kind { return lhs.kind < rhs.kind }
      if let left = lhs.unknownID, let right = rhs.unknownID { return left < right }
      if !lhs.name.utf8.elementsEqual(rhs.name.utf8) {
        return lhs.name.utf8.lexicographicallyPrecedes(rhs.name.utf8)
      }
      return (lhs.module ?? "").utf8.lexicographicallyPrecedes((rhs.module ?? "").utf8)
    }
  }
}
