import Foundation
import TestSupport
import Testing

@testable import tracecli

/// The report's timeline at update scale, in a real browser: the tooltip over a red bar names
/// the update that made it red.
struct ReportTimelineTests {
  /// The page of `trace` with a script that hovers the column of the longest body update and
  /// writes the tooltip into `<pre id="result">`, read back with `--dump-dom`.
  @Test(.tags(.slow), .notInQuickLoop, .timeLimit(.minutes(2)))
  func theTooltipOverARedBarNamesItsUpdate() throws {
    guard let chromium = Tool.chromium.require() else { return }
    let page = try TemporaryFile("", name: "report.html")
    defer { page.remove() }
    let run = CLIRun(["report", Fixture.path("traces/landmarks-before.jsonl"), "-o", page.path])
    try #require(run.status == .success, "\(run.errors)")
    let hover = """
      <pre id="result"></pre><script>
      setTimeout(function () {
        var svg = document.getElementById('tl'), box = svg.getBoundingClientRect();
        var scale = box.width / Number(svg.getAttribute('width'));
        var data = JSON.parse(document.getElementById('tl-data').textContent), d = data.lanes[0].d;
        var c = d.indexOf(Math.max.apply(null, d));
        svg.dispatchEvent(new MouseEvent('mousemove', {
          clientX: box.left + (132 + c + 0.5) * scale, clientY: box.top + 60 * scale, bubbles: true }));
        document.getElementById('result').textContent = document.getElementById('tl-tip').textContent;
      }, 100);
      </script></body>
      """
    let html = try String(contentsOfFile: page.path, encoding: .utf8)
    try html.replacingOccurrences(of: "</body>", with: hover).write(
      toFile: page.path, atomically: true, encoding: .utf8)
    let tip = try #require(
      try HeadlessChromium.text(ofPre: "result", page: page.path, chromium: chromium, budget: 3000),
      "the page wrote no tooltip")
    // The hovered column (or its neighbour, a pixel's rounding away) holds a red body update.
    #expect(tip.contains("View Body: "), "\(tip)")
    #expect(tip.contains("longest here LandmarkListItemView.body "), "\(tip)")
    #expect(tip.contains(" red") || tip.contains(" orange"), "\(tip)")
  }
}
