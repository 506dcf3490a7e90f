import TestSupport
import Testing

@testable import TraceModel

struct XMLTagScannerTests {
  /// A start tag as read item by item, the common attributes first as the parser reads them:
  /// `name [attr=value …] >` or `/>`, or where it stopped.
  private func readTag(_ text: String) -> String {
    scan(text) { scanner in
      guard let nameEnd = scanner.nameEnd(from: 1) else { return "more" }
      var parts = [scanner.string(1, nameEnd - 1)]
      var index = nameEnd
      while true {
        do throws(XMLTagScanner.Failure) {
          let item: XMLTagScanner.Item
          if let common = scanner.commonAttribute(at: &index) {
            item = common
          } else {
            item = try scanner.item(at: &index, nameStart: 1, nameLength: nameEnd - 1)
          }
          switch item {
          case .needMore:
            return parts.joined(separator: " ") + " more"
          case .end(let selfClosing):
            return parts.joined(separator: " ") + (selfClosing ? " />" : " >") + " @\(index)"
          case .attribute(let name, let nameLength, let value, let valueEnd):
            parts.append("\(scanner.string(name, nameLength))=\(scanner.string(value, valueEnd - value))")
          }
        } catch {
          return "\(error.index): \(error.message)"
        }
      }
    }
  }

  /// Runs `body` on a scanner over the bytes of `text` (padded as the scanner needs).
  private func scan<Result>(_ text: String, _ body: (XMLTagScanner) -> Result) -> Result {
    let bytes = Array(text.utf8) + Array(repeating: 0, count: XMLTagScanner.padding)
    return bytes.withUnsafeBufferPointer { buffer in
      body(XMLTagScanner(bytes: buffer.baseAddress!, count: buffer.count - XMLTagScanner.padding))
    }
  }

