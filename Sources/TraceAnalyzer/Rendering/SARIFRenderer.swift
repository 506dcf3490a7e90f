import TraceModel

/// Renders findings and check results as SARIF 2.1.0, the format GitHub code scanning reads.
///
/// One run of the `tracecli` driver whose `rules` are every findings rule (and, for a check,
/// one rule per budget section); each result has a `ruleId`, a `level`, a `message`,
/// `partialFingerprints` that stay the same from run to run (a finding's from its
/// ``FindingFingerprint``, a limit's from its name and subject) and a location, which code
/// scanning needs to show it: the budget file's line and column for a limit set there, else the
/// trace, line 1. Paths are given as they should appear (relative to the repository).
package enum SARIFRenderer {
  /// Where the results point: the trace's and the budget file's paths, as URIs relative to the
  /// working directory (``uri(for:workingDirectory:)``).
  package struct Artifacts: Sendable {
    package var trace: String
    package var budget: String?

    package init(trace: String, budget: String? = nil) {
      self.trace = trace
      self.budget = budget
    }
  }

  /// Every finding of `diagnosis`, at the severity diagnose gives it.
  package static func render(_ diagnosis: Diagnosis, artifacts: Artifacts, version: String) -> String {
    let results = diagnosis.findings.map { finding in
      Result(
        ruleId: finding.rule.rawValue, level: finding.severity == .error ? "error" : "warning",
        message: finding.title + ". " + finding.suggestion,
        fingerprint: ("tracecliFinding/v1", finding.fingerprint.description), location: nil,
        properties: findingProperties(finding))
    }
    return document(rules: findingRules, results: results, artifacts: artifacts, version: version)
  }

  /// Every limit over budget (`error`), every limit the recording cannot judge (`warning`),
  /// and every finding the baseline accepted (`note`, suppressed).
  package static func render(_ result: CheckResult, artifacts: Artifacts, version: String) -> String {
    var results: [Result] = []
    for entry in result.violations + result.unjudged + result.accepted {
      let level = !entry.judged ? "warning" : entry.accepted ? "note" : "error"
      var message: String
      if !entry.judged {
        message =
          "cannot judge \(entry.limit.measureKey) of \(entry.subject): the recording did not capture it"
      } else if entry.accepted {
        message = "\(entry.subject) (accepted in \(result.baseline?.file ?? "the baseline"))"
      } else if case .finding = entry.limit.scope {
        message = "\(entry.subject) (a forbidden finding: \(entry.limit.name))"
      } else {
        message = "\(entry.subject): \(entry.limit.measure) \(entry.valueText) exceeds max \(entry.maxText)"
      }
      if let window = entry.limit.window { message += " (window \(window))" }
      let fingerprint =
        // A finding in a window is another alert than the same finding in the whole trace.
        entry.fingerprint.map { fingerprint in
          (
            "tracecliFinding/v1",
            entry.limit.window.map { FindingFingerprint.hash(fingerprint.key + "|window:" + $0) }
              ?? fingerprint.description
          )
        }
        ?? (
          "tracecliLimit/v1",
          FindingFingerprint.hash(
            [entry.limit.name, entry.subject, entry.limit.measureKey].joined(separator: "|"))
        )
      var properties: [(String, Property)] = [
        ("limit", .string(entry.limit.name)), ("measure", .string(entry.limit.measureKey)),
        ("value", .integer(entry.value)), ("max", .integer(entry.limit.max)),
      ]
      if let window = entry.limit.window { properties.append(("window", .string(window))) }
      var baselineState: String?
      if entry.fingerprint != nil, result.baseline != nil {
        baselineState = entry.accepted ? "unchanged" : "new"
      }
      results.append(
        Result(
          ruleId: ruleId(of: entry), level: level, message: message, fingerprint: fingerprint,
          location: entry.limit.location.flatMap { location in artifacts.budget.map { ($0, location) } },
          properties: properties, baselineState: baselineState,
          suppression: entry.accepted ? "accepted in \(result.baseline?.file ?? "the baseline")" : nil))
    }
    return document(
      rules: findingRules + budgetRules, results: results, artifacts: artifacts, version: version)
  }

  /// A log for a gate that judged nothing: the recording cannot be judged (one `error` result,
  /// `recording/cannot-judge`, at the trace, and an unsuccessful invocation), or there was
  /// nothing to check (no result).
  package static func render(unjudged reason: TraceParseError?, artifacts: Artifacts, version: String)
    -> String
  {
    var results: [Result] = []
    if let reason {
      results.append(
        Result(
          ruleId: cannotJudge.id, level: "error", message: reason.message,
          fingerprint: ("tracecliLimit/v1", FindingFingerprint.hash(cannotJudge.id)), location: nil,
          properties: []))
    }
    return document(
      rules: findingRules + budgetRules + [cannotJudge], results: results, artifacts: artifacts,
      version: version,
      succeeded: reason == nil)
  }

  /// `path` as a URI relative to `workingDirectory` (`../` where it lies outside), its
  /// characters outside RFC 3986's unreserved set and `/` percent-encoded; standard input
  /// (`-`) is `stdin`.
  package static func uri(for path: String, workingDirectory: String) -> String {
    guard path != "-" else { return "stdin" }
    var parts = path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
    if path.hasPrefix("/") {
      let base = workingDirectory.split(separator: "/").map(String.init)
      var common = 0
      while common < min(base.count, parts.count) && base[common] == parts[common] { common += 1 }
      parts = Array(repeating: "..", count: base.count - common) + parts[common...]
    }
    parts.removeAll { $0 == "." }
    return parts.map(percentEncoded).joined(separator: "/")
  }

  // MARK: - Rules

  private struct Rule {
    var id: String
    var short: String
    var help: String
    var level: String
  }

  private static var findingRules: [Rule] {
    FindingRules.declarations.map { declaration in
      Rule(
        id: declaration.rule.rawValue, short: sentence(declaration.finds), help: declaration.suggestion,
        level: [.blockingUpdate, .updateLoop].contains(declaration.rule) ? "error" : "warning")
    }
  }

  /// The rule of a limit: its finding rule, else its budget section.
  private static func ruleId(of entry: LimitResult) -> String {
    if !entry.judged { return "budget/cannot-judge" }
    switch entry.limit.scope {
    case .finding(let rule): return rule.rawValue
    case .trace: return "budget/trace"
    case .kind: return "budget/kinds"
    case .view: return "budget/views"
    case .frames: return "budget/frames"
    case .edge: return "budget/edges"
    case .hitches: return "budget/hitches"
    case .hangs: return "budget/hangs"
    }
  }

  private static let cannotJudge = Rule(
    id: "recording/cannot-judge",
    short: "The recording cannot support a verdict: no updates, empty SwiftUI tables, or a window it lacks.",
    help:
      "Record by launching the app from xctrace (tracecli record --launch) with the instruments tracecli reads; "
      + "the message says what was missing and which --allow-… flag accepts it on purpose.",
    level: "error")

  private static let budgetRules: [Rule] = [
    Rule(
      id: "budget/trace", short: "The trace's updates exceed a budget limit.",
      help:
        "Find the views that cost the time with tracecli summarize, and the cause with tracecli diagnose.",
      level: "error"),
    Rule(
      id: "budget/kinds", short: "One kind of update exceeds a budget limit.",
      help: "Find the views of that kind that cost the time with tracecli summarize.", level: "error"),
    Rule(
      id: "budget/views", short: "A view's updates exceed a budget limit.",
      help: "Look at the view's updates with tracecli updates --view and what caused them with tracecli why.",
      level: "error"),
    Rule(
      id: "budget/frames", short: "More frames missed their deadline than the budget allows.",
      help: "See which updates made each frame late with tracecli summarize and tracecli report.",
      level: "error"),
    Rule(
      id: "budget/edges", short: "A cause-and-effect edge carries more causes than the budget allows.",
      help: "Draw the edge's neighbourhood with tracecli cause-graph --view and narrow the dependency.",
      level: "error"),
    Rule(
      id: "budget/hitches", short: "The app's recorded hitches exceed a budget limit.",
      help: "See what made each hitch with tracecli hitches.", level: "error"),
    Rule(
      id: "budget/hangs", short: "A recorded hang exceeds a budget limit.",
      help: "See what held the main thread with tracecli hitches.", level: "error"),
    Rule(
      id: "budget/cannot-judge",
      short: "A limit the recording cannot judge: it did not capture what the limit measures.",
      help: "Record with the instruments the limit needs (tracecli record records them all).",
      level: "warning"),
  ]

  // MARK: - Results

  private enum Property {
    case string(String)
    case integer(Int64)
    case strings([String])
    case integers([Int64])
  }

  private struct Result {
    var ruleId: String
    var level: String
    var message: String
    var fingerprint: (key: String, value: String)
    /// The budget file and the limit's place in it; nil: the trace, line 1.
    var location: (file: String, at: TextLocation)?
    var properties: [(String, Property)]
    var baselineState: String? = nil
    var suppression: String? = nil
  }

  private static func findingProperties(_ finding: Finding) -> [(String, Property)] {
    [
      ("nodes", .strings(finding.nodes)), ("count", .integer(Int64(finding.count))),
      ("costNs", .integer(finding.costNs)), ("examples", .integers(finding.examples)),
    ]
  }

  private static func document(
    rules: [Rule], results: [Result], artifacts: Artifacts, version: String, succeeded: Bool = true
  ) -> String {
    var json = JSONWriter()
    json.object { json in
      json.field("version", "2.1.0")
      json.field("$schema", "https://json.schemastore.org/sarif-2.1.0.json")
      json.field(
        "runs",
        array: { json in
          json.object { json in
            json.field(
              "tool",
              object: { json in
                json.field(
                  "driver",
                  object: { json in
                    json.field("name", "tracecli")
                    json.field("version", version)
                    json.field("rules", array: { json in for rule in rules { write(rule, to: &json) } })
                  })
              })
            json.field(
              "results",
              array: { json in
                for result in results {
                  write(
                    result, ruleIndex: rules.firstIndex { $0.id == result.ruleId }, artifacts: artifacts,
                    to: &json)
                }
              })
            if !succeeded {
              json.field(
                "invocations",
                array: { json in
                  json.object { json in json.field("executionSuccessful", false) }
                })
            }
          }
        })
    }
    return json.text + "\n"
  }

  private static func write(_ rule: Rule, to json: inout JSONWriter) {
    json.object { json in
      json.field("id", rule.id)
      json.field("shortDescription", object: { json in json.field("text", rule.short) })
      json.field("help", object: { json in json.field("text", rule.help) })
      json.field("defaultConfiguration", object: { json in json.field("level", rule.level) })
    }
  }

  private static func write(
    _ result: Result, ruleIndex: Int?, artifacts: Artifacts, to json: inout JSONWriter
  ) {
    json.object { json in
      json.field("ruleId", result.ruleId)
      if let ruleIndex { json.field("ruleIndex", ruleIndex) }
      json.field("level", result.level)
      json.field("message", object: { json in json.field("text", result.message) })
      json.field(
        "locations",
        array: { json in
          json.object { json in
            json.field(
              "physicalLocation",
              object: { json in
                json.field(
                  "artifactLocation",
                  object: { json in json.field("uri", result.location?.file ?? artifacts.trace) })
                json.field(
                  "region",
                  object: { json in
                    json.field("startLine", result.location?.at.line ?? 1)
                    if let column = result.location?.at.column { json.field("startColumn", column) }
                  })
              })
          }
        })
      json.field(
        "partialFingerprints",
        object: { json in json.field(result.fingerprint.key, result.fingerprint.value) })
      if let state = result.baselineState { json.field("baselineState", state) }
      if let suppression = result.suppression {
        json.field(
          "suppressions",
          array: { json in
            json.object { json in
              json.field("kind", "external")
              json.field("justification", suppression)
            }
          })
      }
      json.field(
        "properties",
        object: { json in
          for (name, property) in result.properties {
            switch property {
            case .string(let text): json.field(name, text)
            case .integer(let number): json.field(name, number)
            case .strings(let texts): json.field(name, strings: texts)
            case .integers(let numbers): json.field(name, integers: numbers)
            }
          }
        })
    }
  }

  /// `text` with a capital first letter and a full stop.
  private static func sentence(_ text: String) -> String {
    guard let first = text.first else { return text }
    return first.uppercased() + text.dropFirst() + (text.hasSuffix(".") ? "" : ".")
  }

  private static func percentEncoded(_ part: String) -> String {
    var encoded = ""
    for byte in part.utf8 {
      switch byte {
      case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
        UInt8(ascii: "~"):
        encoded.unicodeScalars.append(Unicode.Scalar(byte))
      default:
        let hex = String(byte, radix: 16, uppercase: true)
        encoded += "%" + (hex.count == 1 ? "0" + hex : hex)
      }
    }
    return encoded
  }
}
