/// Renders a ``Diagnosis`` as Markdown for a pull-request comment or a job summary.
package enum FindingsMarkdownRenderer {
  package static func render(_ diagnosis: Diagnosis) -> String {
    let findings = diagnosis.findings
    var output =
      findings.isEmpty
      ? "### ✅ tracecli diagnose: no findings\n\n"
      : "### \(findings.contains { $0.severity == .error } ? "❌" : "⚠️") tracecli diagnose: "
        + "\(FindingsRenderer.tally(findings))\n\n"
    output += "Trace \(MarkdownText.code(diagnosis.file))\n"
    for finding in findings {
      let mark = finding.severity == .error ? "❌" : "⚠️"
      output += "\n#### \(mark) \(MarkdownText.code(finding.rule.rawValue)) "
      output += MarkdownText.escape(finding.title) + "\n\n"
      if !finding.path.isEmpty {
        output += "- loop: \(MarkdownText.code(finding.path.joined(separator: " → ")))\n"
      }
      for line in finding.evidence { output += "- \(MarkdownText.escape(line))\n" }
      let felt = diagnosis.hitches(explainedBy: finding)
      if !felt.isEmpty {
        let caused = FindingsRenderer.caused(felt, origin: diagnosis.summary.traceStart ?? 0)
        output += "- felt: \(MarkdownText.escape(caused))\n"
      }
      for backtrace in finding.backtraces {
        output += "- set at \(MarkdownText.code(backtrace.source)): "
        output += backtrace.frames.prefix(6).map(MarkdownText.code).joined(separator: " ← ") + "\n"
      }
      for command in FindingsRenderer.commands(finding, trace: diagnosis.file) {
        output += "- look closer: \(MarkdownText.code(command))\n"
      }
      output += "\n**Fix:** \(MarkdownText.escape(finding.suggestion))\n"
    }
    let unexplained = diagnosis.unexplainedHitches
    if !unexplained.isEmpty {
      output += "\n#### Recorded hitches and hangs no finding explains\n\n"
      let origin = diagnosis.summary.traceStart ?? 0
      for event in unexplained {
        output += "- \(MarkdownText.escape(HitchesRenderer.line(event, origin: origin)))\n"
      }
    }
    return output
  }
}
