import TraceModel

/// Renders a ``Diagnosis`` as the findings JSON of analysis.md (`rule`, `severity`, `title`,
/// `nodes`, `count`, `costNs`, `examples`, `suggestion`), plus `evidence`, `path`,
/// `backtraces`, the settings and the trace's name.
package enum FindingsJSONRenderer {
  package static func render(_ diagnosis: Diagnosis) -> String {
    var json = JSONWriter()
    json.object { json in
      let caused: ((Finding) -> [RecordedHitch])? =
        diagnosis.hitches == nil ? nil : { finding in diagnosis.hitches(explainedBy: finding) }
      json.field("findings", array: { json in write(diagnosis.findings, to: &json, caused: caused) })
      if diagnosis.hitches != nil {
        json.field(
          "unexplainedHitches",
          array: { json in
            for event in diagnosis.unexplainedHitches {
              json.object { HitchesRenderer.event(event, into: &$0) }
            }
          })
      }
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

  /// Writes `findings` as the elements of a JSON array (also `summarize --findings`); with
  /// `caused`, each lists the recorded hitches and hangs it explains.
  static func write(
    _ findings: [Finding], to json: inout JSONWriter, caused: ((Finding) -> [RecordedHitch])? = nil
  ) {
    // Many findings are written on every core, a range each, with this task's rules (a
    // finding's fix is its rule's).
    let threads = findings.count < 256 ? 1 : ProcessorCount.available
    let shared = UnsafeSendable((findings: findings, caused: caused, rules: FindingRules.registered))
    json.elements(count: findings.count, threads: threads) { range, json in
      FindingRules.withRegistered(shared.value.rules) {
        write(shared.value.findings[range], to: &json, caused: shared.value.caused)
      }
    }
  }

  /// Writes `findings` as elements of a JSON array, in order.
  private static func write(
    _ findings: ArraySlice<Finding>, to json: inout JSONWriter, caused: ((Finding) -> [RecordedHitch])?
  ) {
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
        if let caused {
          json.field(
            "caused",
            array: { json in
              for event in caused(finding) {
                json.object { json in
                  json.field("kind", event.kind.rawValue)
                  json.field("start", event.start)
                  json.field("duration", event.duration)
                }
              }
            })
        }
        if let measured = finding.measured {
          json.field("verdict", measured.verdict.rawValue)
          json.key("hotAppFrames")
          ProfileRenderer.hotFrames(measured.hotAppFrames[...], into: &json)
        }
      }
    }
  }
}
