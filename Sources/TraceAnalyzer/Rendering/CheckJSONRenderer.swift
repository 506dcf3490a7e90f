/// Renders a ``CheckResult`` as the check JSON of the analysis contract (`passed`,
/// `violations` with `limit`, `subject`, `measure`, `value`, `max`), plus extras: each
/// violation's `unit` (`count` or `ns`) and budget `location`, every `result`, the file names.
package enum CheckJSONRenderer {
  package static func render(_ result: CheckResult) -> String {
    var json = JSONWriter()
    json.object { json in
      json.field("passed", result.passed)
      json.field(
        "violations",
        array: { json in
          for entry in result.violations { write(entry, result: result, to: &json) }
        })
      json.field(
        "cannotJudge",
        array: { json in
          for entry in result.unjudged { write(entry, result: result, to: &json) }
        })
      json.field("trace", result.trace)
      json.field("budget", result.budget)
      json.field("limits", result.results.count)
      json.field(
        "results",
        array: { json in
          for entry in result.results { write(entry, result: result, to: &json) }
        })
      json.field(
        "warnings",
        array: { json in
          for warning in result.warnings { json.value(warning) }
        })
      if let baseline = result.baseline {
        json.field(
          "baseline",
          object: { json in
            json.field("file", baseline.file)
            json.field("accepted", result.accepted.count)
            json.field(
              "fixed",
              array: { json in
                for entry in baseline.fixed { BaselineRenderer.write(entry, to: &json) }
              })
          })
      }
    }
    return json.text + "\n"
  }

  private static func write(_ entry: LimitResult, result: CheckResult, to json: inout JSONWriter) {
    json.object { json in
      json.field("limit", entry.limit.name)
      json.field("subject", entry.subject)
      json.field("measure", entry.limit.measureKey)
      json.field("value", entry.value)
      json.field("max", entry.limit.max)
      json.field("passed", entry.passed)
      json.field("judged", entry.judged)
      if entry.waived { json.field("waived", true) }
      json.field("unit", entry.limit.measure.isDuration ? "ns" : "count")
      json.field("location", entry.location(in: result.budget))
      if let window = entry.limit.window { json.field("window", window) }
      if let fingerprint = entry.fingerprint {
        json.field("fingerprint", fingerprint.description)
        json.field("accepted", entry.accepted)
      }
    }
  }
}
