import TestSupport
import Testing

@testable import TraceModel

struct XMLWindowTests {
  /// Runs `body` on a window of `chunkSize` bytes over a file holding `text`.
  private func withWindow(
    _ text: String, chunkSize: Int = 64, _ body: (inout XMLWindow) throws -> Void
  ) throws {
    let file = try TemporaryFile(text, name: "t.xml")
    defer { file.remove() }
    var window = XMLWindow(file: try SystemFile(path: file.path), chunkSize: chunkSize)
    defer { window.deallocate() }
    try body(&window)
  }

  /// A hundred lines of 10 bytes each, from `line 0001` to `line 0100`.
  private let text = (1...100).map { "line \(String(repeating: "0", count: 4 - String($0).count))\($0)\n" }
    .joined()

  @Test func slidesOverTheFileAndCountsLinesAsItMoves() throws {
    try withWindow(text) { window in
      window.refill(keepingFrom: 0)
      #expect(window.base == 0 && window.filled == 64 && !window.atEnd)
      #expect(window.buffer[64] == 0)
      window.refill(keepingFrom: 60)
      #expect(window.base == 60 && window.filled == 64)
      #expect(
        String(decoding: UnsafeBufferPointer(start: window.buffer, count: 10), as: UTF8.self) == "line 0007\n"
      )
      #expect(window.line(of: 60) == 7)
      #expect(window.column(of: 65) == 6)
      while !window.atEnd { window.refill(keepingFrom: window.filled) }
      window.advanceLines(to: window.base + Int64(window.filled))
      #expect(window.bytesRead == 1000)
      #expect(window.lines == 100)
    }
  }

  @Test func growsForATokenThatFillsIt() throws {
    try withWindow(text) { window in
      window.refill(keepingFrom: 0)
      window.refill(keepingFrom: 0)
      #expect(window.base == 0 && window.filled == 128)
    }
  }

  @Test func readsBackWhatTheWindowHasLeft() throws {
    try withWindow(text) { window in
      window.refill(keepingFrom: 0)
      window.refill(keepingFrom: 64)
      #expect(window.bytes(at: 20, count: 9) == Array("line 0003".utf8))
      #expect(window.bytes(at: 70, count: 9) == Array("line 0008".utf8))
      #expect(window.bytes(at: 995, count: 20) == Array("0100\n".utf8))
      #expect(window.location(of: 25) == (3, 6))
      #expect(window.line(of: 25) == 3)
    }
  }
}
