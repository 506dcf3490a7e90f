import TestSupport
import Testing

@testable import TraceAnalyzer

/// Elements written a range per thread read as one writer going through them in order.
struct JSONWriterElementsTests {
  /// Writes an object with a `before` field, then `count` items in an array (after `leading`
  /// plain elements), by `elements` on `threads` threads or one at a time (`threads` nil).
  private func text(count: Int, leading: Int, threads: Int?, indent: Int) -> String {
    var json = JSONWriter(indent: indent)
    json.object { json in
      json.field("before", "x")
      json.field(
        "items",
        array: { json in
          for number in 0..<leading { json.value(number) }
          let write: @Sendable (Range<Int>, inout JSONWriter) -> Void = { range, json in
            for item in range {
              json.object { json in
                json.field("item", item)
                json.field("tags", strings: (0..<item % 3).map { "t\($0)\"" })
              }
            }
          }
          if let threads {
            json.elements(count: count, threads: threads, write)
          } else {
            write(0..<count, &json)
          }
        })
      json.field("after", true)
    }
    return json.text
  }

  @Test(arguments: [0, 2])
  func everyThreadCountWritesTheTextOfOne(indent: Int) {
    for count in [0, 1, 2, 5, 300] {
      for leading in [0, 1] {
        let one = text(count: count, leading: leading, threads: nil, indent: indent)
        for threads in [1, 2, 3, 8] {
          #expect(
            text(count: count, leading: leading, threads: threads, indent: indent) == one,
            "\(count) items after \(leading), \(threads) threads")
        }
      }
    }
  }

  /// Findings past the count written on every core give the text of each written alone.
  @Test func manyFindingsReadAsEachWrittenInTurn() {
    let findings = (0..<300).map { index in
      Finding(
        rule: index % 2 == 0 ? .longBody : .fanOut, severity: .warning, title: "finding \(index)",
        nodes: [CauseGraph.NodeID(kind: .update(.body), name: "View\(index)", module: "App")],
        count: index, costNs: Int64(index), examples: [Int64(index)], evidence: ["e\(index)"],
        backtraces: [], path: [], view: "App.View\(index)", edges: [])
    }
    var together = JSONWriter()
    together.array { FindingsJSONRenderer.write(findings, to: &$0) }
    var alone = JSONWriter()
    alone.array { json in for finding in findings { FindingsJSONRenderer.write([finding], to: &json) } }
    #expect(together.text == alone.text)
    #expect(together.text.contains("finding 299"))
  }
}
