import Foundation
import TestSupport
import Testing
import TraceModel

@testable import TraceAnalyzer

/// Windows (`--window`): the spans a read keeps, the catalog of names, and what a windowed
/// read counts (analysis.md "Windows").
struct WindowTests {
  @Test func spansMergeAndAreHalfOpen() {
    let spans = TraceWindow.merged([10..<20, 15..<30, 40..<50, 50..<55, 60..<60, 0..<5])
    #expect(spans == [0, 5, 10, 30, 40, 55])
    var window = TraceWindow()
    window.spans = spans
    #expect(window.isBounded)
    for (time, kept) in [
      (0, true), (4, true), (5, false), (9, false), (10, true), (29, true), (30, false),
      (50, true), (54, true), (55, false), (60, false), (-1, false),
    ] as [(Int64, Bool)] {
      #expect(window.contains(time) == kept, "\(time)")
    }
    window.spans = []
    #expect(!window.contains(0) && window.isBounded)
  }

  @Test func aWindowIntersectsTheRange() {
    var window = TraceWindow(range: TimeRange(from: 12, to: 45), start: 0)
    window.spans = TraceWindow.merged([10..<20, 40..<50])
    #expect(!window.contains(10) && window.contains(12) && window.contains(19) && !window.contains(20))
    #expect(window.contains(44) && !window.contains(45))
  }

  private static func catalog() -> WindowCatalog {
    WindowCatalog(items: [
      .init(name: "Scroll Feed", subsystem: "com.example", span: 10..<20),
      .init(name: "Scroll Feed", subsystem: "com.other", span: 30..<35),
      .init(name: "Open", subsystem: nil, span: 0..<4),
      .init(name: "Scroll Feed", subsystem: "com.example", span: 50..<60),
    ])
  }

  @Test func aNameOrSubsystemSlashNamePicksIntervals() throws {
    let catalog = Self.catalog()
    #expect(try catalog.spans(for: ["Scroll Feed"], file: "t") == [10, 20, 30, 35, 50, 60])
    #expect(try catalog.spans(for: ["com.example/Scroll Feed"], file: "t") == [10, 20, 50, 60])
    #expect(try catalog.spans(for: ["com.other/Scroll Feed", "Open"], file: "t") == [0, 4, 30, 35])
    let entries = catalog.entries
    #expect(entries.map(\.qualifiedName) == ["Open", "com.example/Scroll Feed", "com.other/Scroll Feed"])
    #expect(entries.map(\.count) == [1, 2, 1] && entries.map(\.totalNs) == [4, 20, 5])
  }

  @Test func anUnknownNameListsTheTracesWindows() {
    #expect(
      throws: TraceReadError.ambiguousInput(
        "--window 'Scrol Feed': no interval of that name in t; its windows: 'Open', 'Scroll Feed' (com.example, com.other);"
          + " did you mean 'Scroll Feed'?")
    ) {
      try Self.catalog().spans(for: ["Scrol Feed"], file: "t")
    }
    #expect(WindowCatalog.unknown("X", file: "t", entries: []).hasPrefix("t has no intervals"))
  }
}
