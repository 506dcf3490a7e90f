/// Renders a ``Baseline`` as the file `check --write-baseline` writes (``BaselineParser``
/// reads it back).
package enum BaselineRenderer {
  package static func render(_ baseline: Baseline) -> String {
    var json = JSONWriter()
    json.object { json in
      json.field("tracecliBaseline", 1)
      json.field(
        "note",
        "Findings accepted on purpose: tracecli check --baseline passes them and fails new ones. "
          + "A finding is its rule and subject nodes (kind:module:name); remove an entry once it is fixed.")
      json.field(
        "findings",
        array: { json in
          for entry in baseline.entries { write(entry, to: &json) }
        })
    }
    return json.text + "\n"
  }

  /// One entry as an object: `rule`, `fingerprint`, `subject`, and `title` when it has one
  /// (the check JSON's `baseline.fixed` lists them so too).
  static func write(_ entry: Baseline.Entry, to json: inout JSONWriter) {
    json.object { json in
      json.field("rule", entry.rule)
      json.field("fingerprint", entry.fingerprint)
      json.field("subject", strings: entry.subject)
      if let title = entry.title { json.field("title", title) }
    }
  }
}
