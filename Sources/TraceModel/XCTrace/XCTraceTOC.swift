/// The table of contents `xctrace export --toc` writes: a recording's runs and their tables.
///
/// The document, by example (elements tracecli does not read are skipped):
///
///     <trace-toc>
///       <run number="1">
///         <info>
///           <target>
///             <device platform="iOS" model="iPhone 16 Pro" name="Anna's iPhone"
///               os-version="18.2 (22C152)"/>
///             <process type="attached" name="Landmarks" pid="1234"/>
///           </target>
///           <summary><start-date>2025-06-10T09:41:00.000+02:00</start-date>…</summary>
///         </info>
///         <data><table schema="swiftui-updates"/><table schema="hitches"/>…</data>
///       </run>
///     </trace-toc>
package struct XCTraceTOC: Hashable, Sendable {
  /// One `<run>`.
  package struct Run: Hashable, Sendable {
    /// The `number` attribute (1-based), as `--xpath '/trace-toc/run[@number="N"]'` names it.
    package var number: Int
    /// The target process's name and pid.
    package var app: String?
    package var pid: Int64?
    /// The recording's length in seconds (`<summary><duration>`).
    package var duration: Double?
    package var deviceModel: String?
    package var deviceName: String?
    package var platform: String?
    package var osVersion: String?
    /// The wall-clock start (`<start-date>`), as written.
    package var startDate: String?
    /// The `schema` of every `<table>` under `<data>`, in document order (a schema may repeat).
    package var schemas: [String] = []

    /// Whether `other` describes the same recording: the same target process, device and start.
    package func isSameRecording(as other: Run) -> Bool {
      (app, pid, device, startDate) == (other.app, other.pid, other.device, other.startDate)
    }

    /// The recording as messages name it: `FixIt (11101) on iPhone Air, started 2026-10-02T03:30:31`.
    package var recordingDescription: String {
      var text = XCTraceProcess(name: app, pid: pid).description
      if let device { text += " on \(device)" }
      if let startDate { text += ", started \(startDate)" }
      return text
    }

    /// The device as the trace header names it: `iPhone 16 Pro, iOS 18.2 (22C152)`.
    package var device: String? {
      let system = [platform, osVersion].compactMap { $0 }.joined(separator: " ")
      let parts = [deviceModel ?? deviceName, system.isEmpty ? nil : system].compactMap { $0 }
      return parts.isEmpty ? nil : parts.joined(separator: ", ")
    }
  }

  package var runs: [Run]

  /// A table of contents of `run` alone: what an exported folder keeps of the recording's
  /// header (app and pid, device, start, duration) and the schemas of its tables.
  package static func document(of run: Run) -> String {
    func attribute(_ name: String, _ value: String?) -> String {
      value.map { " \(name)=\"\(escaped($0))\"" } ?? ""
    }
    var text = "<?xml version=\"1.0\"?>\n<trace-toc>\n  <run number=\"\(run.number)\">\n    <info>\n"
    text += "      <target>\n"
    text +=
      "        <device" + attribute("platform", run.platform) + attribute("model", run.deviceModel)
      + attribute("name", run.deviceName) + attribute("os-version", run.osVersion) + "/>\n"
    if run.app != nil || run.pid != nil {
      text += "        <process" + attribute("name", run.app) + attribute("pid", run.pid.map(String.init)) + "/>\n"
    }
    text += "      </target>\n"
    if run.startDate != nil || run.duration != nil {
      text += "      <summary>"
      if let start = run.startDate { text += "<start-date>\(escaped(start))</start-date>" }
      if let duration = run.duration { text += "<duration>\(duration)</duration>" }
      text += "</summary>\n"
    }
    text += "    </info>\n"
    if !run.schemas.isEmpty {
      text += "    <data>\n"
      for schema in run.schemas { text += "      <table" + attribute("schema", schema) + "/>\n" }
      text += "    </data>\n"
    }
    text += "  </run>\n</trace-toc>\n"
    return text
  }

  /// `text` with the characters XML reserves written as entities.
  private static func escaped(_ text: String) -> String {
    var result = ""
    for character in text {
      switch character {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "'": result += "&apos;"
      default: result.append(character)
      }
    }
    return result
  }

  package init(runs: [Run]) {
    self.runs = runs
  }

  /// Whether `bytes` (a document's first bytes) start a table of contents: its first element
  /// is `<trace-toc>`.
  package static func isTOC(_ bytes: ArraySlice<UInt8>) -> Bool {
    var index = bytes.startIndex
    while index < bytes.endIndex {
      guard let open = bytes[index...].firstIndex(of: UInt8(ascii: "<")) else { return false }
      let next = open + 1 < bytes.endIndex ? bytes[open + 1] : 0
      if next == UInt8(ascii: "?") || next == UInt8(ascii: "!") {
        guard let close = bytes[open...].firstIndex(of: UInt8(ascii: ">")) else { return false }
        index = close + 1
        continue
      }
      return bytes[(open + 1)...].starts(with: Array("trace-toc".utf8))
    }
    return false
  }

  /// Parses a table of contents.
  ///
  /// - Parameter file: how errors name the document.
  /// - Throws: ``TraceReadError/badData(_:)`` with the 1-based line and column of malformed XML,
  ///   or when the document is not a table of contents.
  package static func parse(_ bytes: [UInt8], file: String) throws(TraceReadError) -> XCTraceTOC {
    let padded = bytes + [UInt8](repeating: 0, count: XMLTagScanner.padding)
    do {
      return try padded.withUnsafeBufferPointer { buffer throws(XMLTagScanner.Failure) in
        XCTraceTOC(runs: try runs(in: XMLTagScanner(bytes: buffer.baseAddress!, count: bytes.count)))
      }
    } catch {
      let (line, column) = LineStarts(bytes).location(of: error.index)
      throw .badData(TraceParseError(file: file, line: line, column: column, message: error.message))
    }
  }

  // MARK: - Private

  /// The runs of the whole document in `scanner`'s buffer.
  private static func runs(in scanner: XMLTagScanner) throws(XMLTagScanner.Failure) -> [Run] {
    var stack: [String] = []
    var runs: [Run] = []
    // The decoded text of a run's `<start-date>` since its last tag.
    var startDate: [UInt8] = []
    var sawRoot = false
    var index = 0
    while index < scanner.count {
      let open = scanner.find(UInt8(ascii: "<"), from: index, to: scanner.count) ?? scanner.count
      let inStartDate =
        (stack.last == "start-date" || stack.last == "duration") && stack.dropLast().last == "summary"
        && !runs.isEmpty
      if inStartDate { try decode(index..<open, of: scanner, into: &startDate) }
      guard open < scanner.count else { break }
      let next = open + 1 < scanner.count ? scanner.bytes[open + 1] : 0
      if next == UInt8(ascii: "?") || next == UInt8(ascii: "!") {
        switch scanner.markup(at: open, atEnd: true) {
        case .skipped(let after):
          index = after
        case .cdata(let start, let end, let after):
          if inStartDate {
            startDate.append(
              contentsOf: UnsafeBufferPointer(start: scanner.bytes + start, count: end - start))
          }
          index = after
        case .needMore:
          // The buffer is padded with zeros, so a short one is not a comment.
          let what = scanner.nameIs(open, 4, "<!--") ? "comment" : "declaration"
          throw XMLTagScanner.Failure(index: open, message: "the document ends inside a \(what)")
        }
        continue
      }
      if next == UInt8(ascii: "/") {
        guard let tag = scanner.endTag(at: open) else {
          throw XMLTagScanner.Failure(index: open, message: "the document ends inside an end tag")
        }
        guard tag.nameLength > 0 else {
          throw XMLTagScanner.Failure(index: open + 2, message: "a tag without a name")
        }
        let name = scanner.string(open + 2, tag.nameLength)
        guard stack.last == name else {
          throw XMLTagScanner.Failure(index: open, message: "</\(name)> closes <\(stack.last ?? "nothing")>")
        }
        if inStartDate {
          let text = String(String(decoding: startDate, as: UTF8.self).trimmingWhitespace)
          if name == "duration" {
            runs[runs.count - 1].duration = Double(text).flatMap { $0.isFinite && $0 >= 0 ? $0 : nil }
          } else {
            runs[runs.count - 1].startDate = text
          }
        }
        stack.removeLast()
        startDate = []
        index = tag.next
        continue
      }
      guard let nameEnd = scanner.nameEnd(from: open + 1) else {
        throw XMLTagScanner.Failure(index: open, message: "the document ends inside a tag")
      }
      guard nameEnd > open + 1 else {
        throw XMLTagScanner.Failure(index: open + 1, message: "a tag without a name")
      }
      let name = scanner.string(open + 1, nameEnd - open - 1)
      var attributes: [String: String] = [:]
      index = nameEnd
      var selfClosing = false
      reading: while true {
        switch try scanner.item(at: &index, nameStart: open + 1, nameLength: nameEnd - open - 1) {
        case .attribute(let attribute, let attributeLength, let value, let valueEnd):
          var decoded: [UInt8] = []
          try decode(value..<valueEnd, of: scanner, into: &decoded, failingAt: attribute)
          attributes[scanner.string(attribute, attributeLength)] =
            String(String(decoding: decoded, as: UTF8.self).trimmingWhitespace)
        case .end(let closes):
          selfClosing = closes
          break reading
        case .needMore:
          throw XMLTagScanner.Failure(index: open, message: "the document ends inside a tag")
        }
      }
      if stack.isEmpty {
        guard !sawRoot else {
          throw XMLTagScanner.Failure(
            index: open, message: "a second root element <\(name)> after </trace-toc>")
        }
        guard name == "trace-toc" else {
          throw XMLTagScanner.Failure(
            index: open, message: "not an xctrace table of contents (its root is <\(name)>, not <trace-toc>)")
        }
        sawRoot = true
      }
      switch (name, stack.last) {
      case ("run", "trace-toc"):
        guard let text = attributes["number"], let number = Int(text), number >= 0 else {
          throw XMLTagScanner.Failure(
            index: open, message: "<run> needs a whole number in its number attribute")
        }
        runs.append(Run(number: number))
      case ("device", "target") where !runs.isEmpty:
        runs[runs.count - 1].deviceModel = attributes["model"].flatMap(nonEmpty)
        runs[runs.count - 1].deviceName = attributes["name"].flatMap(nonEmpty)
        runs[runs.count - 1].platform = attributes["platform"].flatMap(nonEmpty)
        runs[runs.count - 1].osVersion = attributes["os-version"].flatMap(nonEmpty)
      case ("process", "target") where !runs.isEmpty:
        runs[runs.count - 1].app = attributes["name"].flatMap(nonEmpty)
        runs[runs.count - 1].pid = attributes["pid"].flatMap { Int64($0) }
      case ("table", "data") where !runs.isEmpty:
        if let schema = attributes["schema"] { runs[runs.count - 1].schemas.append(schema) }
      default:
        break
      }
      if !selfClosing { stack.append(name) }
      startDate = []
    }
    guard sawRoot else {
      throw XMLTagScanner.Failure(
        index: scanner.count, message: "not an xctrace table of contents (no <trace-toc>)")
    }
    if let open = stack.last {
      throw XMLTagScanner.Failure(
        index: scanner.count, message: "the document ends inside <\(open)> (a truncated export?)")
    }
    return runs
  }

  /// Appends the character data in `range` of `scanner`'s buffer to `output`, decoded.
  ///
  /// - Parameter location: Where a failure is reported; by default at the entity that fails.
  private static func decode(
    _ range: Range<Int>, of scanner: XMLTagScanner, into output: inout [UInt8], failingAt location: Int? = nil
  ) throws(XMLTagScanner.Failure) {
    do {
      try XMLText.decode(scanner.bytes + range.lowerBound, count: range.count, into: &output)
    } catch {
      throw XMLTagScanner.Failure(index: location ?? range.lowerBound + error.offset, message: error.message)
    }
  }

  private static func nonEmpty(_ text: String) -> String? { text.isEmpty ? nil : text }
}
