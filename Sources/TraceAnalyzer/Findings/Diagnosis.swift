import TraceModel

/// What `tracecli diagnose` found in a trace: its findings, worst first, and the summary they
/// were read from.
public struct Diagnosis: Hashable, Sendable {
  /// Errors first, then by cost, largest first.
  public var findings: [Finding]
  public var summary: TraceSummary
  package var settings: FindingSettings
  /// The trace's whole cause-and-effect graph (for the range).
  package var graph: CauseGraph
  /// The app's recorded hitches and hangs, tied to the findings (nil when not asked for).
  package var hitches: RecordedHitches?

  package init(findings: [Finding], summary: TraceSummary, settings: FindingSettings, graph: CauseGraph) {
    self.findings = findings
    self.summary = summary
    self.settings = settings
    self.graph = graph
  }

  /// The trace's display name.
  public var file: String { summary.file }

  /// The recorded hitches and hangs `finding` explains: those an explaining node of which it
  /// names.
  package func hitches(explainedBy finding: Finding) -> [RecordedHitch] {
    (hitches?.events ?? []).filter { $0.isExplained(by: finding) }
  }

  /// The recorded hitches and hangs no finding explains.
  package var unexplainedHitches: [RecordedHitch] {
    (hitches?.events ?? []).filter { event in !findings.contains(where: event.isExplained(by:)) }
  }
}

extension Diagnosis {
  /// The rules whose findings name a node whose samples say why it is slow.
  static let measuredRules: Set<FindingRule> = [.longBody, .blockingUpdate]

  /// Reads `run` a second time for its samples, when it has any, and gives the findings what
  /// they measured (``measure(_:)``); a trace without samples is read once.
  ///
  /// The nodes of the first `icicles` findings that can be measured also draw their samples as
  /// an icicle (``MeasuredCode/icicle``), in the same read.
  mutating func measureSamples(of run: TraceRun, icicles: Int = 0) throws(TraceReadError) {
    let measured = findings.filter { Self.measuredRules.contains($0.rule) }
    guard summary.events.samples > 0, !measured.isEmpty else { return }
    var pass = ProfilePass(view: nil)
    let drawn = Set(measured.prefix(max(icicles, 0)).compactMap(\.nodeIDs.first))
    pass.icicles = Set(summary.views.map(\.key).filter { drawn.contains(CauseGraph.NodeID(view: $0)) })
    measure(try run.read(pass).output)
  }

  /// Gives each `long-body` and `blocking-update` finding of a node with samples what they
  /// measured (its verdict, hot app frames and a fix that names them).
  mutating func measure(_ profile: Profile) {
    var byNode: [CauseGraph.NodeID: NodeProfile] = [:]
    for node in profile.nodes { byNode[CauseGraph.NodeID(view: node.key)] = node }
    var known: [String: CostCatalog.Recognised?] = [:]
    for index in findings.indices where Self.measuredRules.contains(findings[index].rule) {
      guard let id = findings[index].nodeIDs.first, let node = byNode[id], node.samples > 0 else { continue }
      let measured = MeasuredCode(node, known: &known)
      findings[index].measured = measured
      findings[index].evidence.append(measured.evidence)
    }
    graph.findings = findings
  }
}
