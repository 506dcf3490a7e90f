/// A diagnosis as a pass: the findings, and the graph they are joined to.
struct DiagnosisPass: Pass {
  let findings: FindingsPass

  init(settings: FindingSettings, rules: [any FindingsRule.Type] = FindingRules.all) {
    findings = FindingsPass(settings: settings, rules: rules)
  }

  var graph: GraphNeed { findings.graph }

  func makePart(_ context: PartContext) -> FindingsPass.Part { findings.makePart(context) }

  func finish(_ read: FinishedRead<FindingsPass.Part>) -> Diagnosis {
    let found = findings.finish(read)
    var graph = read.graph?.graph ?? CauseGraph(nodes: [], edges: [])
    graph.findings = found
    return Diagnosis(findings: found, summary: read.summary, settings: findings.settings, graph: graph)
  }
}
