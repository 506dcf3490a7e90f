/// Renders a ``Diagnosis`` as text a person acts on: each finding's severity and title, its
/// evidence, where the state was set, commands to look closer, and the fix.
package enum FindingsRenderer {
  package static func render(_ diagnosis: Diagnosis, style: TextStyle = .plain) -> String {
    var output = SummaryRenderer.header(diagnosis.summary, style: style)
    output += "  " + tally(diagnosis.findings) + "\n"
    let origin = diagnosis.summary.traceStart ?? 0
    for finding in diagnosis.findings {
      let felt = diagnosis.hitches(explainedBy: finding)
      output +=
        "\n"
        + render(
          finding, trace: diagnosis.file, felt: felt.isEmpty ? nil : caused(felt, origin: origin),
          style: style)
    }
    if diagnosis.findings.isEmpty {
      output += "\nNo long bodies, blocking updates, fan-outs, environment churn, update loops,\n"
      output += "over-broad inputs or accumulation found with these thresholds.\n"
    }
    let unexplained = diagnosis.unexplainedHitches
    if !unexplained.isEmpty {
      output +=
        "\n" + style.bold("Recorded hitches and hangs no finding explains") + " (tracecli hitches for more)\n"
      for event in unexplained { output += "  " + HitchesRenderer.line(event, origin: origin) + "\n" }
    }
    return output
  }

  /// `caused the 104 ms hang at 0.400 s and 3 hitches (92.0 ms)`: the recorded events a
  /// finding explains, hangs named one by one (up to three), hitches counted.
  static func caused(_ events: [RecordedHitch], origin: Int64) -> String {
    let hangs = events.filter { $0.kind == .hang }
    let hitches = events.filter { $0.kind == .hitch }
    var parts: [String] = []
    if hangs.count <= 3 {
      parts += hangs.map {
        "the \(DurationText.format($0.duration)) hang at \(DurationText.seconds($0.start.saturatingSubtract(origin)))"
      }
    } else {
      let total = hangs.reduce(Int64(0)) { $0.saturatingAdd($1.duration) }
      parts.append("\(Count.text(hangs.count)) hangs (\(DurationText.format(total)))")
    }
    if hitches.count == 1 {
      parts.append(
        "the \(DurationText.format(hitches[0].duration)) hitch at \(DurationText.seconds(hitches[0].start.saturatingSubtract(origin)))"
      )
    } else if hitches.count > 1 {
      let total = hitches.reduce(Int64(0)) { $0.saturatingAdd($1.duration) }
      parts.append("\(Count.text(hitches.count)) hitches (\(DurationText.format(total)))")
    }
    let list = parts.count > 1 ? parts.dropLast().joined(separator: ", ") + " and " + parts.last! : parts[0]
    return "caused " + list
  }

  /// The short "Findings" section `summarize --findings` ends with: one line a finding.
  package static func section(_ findings: [Finding], style: TextStyle = .plain) -> String {
    var output = "\nFindings (\(tally(findings)); tracecli diagnose for evidence and fixes)\n"
    for finding in findings {
      output += "  " + severity(finding.severity, style: style) + "  " + finding.rule.rawValue + "  "
      output += finding.title + "\n"
    }
    return output
  }

  /// `1 error, 2 warnings` (or `no findings`).
  static func tally(_ findings: [Finding]) -> String {
    let errors = findings.filter { $0.severity == .error }.count
    let warnings = findings.count - errors
    guard !findings.isEmpty else { return "no findings" }
    return "\(Count.text(errors)) \(errors == 1 ? "error" : "errors"), "
      + "\(Count.text(warnings)) \(warnings == 1 ? "warning" : "warnings")"
  }

  /// One finding: a title line, then labelled evidence.
  static func render(_ finding: Finding, trace: String, felt: String? = nil, style: TextStyle) -> String {
    var output = severity(finding.severity, style: style) + "  " + style.bold(finding.rule.rawValue) + "  "
    output += finding.title + "\n"
    var rows: [(String, [String])] = []
    if !finding.path.isEmpty { rows.append(("loop", [finding.path.joined(separator: " → ")])) }
    rows.append(("evidence", finding.evidence))
    if let felt { rows.append(("felt", [felt])) }
    for backtrace in finding.backtraces {
      rows.append(("set at", [backtrace.source] + backtrace.frames.prefix(6).map { "  " + $0 }))
    }
    let commands = Self.commands(finding, trace: trace)
    if !commands.isEmpty { rows.append(("look", commands)) }
    rows.append(("fix", [finding.suggestion]))
    for (label, lines) in rows {
      for (index, line) in lines.enumerated() {
        let name = index == 0 ? label : ""
        output +=
          "  " + style.dim(name + String(repeating: " ", count: max(1, 10 - name.count))) + line + "\n"
      }
    }
    return output
  }

  /// The commands that look closer at `finding` in `trace`.
  static func commands(_ finding: Finding, trace: String) -> [String] {
    let file = traceWord(trace)
    var commands: [String] = []
    if let example = finding.examples.first { commands.append("tracecli why \(file) --update \(example)") }
    if let view = finding.view {
      commands.append("tracecli cause-graph \(file) --view \(shellWord(view))")
    }
    return commands
  }

  /// The trace as a command names it: `TRACE` for standard input, else its path as a shell word.
  static func traceWord(_ trace: String) -> String {
    trace == "<stdin>" ? "TRACE" : shellWord(trace)
  }

  /// `word` quoted for a POSIX shell when it needs to be.
  static func shellWord(_ word: String) -> String {
    let plain = word.unicodeScalars.allSatisfy {
      ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
        || "-_./:=@%+,".unicodeScalars.contains($0)
    }
    if plain && !word.isEmpty { return word }
    return "'" + word.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
  }

  /// `error` in red, `warning` in orange, padded to one width.
  static func severity(_ severity: Finding.Severity, style: TextStyle) -> String {
    switch severity {
    case .error: style.red("error  ")
    case .warning: style.orange("warning")
    }
  }
}
