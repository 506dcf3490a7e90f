import Foundation
import Testing

@testable import TraceAnalyzer
@testable import TraceModel

/// Sample attribution (analysis.md "Samples") on a trace small enough to work out by hand.
@Suite struct ProfileTests {
  /// A trace small enough to attribute by hand.
  ///
  /// Main thread: A [0, 10) ms holds B [2, 5), which holds C and D, both [2, 3) (D, the smaller
  /// id, is innermost); a worker thread runs W [0, 10) and is sampled only at 5 ms (its span
  /// starts after W did). Samples are 1 ms each.
  static let trace = """
    {"type":"trace","version":1,"app":"App","refreshRate":60}
    {"type":"update","id":10,"kind":"body","view":"A","module":"App","start":0,"duration":10000000}
    {"type":"update","id":11,"kind":"body","view":"B","module":"App","start":2000000,"duration":3000000}
    {"type":"update","id":13,"kind":"body","view":"C","module":"App","start":2000000,"duration":1000000}
    {"type":"update","id":12,"kind":"body","view":"D","module":"App","start":2000000,"duration":1000000}
    {"type":"update","id":20,"kind":"body","view":"W","module":"App","start":0,"duration":10000000,"thread":"worker"}
    {"type":"sample","time":0,"weight":1000000,"stack":[3]}
    {"type":"sample","time":1000000,"weight":1000000,"stack":[1,2,3]}
    {"type":"sample","time":2000000,"weight":1000000,"stack":[99]}
    {"type":"sample","time":2500000,"weight":1000000,"thread":"main","stack":[99,2]}
    {"type":"sample","time":3000000,"weight":1000000,"stack":[]}
    {"type":"sample","time":6000000,"weight":1000000,"stack":[2,6,2,3]}
    {"type":"sample","time":10000000,"weight":1000000,"stack":[4]}
    {"type":"sample","time":5000000,"weight":1000000,"thread":"worker","stack":[1]}
    {"type":"symbol","id":1,"name":"leaf","binary":"Foundation"}
    {"type":"symbol","id":2,"name":"App.work()","binary":"App","user":true}
    {"type":"symbol","id":3,"name":"static App.$main()","binary":"App","user":true}
    {"type":"symbol","id":4,"name":"main","binary":"App","user":true}
    {"type":"symbol","id":6,"name":"App.work()","binary":"App"}

    """

  private func profile(view: String? = nil, threads: Int = 1, trace: String = Self.trace) throws -> Profile {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("profile-\(UUID()).jsonl")
    try Data(trace.utf8).write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    var options = AnalysisOptions()
    options.threads = threads
    return try TraceAnalysis.profile(paths: [url.path], view: view, options: options).profile
  }

  private func node(_ profile: Profile, _ label: String) -> NodeProfile? {
    profile.nodes.first { $0.label == label }
  }

  @Test func samplesGoToTheInnermostUpdateOfTheirThread() throws {
    let profile = try profile()
    #expect(profile.samples == 8)
    #expect(profile.outsideUpdatesSamples == 1)
    #expect(profile.outsideUpdatesNs == 1_000_000)
    #expect(profile.nodes.map(\.label) == ["A.body", "D.body", "B.body", "W.body"])
    #expect(profile.nodes.map(\.samples) == [3, 2, 1, 1])
    #expect(node(profile, "C.body") == nil)
  }

  @Test func updateTimeIsSelfTimeWhileTheThreadWasSampled() throws {
    let profile = try profile()
    // A: 10 ms less B's 3 ms; B: 3 ms less [2, 3); D: 1 ms; W began before its thread's span.
    #expect(node(profile, "A.body")?.updateNs == 7_000_000)
    #expect(node(profile, "B.body")?.updateNs == 2_000_000)
    #expect(node(profile, "D.body")?.updateNs == 1_000_000)
    #expect(node(profile, "W.body")?.updateNs == 0)
    #expect(node(profile, "A.body")?.verdict == .mixed)
    #expect(node(profile, "D.body")?.verdict == .cpu)
    #expect(node(profile, "W.body")?.verdict == .blocked)
    #expect(abs((node(profile, "A.body")?.coverage ?? 0) - 3.0 / 7.0) < 1e-12)
  }

