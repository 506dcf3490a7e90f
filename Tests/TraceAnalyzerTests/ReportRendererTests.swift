import Foundation
import TestSupport
import Testing
import TraceModel

@testable import TraceAnalyzer

/// The HTML report: the golden page of a shipped story, self-containment, escaping, size.
struct ReportRendererTests {
  private func report(_ story: String, view: String? = nil) throws -> Report {
    let (report, found) = try TraceAnalysis.report(
      paths: [Fixture.path("traces/\(story).jsonl")], name: "\(story).jsonl", view: view)
    #expect(found)
    return report
  }

  @Test func favoritesBeforeMatchesItsGoldenPage() throws {
    Fixture.assertSnapshot(
      ReportRenderer.render(try report("favorites-before")), named: "favorites-before.report.html")
  }

  @Test func hitchesAndHangsSayWhatTheyWereAndWhatMadeThemOnHover() throws {
    let page = ReportRenderer.render(try report("slow-init"))
    #expect(page.contains(#"<rect class="hang""#))
    #expect(
      page.contains(
        "<title>hang 104 ms (Brief Unresponsiveness) — updates: LandmarkDetail.body, MapView.update, "
          + "HikeView.body (blocking-update)</title>"))
    #expect(page.contains("felt: caused the 104 ms hang at 0.400 s and the 83.3 ms hitch at 0.408 s"))
    let landmarks = ReportRenderer.render(try report("landmarks-before"))
    #expect(
      landmarks.contains(
        "<title>hitch 8.33 ms: Potentially expensive app update(s) — updates: LandmarkListItemView.body"))
  }

  @Test(arguments: Fixture.storyNames)
  func everyStoryIsOneSelfContainedPage(story: String) throws {
    let page = ReportRenderer.render(try report(story))
    #expect(page.hasPrefix("<!doctype html>"))
    #expect(page.hasSuffix("</html>\n"))
    #expect(page.contains("<svg"))
    #expect(page.contains("prefers-color-scheme: dark"))
    // Nothing loaded from elsewhere: no external scripts, styles, images or fonts (the SVG
    // namespace the script creates elements in is a name; url(#arrow) and url(#tl-clip) are
    // in the page).
    let loaded = page.replacingOccurrences(of: "'http://www.w3.org/2000/svg'", with: "")
      .replacingOccurrences(of: "url(#arrow)", with: "").replacingOccurrences(of: "url(#tl-clip)", with: "")
    for pattern in ["src=", "<link", "@import", "url(", "https://", "http://"] {
      #expect(!loaded.contains(pattern), "\(story) contains \(pattern)")
    }
  }

  @Test func theFindingsAreNamedAndLinkToTheirEvidence() throws {
    let report = try report("update-loop")
    let page = ReportRenderer.render(report)
    #expect(!report.diagnosis.findings.isEmpty)
    for (index, finding) in report.diagnosis.findings.enumerated() {
      #expect(page.contains("<a href=\"#finding-\(index + 1)\">\(ReportRenderer.html(finding.title))</a>"))
      #expect(page.contains("<article id=\"finding-\(index + 1)\""))
    }
  }

  @Test func theFindingsAreAlsoInThePageAsJSON() throws {
    let report = try report("update-loop")
    let page = ReportRenderer.render(report)
    let start = try #require(page.range(of: "<script type=\"application/json\" id=\"findings-data\">\n"))
    let end = try #require(page.range(of: "</script>", range: start.upperBound..<page.endIndex))
    let json = String(page[start.upperBound..<end.lowerBound])
    let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    let findings = try #require(object["findings"] as? [[String: Any]])
    #expect(findings.map { $0["rule"] as? String } == report.diagnosis.findings.map(\.rule.rawValue))
    #expect(ReportRenderer.scriptSafe(#"{"a":"</script>"}"#) == #"{"a":"<\/script>"}"#)
    #expect(ReportRenderer.scriptSafe(#"{"a":"/b<c/d>","e":"<"}"#) == #"{"a":"/b<c/d>","e":"<"}"#)
    #expect(ReportRenderer.scriptSafe(#"{"é":"日</b","x":"a/b<c"}"#) == #"{"é":"日<\/b","x":"a/b<c"}"#)
    // At the very start, twice, and one right after another: each escaped, the rest kept.
    #expect(ReportRenderer.scriptSafe("</a</b<</c") == #"<\/a<\/b<<\/c"#)
    #expect(ReportRenderer.scriptSafe("a</") == #"a<\/"#)
  }

  @Test func markupIsEscapedAndPlainTextGivenBackAsItIs() {
    #expect(
      ReportRenderer.html("LandmarkListItemView.body (update) ×297")
        == "LandmarkListItemView.body (update) ×297")
    #expect(ReportRenderer.html("Row.body") == "Row.body")
    #expect(ReportRenderer.html(#"a<b & "c" 'd'>"#) == "a&lt;b &amp; &quot;c&quot; &apos;d&apos;&gt;")
    #expect(ReportRenderer.html("tab\there\nline") == "tab&#9;here&#10;line")
    #expect(ReportRenderer.html("bad\u{1}byte") == "bad\u{FFFD}byte")
  }

  /// The fan-out's graph: its source and view bold and orange, its edge orange and bold, and
  /// the finding's card links to it.
  @Test func theGraphIsDrawnAroundTheTopFindingsNodes() throws {
    let report = try report("favorites-before")
    let finding = try #require(report.diagnosis.findings.first)
    #expect(report.graphView == finding.view)
    #expect(report.graph.focus.count == finding.nodeIDs.count)
    let page = ReportRenderer.render(report)
    #expect(page.contains(#"<g class="node user focus marked warning" data-node="2""#))
    #expect(page.contains(#"<path class="edge warning bold" data-from="1" data-to="2""#))
    #expect(page.contains("Update ×80</text>"))
    #expect(page.contains(##"<a href="#graph">the cause graph of its nodes</a>"##))
    let landmarks = ReportRenderer.render(try self.report("landmarks-before"))
    #expect(landmarks.contains(##"<a href="#graph">the cause graph of Landmarks.LandmarkListItemView</a>"##))
  }

  /// An update loop's nodes and every edge between them red, as in DOT, and the legend says so.
  @Test func anUpdateLoopIsRed() throws {
    let report = try report("update-loop")
    let page = ReportRenderer.render(report)
    let members = report.graph.nodes.indices.filter { report.graph.focus.contains($0) }
    #expect(members.count == 6)
    for node in members { #expect(page.contains(#" marked error" data-node="\#(node)""#)) }
    for edge in report.graph.edges where members.contains(edge.from) && members.contains(edge.to) {
      #expect(page.contains(#"error" data-from="\#(edge.from)" data-to="\#(edge.to)""#))
    }
    #expect(page.contains("an update loop's cycle"))
  }

  @Test func redUpdatesAndMissedFramesAreDrawn() throws {
    let report = try report("landmarks-before")
    let page = ReportRenderer.render(report)
    #expect(page.contains("class=\"sev2\""))
    #expect(page.contains("class=\"missed\""))
    #expect(report.strips.count == FrameStrip.stripLimit)
    #expect(report.strips.allSatisfy { !$0.bars.isEmpty })
    #expect(page.contains("LandmarkListItemView.body</text>"))
    let missed = report.timeline.frames.reduce(0) { $0 + Int($1.missed) }
    #expect(missed == report.summary.frames.missed)
    let frames = report.timeline.frames.reduce(0) { $0 + Int($1.frames) }
    #expect(frames == report.summary.frames.withUpdates)
  }

  @Test func theTimelineCountsEveryFinishedUpdateOnce() throws {
    let report = try report("landmarks-before")
    for kind in UpdateKind.allCases {
      let drawn = report.timeline.lanes[kind.rawValue].reduce(0) { $0 + Int($1.count) }
      #expect(drawn == report.summary[kind].finished)
    }
  }

  @Test func textFromTheTraceIsEscaped() throws {
    let trace = try TemporaryFile(
      """
      {"type":"trace","version":1,"app":"<script>alert(1)</script>","device":"A & B"}
      {"type":"update","id":1,"kind":"body","view":"<b>View\\"","start":0,"duration":2000000}
      {"type":"update","id":2,"kind":"body","view":"<b>View\\"","start":20000000,"duration":2000000}

      """)
    defer { trace.remove() }
    let (report, _) = try TraceAnalysis.report(paths: [trace.path])
    let page = ReportRenderer.render(report)
    #expect(!page.contains("<script>alert"))
    #expect(page.contains("&lt;script&gt;alert(1)&lt;/script&gt; on A &amp; B"))
    #expect(page.contains("&lt;b&gt;View&quot;"))
  }

  @Test func anUnknownViewIsReported() throws {
    let (_, found) = try TraceAnalysis.report(
      paths: [Fixture.path("traces/update-loop.jsonl")], view: "NoSuchView")
    #expect(!found)
  }

  /// A missed frame with far more updates than a strip keeps: the strip holds the longest
  /// (earlier first among equals), by start, and counts the rest, as sorting them all would.
  @Test func aCrowdedStripKeepsTheLongestUpdates() throws {
    var random = SplitMix(seed: 11)
    var lines = [#"{"type":"trace","version":1,"app":"Crowd","refreshRate":60,"start":0}"#]
    lines.append(
      #"{"type":"update","id":1,"kind":"body","view":"Slow","module":"App","start":1000000,"duration":60000000}"#
    )
    var updates: [(start: Int64, duration: Int64)] = [(1_000_000, 60_000_000)]
    for id in 2...3_000 {
      let start = 1_000_000 + Int64(random.next() % 60_000_000)
      let duration = Int64(random.next() % 40) * 1_000
      updates.append((start, duration))
      lines.append(
        #"{"type":"update","id":\#(id),"kind":"body","view":"Row\#(id % 7)","module":"App","start":\#(start),"duration":\#(duration)}"#
      )
    }
    let file = try TemporaryFile(lines.joined(separator: "\n") + "\n")
    defer { file.remove() }
    let report = try TraceAnalysis.report(paths: [file.path]).report
    let strip = try #require(report.strips.first)
    let inWindow = updates.filter { $0.start < strip.windowEnd && $0.start + $0.duration > strip.windowStart }
    #expect(inWindow.count > 8 * FrameStrip.barLimit)
    let kept = inWindow.sorted { ($0.duration, $1.start) > ($1.duration, $0.start) }.prefix(
      FrameStrip.barLimit)
    #expect(strip.bars.count == FrameStrip.barLimit)
    #expect(strip.omitted == inWindow.count - FrameStrip.barLimit)
    #expect(strip.bars.map(\.duration).sorted() == kept.map(\.duration).sorted())
    #expect(Set(strip.bars.map(\.start)) == Set(kept.map(\.start)))
    #expect(strip.bars.map(\.start) == strip.bars.map(\.start).sorted())
  }

  /// Bars equal in duration and start at the strip's cut: the first by label stay, whatever
  /// order the updates came in.
  @Test func aStripsCutAmongEqualsIsByLabel() throws {
    var lines = [#"{"type":"trace","version":1,"app":"Ties","refreshRate":60,"start":0}"#]
    lines.append(
      #"{"type":"update","id":1,"kind":"body","view":"Slow","module":"App","start":1000000,"duration":60000000}"#
    )
    var random = SplitMix(seed: 5)
    let names = (0..<1_500).map { "Row\($0)" }.shuffled(using: &random)
    for (index, name) in names.enumerated() {
      lines.append(
        #"{"type":"update","id":\#(index + 2),"kind":"body","view":"\#(name)","module":"App","start":2000000,"duration":5000}"#
      )
    }
    let file = try TemporaryFile(lines.joined(separator: "\n") + "\n")
    defer { file.remove() }
    let strip = try #require(try TraceAnalysis.report(paths: [file.path]).report.strips.first)
    let expected = (["Slow.body"] + names.map { "\($0).body" }.sorted().prefix(FrameStrip.barLimit - 1))
    #expect(Set(strip.bars.map(\.label)) == Set(expected))
    #expect(strip.omitted == names.count + 1 - FrameStrip.barLimit)
  }
}
