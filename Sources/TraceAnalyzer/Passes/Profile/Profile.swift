/// Where the sampled time of a trace went (analysis.md "Samples"): per update node, and
/// outside updates.
package struct Profile: Sendable {
  /// Every node with samples, most sampled first, ties by label (then qualified name).
  package var nodes: [NodeProfile]
  /// The node `--view` asked for (with or without samples), when one was asked for.
  package var focus: NodeProfile?
  /// The nodes `--view` names (one: the focus; none or several: no focus).
  package var focusMatches: [ViewKey]
  /// Every sample of the inspection range.
  package var samples: Int
  package var sampledNs: Int64
  /// The samples in no update, and their weight.
  package var outsideUpdatesSamples: Int
  package var outsideUpdatesNs: Int64
  /// Distinct stacks (function names root first) and their summed weight: every sample's, or
  /// with a focus only its samples' (when asked for: empty otherwise).
  package var stacks: [StackWeight]
  /// Stack ids no `symbol` defines, by id.
  package var dangling: [DanglingSymbol]

  /// A function's time in a node's samples.
  package struct FunctionTime: Hashable, Sendable {
    package var name: String
    package var binary: String?
    /// The weight of the samples whose leaf it is.
    package var selfNs: Int64
    /// The weight of the samples whose stack holds it (once a sample).
    package var totalNs: Int64
  }

  /// An app function (or `(system)`) and the weight of the samples whose leaf-most app frame it is.
  package struct HotFrame: Hashable, Sendable {
    package var name: String
    package var ns: Int64
  }

  package struct StackWeight: Hashable, Sendable {
    /// Function names, root first.
    package var names: [String]
    package var ns: Int64
  }

  package struct DanglingSymbol: Hashable, Sendable {
    package var id: Int64
    /// Samples whose stack holds it.
    package var samples: Int
    /// The file line of the first such sample.
    package var line: Int
  }
}

/// What the samples of one update node say.
package struct NodeProfile: Hashable, Sendable {
  package var key: ViewKey
  /// The cause graph's label, such as `LandmarkListItemView.body`.
  package var label: String
  package var samples: Int
  package var sampledNs: Int64
  /// The summed self time of its updates that ran while their thread was sampled.
  package var updateNs: Int64
  /// `sampledNs / updateNs`, 0 when `updateNs` is 0.
  package var coverage: Double { updateNs == 0 ? 0 : Double(sampledNs) / Double(updateNs) }
  /// Nil without samples.
  package var verdict: SampleVerdict? {
    samples == 0 ? nil : SampleVerdict(sampledNs: sampledNs, updateNs: updateNs)
  }
  package var hotAppFrames: [Profile.HotFrame]
  package var frames: [Profile.FunctionTime]
  /// Per hot app frame (by name), the functions leafward of it in its samples and their
  /// weight (once a sample), heaviest first: where the frame's time went.
  package var calls: [String: [Profile.FunctionTime]]
  /// Its samples as a flame graph, when asked for (see ``ProfilePass/icicles``).
  package var icicle: Icicle?
}

/// Whether a body computes or waits, from how much of its time the samples cover.
package enum SampleVerdict: String, Hashable, Sendable {
  /// Coverage ≥ 0.75: the body computes.
  case cpu
  case mixed
  /// Coverage < 0.25: the body waits (I/O, a lock, a synchronous call).
  case blocked

  /// The verdict of `sampledNs / updateNs` (0 when `updateNs` is 0), decided on the integers
  /// (a coverage near a threshold is not moved across it by rounding).
  init(sampledNs: Int64, updateNs: Int64) {
    guard updateNs > 0 else {
      self = .blocked
      return
    }
    /// Whether `a · x ≥ b · y`, without overflow.
    func atLeast(_ a: Int64, _ x: Int64, _ b: Int64, _ y: Int64) -> Bool {
      let left = a.multipliedFullWidth(by: max(x, 0))
      let right = b.multipliedFullWidth(by: max(y, 0))
      return (left.high, left.low) >= (right.high, right.low)
    }
    self =
      atLeast(4, sampledNs, 3, updateNs) ? .cpu : atLeast(4, sampledNs, 1, updateNs) ? .mixed : .blocked
  }

  /// A share as a person reads it: `91 %` (a share too large to print whole is capped).
  static func percent(_ share: Double) -> String {
    let value = (share * 100).rounded()
    guard value.isFinite, abs(value) < 1e15 else { return share < 0 ? "-∞ %" : "> 10¹⁵ %" }
    return "\(Int64(value)) %"
  }

  /// What the verdict means, for a person.
  package var meaning: String {
    switch self {
    case .cpu: "the body computes"
    case .mixed: "the body computes and waits"
    case .blocked: "the body waits: I/O, a lock, a synchronous call"
    }
  }
}