  @Test func framesAreFunctionsCountedOnceASample() throws {
    let a = try #require(node(try profile(), "A.body"))
    #expect(
      a.frames == [
        Profile.FunctionTime(
          name: "static App.$main()", binary: "App", selfNs: 1_000_000, totalNs: 3_000_000),
        Profile.FunctionTime(name: "App.work()", binary: "App", selfNs: 1_000_000, totalNs: 2_000_000),
        Profile.FunctionTime(name: "leaf", binary: "Foundation", selfNs: 1_000_000, totalNs: 1_000_000),
      ])
    // The entry point is never where time went; a stack with only it gives it to (system).
    #expect(
      a.hotAppFrames == [
        Profile.HotFrame(name: "App.work()", ns: 2_000_000),
        Profile.HotFrame(name: "(system)", ns: 1_000_000),
      ])
    #expect(a.calls["App.work()"]?.map(\.name) == ["leaf"])
  }

  @Test func danglingIdsAreFunctionsOfTheirOwn() throws {
    let profile = try profile()
    let d = try #require(node(profile, "D.body"))
    #expect(
      d.frames.first
        == Profile.FunctionTime(name: "unknown #99", binary: nil, selfNs: 2_000_000, totalNs: 2_000_000))
    #expect(profile.dangling == [Profile.DanglingSymbol(id: 99, samples: 2, line: 9)])
  }

  @Test func foldedStacksAreRootFirstInWholeMicroseconds() throws {
    #expect(
      ProfileRenderer.renderFolded(try profile()) == """
        (no frames) 1000
        App.work();unknown #99 1000
        leaf 1000
        main 1000
        static App.$main() 1000
        static App.$main();App.work();App.work();App.work() 1000
        static App.$main();App.work();leaf 1000
        unknown #99 1000

        """)
    let focused = try profile(view: "D")
    #expect(ProfileRenderer.renderFolded(focused) == "App.work();unknown #99 1000\nunknown #99 1000\n")
    #expect(focused.focus?.label == "D.body")
    #expect(try profile(view: "C").focus?.samples == 0)
    #expect(try profile(view: "Nope").focusMatches.isEmpty)
  }

  @Test func theSameOnEveryThreadCount() throws {
    let one = ProfileRenderer.renderJSON(try profile(threads: 1))
    for threads in [2, 3, 8] {
      #expect(ProfileRenderer.renderJSON(try profile(threads: threads)) == one, "\(threads) threads")
    }
  }

  @Test func extremeWeightsAndDeepStacksAreShownNotTrapped() throws {
    // A coverage of 10^18 (a 1 ns update, a sample of 10^18 ns) and a stack 30 000 frames deep.
    let deep = (0..<30_000).map(String.init).joined(separator: ",")
    let trace = """
      {"type":"update","id":1,"kind":"body","view":"V","start":1000,"duration":1}
      {"type":"sample","time":1000,"weight":1000000000000000000,"stack":[1]}
      {"type":"update","id":2,"kind":"body","view":"W","start":5000000,"duration":3000000000000}
      {"type":"sample","time":6000000,"weight":5000000000000000000,"stack":[\(deep)]}
      {"type":"sample","time":7000000,"weight":5000000000000000000,"stack":[2,3]}

      """
    let whole = try profile(trace: trace)
    #expect(ProfileRenderer.render(whole).contains("> 10¹⁵ %"))
    let focused = try profile(view: "W", trace: trace)
    #expect(focused.focus?.sampledNs == .max)
    let tree = ProfileRenderer.render(focused)
    #expect(tree.contains("unknown #29999"))
  }

  @Test func verdictsAreDecidedOnTheIntegers() {
    // 4 · 13510798882111494 = 54043195528445976 < 3 · 18014398509481993: mixed, though the
    // coverage rounds to 0.75 as a Double.
    #expect(SampleVerdict(sampledNs: 13_510_798_882_111_494, updateNs: 18_014_398_509_481_993) == .mixed)
    #expect(SampleVerdict(sampledNs: 3, updateNs: 4) == .cpu)
    #expect(SampleVerdict(sampledNs: 1, updateNs: 4) == .mixed)
    #expect(SampleVerdict(sampledNs: 1, updateNs: 5) == .blocked)
    #expect(SampleVerdict(sampledNs: 5, updateNs: 0) == .blocked)
    #expect(SampleVerdict(sampledNs: .max, updateNs: 1) == .cpu)
  }

  @Test func foldedNamesLoseOnlySemicolonsAndLineBreaks() throws {
    let trace = """
      {"type":"update","id":1,"kind":"body","view":"V","start":0,"duration":5000000}
      {"type":"symbol","id":1,"name":"a;b\\r\\nc\\u2028d\\u000be"}
      {"type":"sample","time":1000000,"weight":1500,"stack":[1]}
      {"type":"sample","time":2000000,"weight":9223372036854775000,"stack":[]}

      """
    #expect(ProfileRenderer.renderFolded(try profile(trace: trace)) == "(no frames) 9223372036854775\na b  c\u{2028}d\u{0B}e 2\n")
  }
}
