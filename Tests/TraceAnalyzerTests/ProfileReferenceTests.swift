import Foundation
import TestSupport
import Testing

@testable import TraceAnalyzer

/// `profile` and the sample facts of `diagnose` against the independent Python reference.
///
/// The reference is Scripts/reference/samples.py (analysis.md "Samples"); the traces are the
/// stories with samples and random traces of Scripts/reference/sample_trace.py (threads,
/// nesting ties, unfinished and zero-length updates, dangling ids, one function under several
/// symbols, names with ";" and line breaks), with and without an inspection range. Compared: the
/// whole profile JSON (the spec's keys, parsed; coverage within 1e-9), the folded text byte for
/// byte, and `--view` JSON and folded for every node with samples (and, over the whole trace, up
/// to 3 update nodes without); and the verdict and hot app frames that long-body and
/// blocking-update carry in `diagnose` (Scripts/reference/findings.py).
///
/// Scripts/reference/crosscheck-profile.sh checks the same through the built binary.
@Suite(.tags(.slow), .notInQuickLoop)
struct ProfileReferenceTests {
  private static let scripts = Fixture.root.appendingPathComponent("Scripts/reference").path

  /// One python process per trace and range (arguments: scripts, trace, `quiet` or `-`, from or
  /// `-`, to or `-`): samples.main (the reference's command line) for the whole JSON, the folded
  /// text, and `--view LABEL` in both formats for every node label of the whole JSON (plus up
  /// to 3 update nodes without samples when `quiet`), printed as {"whole": RUN, "folded": RUN,
  /// "views": [{"label", "json": RUN, "folded": RUN}]} where RUN is {"rc", "out"}.
  private static let driver = #"""
    import io, json, sys
    here, path, quiet = sys.argv[1], sys.argv[2], sys.argv[3] == "quiet"
    bounds = [None if a == "-" else int(a) for a in sys.argv[4:6]]
    extra = [x for flag, b in zip(("--from", "--to"), bounds) if b is not None for x in (flag, str(b))]
    sys.path.insert(0, here)
    import analysis as ref
    import samples
    def run(args):
        buf, err = io.BytesIO(), io.StringIO()
        out = io.TextIOWrapper(buf, encoding="utf-8")
        saved = sys.stdout, sys.stderr
        sys.stdout, sys.stderr = out, err
        try:
            rc = samples.main([path] + args + extra)
        finally:
            out.flush()
            sys.stdout, sys.stderr = saved
        return {"rc": rc, "out": buf.getvalue().decode("utf-8")}
    whole = run(["--format", "json"])
    result = {"whole": whole, "folded": run(["--format", "folded"]), "views": []}
    if whole["rc"] == 0:
        trace = ref.read_trace(open(path, "rb").read())
        labels = []
        for n in json.loads(whole["out"])["nodes"]:
            if n["node"] not in labels:
                labels.append(n["node"])
        if quiet:
            quiet = {ref.node_label(ref.update_node_key(u)) for u in trace.updates} - set(labels)
            labels += sorted(quiet)[:3]
        for label in labels:
            result["views"].append({"label": label,
                                    "json": run(["--view", label, "--format", "json"]),
                                    "folded": run(["--view", label, "--format", "folded"])})
    sys.stdout.write(json.dumps(result))
    """#

  private struct Run: Decodable {
    var rc: Int
    var out: String
  }

  private struct View: Decodable {
    var label: String
    var json: Run
    var folded: Run
  }

  private struct Reference: Decodable {
    var whole: Run
    var folded: Run
    var views: [View]
  }

  private static let nodeKeys = [
    "node", "samples", "sampledNs", "updateNs", "coverage", "verdict", "hotAppFrames", "frames",
  ]
  private static let wholeKeys = ["nodes", "samples", "outsideUpdatesSamples", "outsideUpdatesNs"]

  // MARK: - Comparison

  /// The spec's keys of a node object (extra keys on our side are fine).
  private static func projectNode(_ value: Any) -> Any {
    guard let node = value as? [String: Any] else { return value }
    var out: [String: Any] = [:]
    for key in nodeKeys { out[key] = node[key] ?? "<missing>" }
    out["hotAppFrames"] =
      (out["hotAppFrames"] as? [Any])?.map { pick($0, ["name", "ns"]) } ?? out["hotAppFrames"]
    out["frames"] =
      (out["frames"] as? [Any])?.map { pick($0, ["name", "binary", "selfNs", "totalNs"]) } ?? out["frames"]
    return out
  }

  private static func projectWhole(_ value: Any) -> Any {
    guard var whole = pick(value, wholeKeys) as? [String: Any] else { return value }
    whole["nodes"] = (whole["nodes"] as? [Any])?.map(projectNode) ?? whole["nodes"]
    return whole
  }

  private static func pick(_ value: Any, _ keys: [String]) -> Any {
    guard let object = value as? [String: Any] else { return value }
    return Dictionary(uniqueKeysWithValues: keys.map { ($0, object[$0] ?? "<missing>") })
  }

  /// The first difference between two parsed JSON values, as "path: ours vs reference"; nil when
  /// they agree (`coverage` within 1e-9, relative or absolute; other numbers exactly).
  static func difference(_ ours: Any, _ theirs: Any, at path: String = "$") -> String? {
    switch (ours, theirs) {
    case (is NSNull, is NSNull):
      return nil
    case (let a as String, let b as String):
      return a == b ? nil : "\(path): \(a.debugDescription) vs \(b.debugDescription)"
    case (let a as [String: Any], let b as [String: Any]):
      guard Set(a.keys) == Set(b.keys) else {
        return "\(path): keys \(a.keys.sorted()) vs \(b.keys.sorted())"
      }
      for key in a.keys.sorted() {
        if let found = difference(a[key]!, b[key]!, at: "\(path).\(key)") { return found }
      }
      return nil
    case (let a as [Any], let b as [Any]):
      for (index, (x, y)) in zip(a, b).enumerated() {
        if let found = difference(x, y, at: "\(path)[\(index)]") { return found }
      }
      return a.count == b.count ? nil : "\(path): \(a.count) elements vs \(b.count)"
    case (let a as NSNumber, let b as NSNumber) where !(ours is String) && !(theirs is String):
      if path.hasSuffix(".coverage") {
        let x = a.doubleValue
        let y = b.doubleValue
        return abs(x - y) <= max(1e-9, 1e-9 * max(abs(x), abs(y))) ? nil : "\(path): \(x) vs \(y)"
      }
      return a.int64Value == b.int64Value && a.doubleValue == b.doubleValue ? nil : "\(path): \(a) vs \(b)"
    default:
      return "\(path): \(ours) vs \(theirs)"
    }
  }

  private static func parse(_ text: String) throws -> Any {
    try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
  }

  // MARK: - Profile

  /// The reference's outputs for `path` over `range`.
  private func reference(_ path: String, range: TimeRange, quiet: Bool) throws -> Reference {
    let (output, status) = try Python.run([
      "-c", Self.driver, Self.scripts, path, quiet ? "quiet" : "-", range.from.map(String.init) ?? "-",
      range.to.map(String.init) ?? "-",
    ])
    try #require(status == 0, "the reference driver failed on \(path)")
    return try JSONDecoder().decode(Reference.self, from: output)
  }

  /// Compares every output of `profile` on `path` over `range` with the reference; returns the
  /// number of `--view` comparisons made.
  @discardableResult
  private func compareProfile(_ path: String, range: TimeRange, label name: String) throws -> Int {
    let context = "\(name) \(range.text)"
    let reference = try reference(path, range: range, quiet: range.isUnbounded)
    try #require(reference.whole.rc == 0 && reference.folded.rc == 0, "\(context): the reference failed")
    let options = AnalysisOptions(range: range)

    let whole = try TraceAnalysis.profile(paths: [path], options: options).profile
    let ours = try Self.parse(ProfileRenderer.renderJSON(whole))
    let theirs = try Self.parse(reference.whole.out)
    let wholeDifference = Self.difference(Self.projectWhole(ours), Self.projectWhole(theirs))
    #expect(wholeDifference == nil, "\(context): profile JSON: \(wholeDifference ?? "")")
    #expect(ProfileRenderer.renderFolded(whole) == reference.folded.out, "\(context): folded")

    // `--view` resolves among the nodes of the whole trace, with a range too (as cause-graph).
    for view in reference.views {
      let shown = view.label.debugDescription
      let focused = try TraceAnalysis.profile(paths: [path], view: view.label, options: options).profile
      #expect(view.json.rc == view.folded.rc, "\(context) --view \(shown): the reference's exit codes differ")
      switch view.json.rc {
      case 0:
        guard focused.focusMatches.count == 1 else {
          Issue.record(
            "\(context) --view \(shown): \(focused.focusMatches.count) nodes match, the reference's one")
          continue
        }
        let difference = Self.difference(
          Self.projectNode(try Self.parse(ProfileRenderer.renderJSON(focused))),
          Self.projectNode(try Self.parse(view.json.out)))
        #expect(difference == nil, "\(context) --view \(shown): JSON: \(difference ?? "")")
        #expect(
          ProfileRenderer.renderFolded(focused) == view.folded.out, "\(context) --view \(shown): folded")
      case 64:
        #expect(
          focused.focusMatches.count > 1, "\(context) --view \(shown): the reference finds it ambiguous")
      default:
        #expect(
          focused.focusMatches.isEmpty, "\(context) --view \(shown): the reference exits \(view.json.rc)")
      }
    }
    return reference.views.count
  }

  // MARK: - Diagnose

  /// long-body and blocking-update findings as "rule [nodes] verdict [name ns, …]", in order.
  private static func measured(_ data: Data) throws -> [String] {
    let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
    return (object?["findings"] as? [[String: Any]] ?? []).compactMap { finding in
      guard let rule = finding["rule"] as? String, rule == "long-body" || rule == "blocking-update" else {
        return nil
      }
      let nodes = (finding["nodes"] as? [String] ?? []).joined(separator: " | ")
      let verdict = finding["verdict"] as? String ?? "-"
      let hot = (finding["hotAppFrames"] as? [[String: Any]])?.map {
        "\($0["name"] ?? "?") \($0["ns"] ?? "?")"
      }
      return "\(rule) [\(nodes)] \(verdict) \(hot.map { "[\($0.joined(separator: ", "))]" } ?? "-")"
    }
  }

  /// Compares the measured findings of `path`; returns how many carry a verdict.
  @discardableResult
  private func compareDiagnose(_ path: String, label: String) throws -> Int {
    let (reference, status) = try Python.run(["\(Self.scripts)/findings.py", path])
    try #require(status == 0, "\(label): findings.py failed")
    let diagnosis = try TraceAnalysis.diagnose(paths: [path])
    let ours = try Self.measured(Data(FindingsJSONRenderer.render(diagnosis).utf8))
    let theirs = try Self.measured(reference)
    #expect(ours == theirs, "\(label): long-body / blocking-update")
    return ours.filter { !$0.contains("] - ") }.count
  }

  // MARK: - Tests

  /// The stories that hold samples (every story, so that a new one with samples is checked too).
  static let stories = Fixture.storyNames.filter { name in
    (try? Fixture.data("traces/\(name).jsonl")).map { $0.range(of: Data(#""type":"sample""#.utf8)) != nil }
      ?? false
  }

  @Test func theStoriesWithSamplesAreTheOnesExpected() {
    #expect(Set(["landmarks-before", "slow-init"]).isSubset(of: Set(Self.stories)), "\(Self.stories)")
  }

  @Test(arguments: stories)
  func storiesAgreeWithTheReference(_ name: String) throws {
    guard Tool.python3.require() != nil else { return }
    let path = Fixture.path("traces/\(name).jsonl")
    let views = try compareProfile(path, range: TimeRange(), label: name)
    #expect(views > 0, "\(name): no node with samples")
    try compareProfile(path, range: TimeRange(from: 410_000_000, to: 1_000_000_000), label: name)
    try compareDiagnose(path, label: name)
  }

  /// A range per seed: both ends, one end, ends on and off the 1 ms sample grid.
  static func range(_ seed: Int) -> TimeRange {
    let ms: Int64 = 1_000_000
    // The profile starts 50 to 150 ms into the trace, which lasts about a millisecond an update.
    let start = Int64(60 + seed * 13 % 180) * ms
    switch seed % 4 {
    case 0: return TimeRange(from: 30 * ms, to: start + 90 * ms)
    case 1: return TimeRange(from: start)
    case 2: return TimeRange(to: start + 120 * ms)
    default: return TimeRange(from: start + 123_457, to: start + Int64(40 + seed % 7 * 30) * ms + 250_000)
    }
  }

  @Test(arguments: 1...40)
  func randomTracesAgreeWithTheReference(seed: Int) throws {
    guard Tool.python3.require() != nil else { return }
    let size = 60 + seed * 97 % 341
    let (bytes, status) = try Python.run(["\(Self.scripts)/sample_trace.py", String(seed), String(size)])
    try #require(status == 0)
    let trace = try TemporaryFile(bytes: [UInt8](bytes))
    defer { trace.remove() }
    let label = "seed \(seed) (\(size) updates)"
    let views = try compareProfile(trace.path, range: TimeRange(), label: label)
    #expect(views > 0, "\(label): no node with samples")
    try compareProfile(trace.path, range: Self.range(seed), label: label)
    // Every seed has long bodies with samples: the comparison is never empty.
    #expect(try compareDiagnose(trace.path, label: label) > 0, "\(label): no finding carries a verdict")
  }
}
