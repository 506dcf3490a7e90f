/// A flame graph of one node's samples drawn top-down (an icicle): the node at the top, each
/// function below its caller, as wide as the weight of the samples that ran through it there.
///
/// The frames every sample runs under (`start`, the entry point, the run loop, often the body's
/// own getter) are one full-width bar each in a flame graph and say nothing: they are folded
/// into the node's box (``trunk``), so its children are where the samples part. A frame narrower
/// than ``mergeBelowNs`` has no box of its own: a caller's such frames share one `other` box,
/// and at most ``boxLimit`` boxes in ``rowLimit`` rows are drawn, whatever the samples.
package struct Icicle: Hashable, Sendable {
  /// What a box stands for, and so its colour.
  package enum Kind: String, Hashable, Sendable {
    /// The node: every sample (the top box).
    case node
    /// The app's own code (a symbol the trace marks `user`).
    case user
    /// A system framework, or a stack id no symbol defines.
    case system
    /// A caller's frames too narrow for a box of their own, together.
    case other
  }

  /// One function at one call path.
  package struct Box: Hashable, Sendable {
    package var name: String
    package var binary: String?
    package var kind: Kind
    /// Its caller's box (an index in ``Icicle/boxes``); nil for the node's.
    package var parent: Int?
    /// The row: 0 is the node's box at the top.
    package var depth: Int
    /// Where it starts: the weight left of it in its row, ns.
    package var offsetNs: Int64
    /// The weight of its samples, ns.
    package var ns: Int64
    /// The functions an `other` box stands for (1 for any other box).
    package var functions: Int
  }

  /// The node's label, such as `LandmarkListItemView.body`.
  package var label: String
  package var samples: Int
  /// The weight of the node's samples, ns: the top box's width.
  package var totalNs: Int64
  /// The functions every sample runs under, root first, folded into the top box.
  package var trunk: [String]
  /// The top box first, then each box after its caller's; a caller's boxes heaviest first, its
  /// `other` box last.
  package var boxes: [Box]
  /// Frames lighter than this (ns) share their caller's `other` box: ``minimumShare`` of the
  /// samples, or more when that still gives more than ``boxLimit`` boxes.
  package var mergeBelowNs: Int64
  /// Whether frames below the last row were left out.
  package var rowsCut: Bool

  /// Boxes an icicle draws at most.
  package static let boxLimit = 500
  /// Rows an icicle draws at most, the top box's included.
  package static let rowLimit = 40
  /// The share of the node's samples a frame needs for a box of its own: 0.25 %, 3 px of an
  /// icicle 1 200 px wide.
  package static let minimumShare = 0.0025
}