  @Test(arguments: [
    (#"<a>"#, "a > @3"),
    (#"<row/>"#, "row /> @6"),
    (#"<string id="1" fmt='x &amp; y'>v</string>"#, "string id=1 fmt=x &amp; y > @31"),
    ("<b \n ref = \"12\"\t/>", "b ref=12 /> @18"),
    (#"<a id="1""#, "a id=1 more"),
    (#"<a id="1"#, "a more"),
    (#"<a id"#, "a more"),
    (#"<a"#, "more"),
    (#"<a /x>"#, "3: expected '>' after '/' in a tag"),
    (#"<a b>"#, #"4: expected an attribute (name="value") in <a>"#),
    (#"<a ="1">"#, #"3: expected an attribute (name="value") in <a>"#),
    (#"<a b=1>"#, "5: an attribute value must be quoted"),
    (#"<start-time id="1" fmt="00:01.000">1</start-time>"#, "start-time id=1 fmt=00:01.000 > @35"),
    (#"<string ref="6"/>"#, "string ref=6 /> @17"),
    (#"<x fmt="" id="23" ref="4">"#, "x fmt= id=23 ref=4 > @26"),
    (#"<x id="12"#, "x more"),
    (#"<x  id="1">"#, "x id=1 > @11"),
    (#"<x idx="1">"#, "x idx=1 > @11"),
  ])
  func startTagsReadItemByItem(_ text: String, _ expected: String) {
    #expect(readTag(text) == expected)
  }

  /// The word-at-a-time name end agrees with a byte-by-byte one, at every length and with a
  /// control byte (part of the name) in the way.
  @Test func nameEndsAtSpaceSlashOrAngleBracket() {
    for length in 1...20 {
      for stop in [" ", "\t", "\n", "\r", "/", ">", ""] {
        for control in [false, true] {
          var name = String(repeating: "a-1", count: 7).prefix(length)
          if control && length > 3 { name = name.prefix(2) + "\u{1}" + name.dropFirst(3) }
          let text = "<" + name + stop
          let expected = stop.isEmpty ? nil : 1 + name.utf8.count
          scan(text) { #expect($0.nameEnd(from: 1) == expected, "\(text.debugDescription)") }
        }
      }
    }
  }

  @Test func endTagsGiveTheirNameAndTheIndexAfterThem() {
    scan("</row >x") { scanner in
      let tag = scanner.endTag(at: 0)
      #expect(tag?.nameLength == 3)
      #expect(tag?.next == 7)
    }
    scan("</row") { #expect($0.endTag(at: 0) == nil) }
  }

  @Test(arguments: [
    ("<?xml version=\"1.0\"?><a>", "skipped 21"),
    ("<!-- a -- b --><a>", "skipped 15"),
    ("<![CDATA[a]]>b]]><a>", "cdata 9..<10 next 13"),
    ("<!DOCTYPE a [<!ENTITY b \"c\">]><a>", "skipped 30"),
    ("<!DOCTYPE a SYSTEM \"b[c>\"><a>", "skipped 26"),
    ("<!DOCTYPE a SYSTEM 'b]'><a>", "skipped 24"),
    ("<!DOCTYPE a SYSTEM \"b", "more"),
    ("<!-- a -", "more"),
    ("<!--", "more"),
  ])
  func markupIsSkippedOrReadAsCDATA(_ text: String, _ expected: String) {
    let found = scan(text) { scanner in
      switch scanner.markup(at: 0, atEnd: false) {
      case .skipped(let next): return "skipped \(next)"
      case .cdata(let start, let end, let next): return "cdata \(start)..<\(end) next \(next)"
      case .needMore: return "more"
      }
    }
    #expect(found == expected)
  }

  @Test func leafTextEndsAtItsOwnEndTag() {
    scan("<name>text</name>") { #expect($0.leafTextEnd(from: 6, nameStart: 1, nameLength: 4) == 10) }
    scan("<name>text</names>") { #expect($0.leafTextEnd(from: 6, nameStart: 1, nameLength: 4) == nil) }
    scan("<name>te<b/>xt</name>") { #expect($0.leafTextEnd(from: 6, nameStart: 1, nameLength: 4) == nil) }
    scan("<name>text</na") { #expect($0.leafTextEnd(from: 6, nameStart: 1, nameLength: 4) == nil) }
  }

  @Test func namesCompareByTheirBytes() {
    scan("sentinel sentinels a-long-element-name a-long-element-nome") { scanner in
      #expect(scanner.isSentinel(0, 8))
      #expect(!scanner.isSentinel(9, 9))
      #expect(scanner.sameName(0, 9, 8))
      #expect(!scanner.sameName(19, 39, 19))
      #expect(scanner.sameName(19, 19, 19))
      #expect(scanner.nameIs(0, 8, "sentinel"))
      #expect(!scanner.nameIs(0, 7, "sentinel"))
    }
  }

  @Test func findStopsAtTheEndOfItsRange() {
    let text = String(repeating: "x", count: 100) + "<"
    scan(text) { scanner in
      #expect(scanner.find(UInt8(ascii: "<"), from: 0, to: scanner.count) == 100)
      #expect(scanner.find(UInt8(ascii: "<"), from: 0, to: 100) == nil)
      #expect(scanner.find(UInt8(ascii: "x"), from: 3, to: 4) == 3)
    }
  }

  @Test(
    arguments: [
      ("0", 0), ("42", 42), ("007", 7), ("9223372036854775807", Int64.max),
      ("9223372036854775808", nil), ("12345678901234567890", nil), ("", nil), ("-1", nil), ("1 ", nil),
    ] as [(String, Int64?)])
  func decimalsAreUnsignedAndFitInt64(_ text: String, _ expected: Int64?) {
    // Followed by the chunk buffer's padding, for the word-at-a-time reading.
    let bytes = Array(text.utf8) + [UInt8](repeating: 0, count: 16)
    #expect(
      bytes.withUnsafeBufferPointer { XMLText.decimal($0.baseAddress!, count: text.utf8.count) } == expected)
    #expect(
      bytes.withUnsafeBufferPointer { XMLText.decimal(padded: $0.baseAddress!, count: text.utf8.count) }
        == expected)
  }

  /// Every length from 1 to 20 digits, with a non-digit at each place and digits after the end.
  @Test func wordAtATimeDecimalsAgreeWithByteAtATime() {
    var random = SplitMix(seed: 11)
    for length in 1...20 {
      for trial in 0..<200 {
        var bytes = (0..<length).map { _ in UInt8(ascii: "0") + UInt8(random.next() % 10) }
        if trial % 4 == 1 {
          bytes[Int(random.next() % UInt64(length))] = [0x2F, 0x3A, 0x20, 0xB0][trial % 3]
        }
        // What follows the number: its closing quote or `<`, or more digits (never read).
        bytes +=
          [trial % 2 == 0 ? UInt8(ascii: "\"") : UInt8(ascii: "7")] + [UInt8](repeating: 0x35, count: 16)
        let (wordwise, bytewise) = bytes.withUnsafeBufferPointer {
          (
            XMLText.decimal(padded: $0.baseAddress!, count: length),
            XMLText.decimal($0.baseAddress!, count: length)
          )
        }
        #expect(wordwise == bytewise, "\(String(decoding: bytes.prefix(length), as: UTF8.self))")
      }
    }
  }
}
