import Foundation
import TestSupport
import Testing

@testable import TraceModel

struct XCTraceTOCTests {
  @Test func readsRunsDevicesAppsAndTables() throws {
    let path = Fixture.path("xctrace/standin/Landmarks.trace/standin/toc.xml")
    let toc = try XCTraceTOC.parse(try SystemFile.contents(of: path), file: "toc.xml")
    let run = try #require(toc.runs.first)
    #expect(toc.runs.count == 1)
    #expect(run.number == 1)
    #expect(run.app == "MyApp")
    #expect(run.device == "iPhone 16 Pro, iOS 18.2 (22C152)")
    #expect(run.startDate == "2025-06-10T09:41:00.000+02:00")
    #expect(run.schemas.filter { $0 == "SwiftUIFilteredUpdates" }.count == 3)
    #expect(run.schemas.first == "swiftui-updates")
  }

  @Test func aRunsDocumentReadsBackAsTheSameRunWithoutTables() throws {
    var run = XCTraceTOC.Run(number: 2)
    run.app = #"Tom & "Jerry" <App>"#
    run.deviceModel = "MacBook Pro"
    run.platform = "macOS"
    run.osVersion = "15.5"
    run.startDate = "2025-01-01T00:00:00Z"
    let document = XCTraceTOC.document(of: run)
    #expect(XCTraceTOC.isTOC(ArraySlice(Array(document.utf8))))
    let parsed = try XCTraceTOC.parse(Array(document.utf8), file: "toc.xml")
    #expect(parsed.runs == [run])
  }

  @Test(
    arguments: [
      (
        "<trace-toc><run number=\"1\"><data>\n<table schema=\"x\">\n</trace-toc>", 3, 1,
        "</trace-toc> closes <table>"
      ),
      ("<trace-toc>\n  <run number=\"one\"/></trace-toc>", 2, 3, "<run> needs a whole number"),
      ("<?xml version=\"1.0\"?>\n<trace-query-result/>", 2, 1, "not an xctrace table of contents"),
      ("<trace-toc><run number=\"1\">", 1, 28, "the document ends inside <run>"),
      ("<trace-toc><run number=\"1\" name=\"a &bogus; b\"/></trace-toc>", 1, 28, "unknown entity &bogus;"),
    ] as [(String, Int, Int, String)])
  func malformedDocumentsAreLocated(_ text: String, _ line: Int, _ column: Int, _ message: String) {
    #expect {
      _ = try XCTraceTOC.parse(Array(text.utf8), file: "toc.xml")
    } throws: { error in
      guard case .badData(let parseError) = error as? TraceReadError else { return false }
      return parseError.file == "toc.xml" && parseError.line == line && parseError.column == column
        && parseError.message.contains(message)
    }
  }

  @Test func aStartDateJoinsItsTextEntitiesAndCDATA() throws {
    let text = """
      <trace-toc><run number="1"><info><summary>
      <start-date> 2025&#45;06<!-- day: --><![CDATA[-10]]> </start-date>
      </summary></info></run></trace-toc>
      """
    let toc = try XCTraceTOC.parse(Array(text.utf8), file: "toc.xml")
    #expect(toc.runs.first?.startDate == "2025-06-10")
  }

  @Test(
    arguments: [
      ("<trace-toc>\n  <!-- c", 2, 3, "the document ends inside a comment"),
      ("<trace-toc>\n <run number=\"1\" a/>", 2, 19, #"expected an attribute (name="value") in <run>"#),
      ("<trace-toc>\n<run number=\"1\"><info><summary><start-date>x &y", 2, 46, "'&' must start an entity"),
      ("<trace-toc>\n</run>", 2, 1, "</run> closes <trace-toc>"),
      ("<trace-toc></trace-toc>\n<trace-toc>", 2, 1, "a second root element <trace-toc> after </trace-toc>"),
    ] as [(String, Int, Int, String)])
  func markupTheSharedScannerRejectsIsLocated(
    _ text: String, _ line: Int, _ column: Int, _ message: String
  ) {
    #expect {
      _ = try XCTraceTOC.parse(Array(text.utf8), file: "toc.xml")
    } throws: { error in
      guard case .badData(let parseError) = error as? TraceReadError else { return false }
      return parseError.line == line && parseError.column == column && parseError.message.contains(message)
    }
  }

  @Test func onlyATraceTocRootIsATableOfContents() {
    #expect(XCTraceTOC.isTOC(ArraySlice(Array("<?xml version=\"1.0\"?>\n<!-- c -->\n<trace-toc>".utf8))))
    #expect(!XCTraceTOC.isTOC(ArraySlice(Array("<?xml version=\"1.0\"?>\n<trace-query-result>".utf8))))
    #expect(!XCTraceTOC.isTOC([]))
  }
}
