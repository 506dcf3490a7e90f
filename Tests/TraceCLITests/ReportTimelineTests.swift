import Foundation
import TestSupport
import Testing

@testable import tracecli

/// The report's timeline at update scale, in a real browser: the tooltip over a red bar names
/// the update that made it red.
struct ReportTimelineTests {
  /// What `script` (JavaScript run 100 ms after the page of landmarks-before loaded, opened
  /// at `fragment`) writes into `<pre id="result">`, read back with `--dump-dom`; nil
  /// without Chromium.
  private func landmarksPage(running script: String, fragments: [String] = [""]) throws -> [String]? {
    guard let chromium = Tool.chromium.require() else { return nil }
    let page = try TemporaryFile("", name: "report.html")
    defer { page.remove() }
    let run = CLIRun(["report", Fixture.path("traces/landmarks-before.jsonl"), "-o", page.path])
    try #require(run.status == .success, "\(run.errors)")
    let html = try String(contentsOfFile: page.path, encoding: .utf8)
    let injected =
      "<pre id=\"result\"></pre><script>\nsetTimeout(function () {\n\(script)\n}, 100);\n</script></body>"
    try html.replacingOccurrences(of: "</body>", with: injected).write(
      toFile: page.path, atomically: true, encoding: .utf8)
    return try fragments.map { fragment in
      try #require(
        try HeadlessChromium.text(
          ofPre: "result", page: page.path + fragment, chromium: chromium, budget: 3000),
        "the page wrote nothing")
    }
  }
  /// A script hovers the column of the longest body update and writes the tooltip.
  @Test(.tags(.slow), .notInQuickLoop, .timeLimit(.minutes(2)))
  func theTooltipOverARedBarNamesItsUpdate() throws {
    let hover = """
      var svg = document.getElementById('tl'), box = svg.getBoundingClientRect();
      var scale = box.width / Number(svg.getAttribute('width'));
      var data = JSON.parse(document.getElementById('tl-data').textContent), d = data.lanes[0].d;
      var c = d.indexOf(Math.max.apply(null, d));
      svg.dispatchEvent(new MouseEvent('mousemove', {
        clientX: box.left + (132 + c + 0.5) * scale, clientY: box.top + 60 * scale, bubbles: true }));
      document.getElementById('result').textContent = document.getElementById('tl-tip').textContent;
      """
    guard let tip = try landmarksPage(running: hover)?.first else { return }
    // The hovered column (or its neighbour, a pixel's rounding away) holds a red body update.
    #expect(tip.contains("View Body: "), "\(tip)")
    #expect(tip.contains("longest here LandmarkListItemView.body "), "\(tip)")
    #expect(tip.contains(" red") || tip.contains(" orange"), "\(tip)")
  }

  /// Zoomed in past a column's resolution, the page draws the real updates with their names,
  /// and the tooltip over one names it: zoom on the longest body update of landmarks-before.
  @Test(.tags(.slow), .notInQuickLoop, .timeLimit(.minutes(2)))
  func zoomingInDrawsTheUpdatesByName() throws {
    let zoom = """
      var svg = document.getElementById('tl'), box = svg.getBoundingClientRect();
      var scale = box.width / Number(svg.getAttribute('width'));
      var data = JSON.parse(document.getElementById('tl-data').textContent), det = data.detail;
      var best = -1, t = 0, at = 0;
      for (var j = 0; j < det.d.length; j++) { t += det.s[j];
        if (det.k[j] === '0' && (best < 0 || det.d[j] > det.d[best])) { best = j; at = t; } }
      var c = (at + det.d[best] / 2) / Number(svg.dataset.width), result = { view: data.labels[det.v[best]] };
      function wheel(times) {
        for (var n = 0; n < times; n++) svg.dispatchEvent(new WheelEvent('wheel', { deltaY: -100,
          clientX: box.left + (132 + c) * scale, clientY: box.top + 60 * scale, bubbles: true, cancelable: true }));
      }
      wheel(2);
      result.zoomedAtTwo = svg.classList.contains('zoomed');
      wheel(12);
      var red = Array.prototype.slice.call(document.querySelectorAll('#tl-detail rect.one.sev2'));
      red.sort(function (a, b) { return b.getBBox().width - a.getBBox().width; });
      var r = red[0].getBoundingClientRect();
      svg.dispatchEvent(new MouseEvent('mousemove', {
        clientX: r.left + r.width / 2, clientY: r.top + r.height / 2, bubbles: true }));
      result.tip = document.getElementById('tl-tip').textContent;
      wheel(12);
      result.names = Array.prototype.map.call(document.querySelectorAll('#tl-detail text'), function (x) {
        return x.textContent; });
      document.getElementById('result').textContent = JSON.stringify(result);
      """
    guard let text = try landmarksPage(running: zoom)?.first else { return }
    struct Result: Decodable {
      var view: String
      var zoomedAtTwo: Bool
      var tip: String
      var names: [String]
    }
    let result = try JSONDecoder().decode(Result.self, from: Data(text.utf8))
    #expect(result.view == "LandmarkListItemView.body")
    #expect(!result.zoomedAtTwo, "two steps in, a column is still under two pixels")
    // The widest red bar is the longest body update: the tooltip names it with its duration.
    #expect(result.tip.contains("View Body: LandmarkListItemView.body 2.56 ms red, from "), "\(result.tip)")
    #expect(result.tip.contains("every update here is drawn one by one"), "\(result.tip)")
    // At full zoom its bar carries the view's whole name (the lane says it is a body).
    #expect(result.names.contains("LandmarkListItemView"), "\(result.names)")
  }

  /// `report.html#t=FROM,TO` opens the timeline zoomed to those seconds: the updates there are
  /// drawn by name; without the fragment nothing is.
  @Test(.tags(.slow), .notInQuickLoop, .timeLimit(.minutes(2)))
  func aLinkOpensTheTimelineZoomed() throws {
    let read = """
      var texts = Array.prototype.map.call(document.querySelectorAll('#tl-detail text'), function (x) {
        return x.textContent; });
      var late = document.querySelector('#tl-detail rect.missed'), tip = '';
      if (late) {
        var r = late.getBoundingClientRect();
        document.getElementById('tl').dispatchEvent(new MouseEvent('mousemove', {
          clientX: r.left + r.width / 2, clientY: r.top + r.height / 2, bubbles: true }));
        tip = document.getElementById('tl-tip').textContent;
      }
      document.getElementById('result').textContent =
        document.getElementById('tl-axis').textContent + '|' + texts.join(',') + '|' + tip;
      """
    guard let pages = try landmarksPage(running: read, fragments: ["#t=0.333,0.346", "", "#t=0.510,0.535"])
    else { return }
    let parts = pages[0].split(separator: "|", omittingEmptySubsequences: false)
    try #require(parts.count == 3, "\(pages[0])")
    // The axis counts milliseconds from 334 ms to 346 ms; the bars name the list items.
    #expect(parts[0].contains("334 ms") && parts[0].contains("344 ms"), "\(parts[0])")
    #expect(!parts[0].contains("1.00 s"), "\(parts[0])")
    #expect(parts[1].contains("LandmarkListItemView"), "\(parts[1])")
    #expect(pages[1].hasSuffix("||"), "\(pages[1])")
    // Zoomed on frame #62 (the worst missed frame): its work drawn at its real times, named on
    // hover with what it missed by (summarize says +4.85 ms), and its strip a click away.
    let late = pages[2].split(separator: "|", omittingEmptySubsequences: false)
    try #require(late.count == 3, "\(pages[2])")
    #expect(late[2].contains("frame #62 missed its deadline by 4.85 ms"), "\(late[2])")
    #expect(late[2].contains("click: the strip of frame #62"), "\(late[2])")
  }
}
