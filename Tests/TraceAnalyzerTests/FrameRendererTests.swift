import TestSupport
import Testing

@testable import TraceAnalyzer

struct FrameRendererTests {
  /// A recorded frame at 0 whose deadline is a budget (16.7 ms at 60 Hz) later: `Whole` fills
  /// it exactly, `Mid` (orange) and `Tiny` run inside it, `Late` runs 1.33 ms past the deadline.
  private static let trace = """
    {"type":"trace","version":1,"app":"App","refreshRate":60,"start":0}
    {"type":"frame","start":0,"deadline":16666667}
    {"type":"update","id":1,"kind":"body","view":"Whole","start":0,"duration":16666667}
    {"type":"update","id":2,"kind":"body","view":"Mid","start":2000000,"duration":700000}
    {"type":"update","id":3,"kind":"body","view":"Tiny","start":3000000,"duration":100000}
    {"type":"update","id":4,"kind":"body","view":"Late","start":16000000,"duration":2000000}

    """

  private func listing() throws -> FrameListing {
    let file = try TemporaryFile(Self.trace)
    defer { file.remove() }
    return try TraceAnalysis.frames(paths: [file.path])
  }

  private func column(of character: Character, in line: Substring) -> Int? {
    line.firstIndex(of: character).map { line.distance(from: line.startIndex, to: $0) }
  }

  private func row(_ text: String, _ view: String) throws -> Substring {
    try #require(text.split(separator: "\n").first { $0.hasSuffix("\(view) (body)") })
  }

  @Test func theFrameHoldsItsWork() throws {
    let listing = try listing()
    let entry = try #require(listing.entries.first)
    #expect(listing.entries.count == 1)
    #expect(entry.frame.frame.recordedIndex == 0 && entry.frame.blame == .longUpdate)
    #expect(entry.frame.overrunNs == 18_000_000 - 16_666_667)
    #expect(entry.updates.map(\.id) == [1, 2, 3, 4])
    #expect(entry.updates.map(\.severity) == [.red, .orange, nil, .red])
  }

  @Test(arguments: [80, 100, 160])
  func anUpdateFromTheStartForTheWholeBudgetFillsTheSpanUpToTheDeadline(_ columns: Int) throws {
    let text = FrameRenderer.render(try listing(), style: TextStyle(color: false, columns: columns))
    let whole = try row(text, "Whole")
    let before = whole.dropFirst(2).prefix { $0 != "│" }
    let after = whole.drop { $0 != "│" }.dropFirst()
    #expect(!before.isEmpty && before.allSatisfy { $0 == "█" })
    #expect(!after.contains("█"))
    // The deadline's column is the same on every line, and `Late` crosses it.
    let late = try row(text, "Late")
    #expect(column(of: "│", in: late) == column(of: "│", in: whole))
    #expect(late.contains("█│█"))
    // The bars are as wide as the line allows: the longest line is `columns` wide.
    let rows = text.split(separator: "\n").filter { $0.contains("│") }
    #expect(rows.map(\.count).max() == columns)
  }

  @Test func aNarrowLineKeepsTheShortestBar() throws {
    let text = FrameRenderer.render(try listing(), style: TextStyle(color: false, columns: 20))
    let whole = try row(text, "Whole").dropFirst(2)
    let bar = whole.prefix(FrameRenderer.minimumCells + 1)
    let filled = bar.prefix { $0 != "│" }
    #expect(bar.count { $0 == "│" } == 1)
    #expect(!filled.isEmpty && filled.allSatisfy { $0 == "█" })
    #expect(bar.count { $0 == "█" } == filled.count)
    #expect(whole.dropFirst(bar.count).hasPrefix("  "))
  }

  @Test func barsAreColouredBySeverityOnlyWithColour() throws {
    let listing = try listing()
    let plain = FrameRenderer.render(listing, style: .plain)
    #expect(!plain.contains("\u{1B}"))
    let coloured = FrameRenderer.render(listing, style: .color)
    #expect(try row(coloured, "Whole").contains("\u{1B}[1;31m█"))
    #expect(try row(coloured, "Mid").contains("\u{1B}[38;5;208m█"))
    #expect(try row(coloured, "Mid").contains("\u{1B}[38;5;208morange\u{1B}[0m"))
    #expect(try !row(coloured, "Tiny").contains("\u{1B}"))
  }

  @Test func theAxisMarksTheDeadline() throws {
    // Its labels are left out where they do not fit: at 100 columns the end has 7 cells.
    for (columns, end) in [(100, false), (160, true)] {
      let text = FrameRenderer.render(try listing(), style: TextStyle(color: false, columns: columns))
      let axis = try #require(text.split(separator: "\n").first { $0.contains("duration  severity  view") })
      #expect(axis.hasPrefix("  start "))
      #expect(axis.contains(" deadline │"))
      #expect(axis.contains("+18.0 ms  duration") == end)
      let whole = try row(text, "Whole")
      #expect(column(of: "│", in: axis) == column(of: "│", in: whole))
    }
    let text = FrameRenderer.render(try listing(), style: .plain)
    #expect(
      text.contains("#0  recorded frame at 0.000 s · budget 16.7 ms · deadline +16.7 ms · missed by 1.33 ms"))
    #expect(text.contains("long update (2 of 4 updates red)"))
  }
}
