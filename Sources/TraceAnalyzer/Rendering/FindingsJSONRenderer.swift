/// Renders a ``Diagnosis`` as the findings JSON of analysis.md (`rule`, `severity`, `title`,
/// `nodes`, `count`, `costNs`, `examples`, `suggestion`), plus `evidence`, `path`,
/// `backtraces`, the settings and the trace's name.
package enum FindingsJSONRenderer {
  package static func render(_ diagnosis: Diagnosis) -> String {
    var json = JSONWriter()
    json.object { json in
      json.field("findings", array: { json in write(diagnosis.findings, to: &json) })
      json.field("trace", diagnosis.file)
      json.field(
        "settings",
        object: { json in
          let settings = diagnosis.settings
          json.field("orangeNs", diagnosis.summary.thresholds.orange)
          json.field("redNs", diagnosis.summary.thresholds.red)
          for threshold in FindingRules.thresholds {
            switch threshold.unit {
            case .count: json.field(threshold.key, settings.count(threshold))
            case .percent: json.field(threshold.key, settings.percent(threshold))
            }
          }
        })
    }
    return json.text + "\n"
  }

  /// Writes `findings` as the elements of a JSON array (also `summarize --findings`).
  static func write(_ findings: [Finding], to json: inout JSONWriter) {
    for finding in findings {
      json.object { json in
        json.field("rule", finding.rule.rawValue)
        json.field("severity", finding.severity.rawValue)
        json.field("title", finding.title)
        json.field("nodes", strings: finding.nodes)
        json.field("count", finding.count)
        json.field("costNs", finding.costNs)
        json.field("examples", integers: finding.examples)
        json.field("suggestion", finding.suggestion)
        json.field("evidence", strings: finding.evidence)
        if !finding.path.isEmpty {
          json.field("path", strings: finding.path)
        }
        json.field(
          "backtraces",
          array: { json in
            for backtrace in finding.backtraces {
              json.object { json in
                json.field("source", backtrace.source)
                json.field("frames", strings: backtrace.frames)
              }
            }
          })
        json.field("view", finding.view)
        if let measured = finding.measured {
          json.field("verdict", measured.verdict.rawValue)
          json.key("hotAppFrames")
          ProfileRenderer.hotFrames(measured.hotAppFrames[...], into: &json)
        }
      }
    }
  }
}
