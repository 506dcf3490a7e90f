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
    /// The target process's name.
    package var app: String?
    package var deviceModel: String?
    package var deviceName: String?
    package var platform: String?
    package var osVersion: String?
    /// The wall-clock start (`<start-date>`), as written.
    package var startDate: String?
    /// The `schema` of every `<table>` under `<data>`, in document order (a schema may repeat).
    package var schemas: [String] = []

    /// The device as the trace header names it: `iPhone 16 Pro, iOS 18.2 (22C152)`.
    package var device: String? {
      let system = [platform, osVersion].compactMap { $0 }.joined(separator: " ")
      let parts = [deviceModel ?? deviceName, system.isEmpty ? nil : system].compactMap { $0 }
      return parts.isEmpty ? nil : parts.joined(separator: ", ")
    }
  }

  package var runs: [Run]

  /// A table of contents of `run` alone, without its tables: what an exported folder keeps of
  /// the recording's header (app, device, start).
  package static func document(of run: Run) -> String {
    func attribute(_ name: String, _ value: String?) -> String {
      value.map { " \(name)=\"\(escaped($0))\"" } ?? ""
    }
    var text = "<?xml version=\"1.0\"?>\n<trace-toc>\n  <run number=\"\(run.number)\">\n    <info>\n"
    text += "      <target>\n"
    text +=
      "        <device" + attribute("platform", run.platform) + attribute("model", run.deviceModel)
      + attribute("name", run.deviceName) + attribute("os-version", run.osVersion) + "/>\n"
    if let app = run.app { text += "        <process" + attribute("name", app) + "/>\n" }
    text += "      </target>\n"
    if let start = run.startDate {
      text += "      <summary><start-date>\(escaped(start))</start-date></summary>\n"
    }
    text += "    </info>\n  </run>\n</trace-toc>\n"
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
    var scanner = Scanner(bytes: bytes, file: file)
    return try scanner.document()
  }

  // MARK: - Private

  /// A small XML scanner: enough for the few kilobytes of a table of contents.
  private struct Scanner {
    let bytes: [UInt8]
    let file: String
    var index = 0
    var line = 1
    var lineStart = 0

    init(bytes: [UInt8], file: String) {
      self.bytes = bytes
      self.file = file
    }

    mutating func document() throws(TraceReadError) -> XCTraceTOC {
      var stack: [String] = []
      var runs: [Run] = []
      var text: [UInt8] = []
      var sawRoot = false
      while index < bytes.count {
        let byte = bytes[index]
        guard byte == UInt8(ascii: "<") else {
          if byte == 0x0A {
            line += 1
            lineStart = index + 1
          }
          text.append(byte)
          index += 1
          continue
        }
        let tagStart = (line, index - lineStart + 1)
        if starts(with: "<!--") {
          try skip(past: "-->", what: "comment")
          continue
        }
        if starts(with: "<?") || starts(with: "<!") {
          try skip(past: ">", what: "declaration")
          continue
        }
        if starts(with: "</") {
          index += 2
          let name = try self.name()
          try skip(past: ">", what: "end tag")
          guard stack.last == name else {
            throw failure("</\(name)> closes <\(stack.last ?? "nothing")>", at: tagStart)
          }
          if name == "start-date", stack.dropLast().last == "summary", !runs.isEmpty {
            runs[runs.count - 1].startDate = try decoded(text, at: tagStart)
          }
          stack.removeLast()
          text = []
          continue
        }
        index += 1
        let name = try self.name()
        let (attributes, selfClosing) = try self.attributes(at: tagStart)
        if stack.isEmpty {
          guard name == "trace-toc", !sawRoot else {
            throw failure(
              "not an xctrace table of contents (its root is <\(name)>, not <trace-toc>)", at: tagStart)
          }
          sawRoot = true
        }
        let parent = stack.last
        switch (name, parent) {
        case ("run", "trace-toc"):
          guard let text = attributes["number"], let number = Int(text), number >= 0 else {
            throw failure("<run> needs a whole number in its number attribute", at: tagStart)
          }
          runs.append(Run(number: number))
        case ("device", "target") where !runs.isEmpty:
          runs[runs.count - 1].deviceModel = attributes["model"].flatMap(nonEmpty)
          runs[runs.count - 1].deviceName = attributes["name"].flatMap(nonEmpty)
          runs[runs.count - 1].platform = attributes["platform"].flatMap(nonEmpty)
          runs[runs.count - 1].osVersion = attributes["os-version"].flatMap(nonEmpty)
        case ("process", "target") where !runs.isEmpty:
          runs[runs.count - 1].app = attributes["name"].flatMap(nonEmpty)
        case ("table", "data") where !runs.isEmpty:
          if let schema = attributes["schema"] { runs[runs.count - 1].schemas.append(schema) }
        default:
          break
        }
        if !selfClosing { stack.append(name) }
        text = []
      }
      guard sawRoot else {
        throw failure("not an xctrace table of contents (no <trace-toc>)", at: (line, index - lineStart + 1))
      }
      if let open = stack.last {
        throw failure(
          "the document ends inside <\(open)> (a truncated export?)", at: (line, index - lineStart + 1))
      }
      return XCTraceTOC(runs: runs)
    }

    private func nonEmpty(_ text: String) -> String? { text.isEmpty ? nil : text }

    private func starts(with prefix: String) -> Bool {
      bytes[index...].starts(with: prefix.utf8)
    }

    private func failure(_ message: String, at location: (line: Int, column: Int)) -> TraceReadError {
      .badData(TraceParseError(file: file, line: location.line, column: location.column, message: message))
    }

    private mutating func advance() {
      if bytes[index] == 0x0A {
        line += 1
        lineStart = index + 1
      }
      index += 1
    }

    private mutating func skip(past terminator: String, what: String) throws(TraceReadError) {
      let start = (line, index - lineStart + 1)
      while index < bytes.count {
        if starts(with: terminator) {
          index += terminator.utf8.count
          return
        }
        advance()
      }
      throw failure("the document ends inside a \(what)", at: start)
    }

    private mutating func skipSpaces() {
      while index < bytes.count && [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { advance() }
    }

    private mutating func name() throws(TraceReadError) -> String {
      let start = index
      while index < bytes.count && !([0x20, 0x09, 0x0A, 0x0D] + Array("/>=".utf8)).contains(bytes[index]) {
        index += 1
      }
      guard index > start else { throw failure("a tag without a name", at: (line, index - lineStart + 1)) }
      return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    private mutating func attributes(at tagStart: (line: Int, column: Int)) throws(TraceReadError)
      -> ([String: String], selfClosing: Bool)
    {
      var attributes: [String: String] = [:]
      while true {
        skipSpaces()
        guard index < bytes.count else { throw failure("the document ends inside a tag", at: tagStart) }
        if bytes[index] == UInt8(ascii: ">") {
          index += 1
          return (attributes, false)
        }
        if starts(with: "/>") {
          index += 2
          return (attributes, true)
        }
        let location = (line, index - lineStart + 1)
        let name = try self.name()
        skipSpaces()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else {
          throw failure("attribute \(name) needs a value", at: location)
        }
        index += 1
        skipSpaces()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'")
        else {
          throw failure("attribute \(name) needs a quoted value", at: location)
        }
        let quote = bytes[index]
        index += 1
        let start = index
        while index < bytes.count && bytes[index] != quote { advance() }
        guard index < bytes.count else { throw failure("the document ends inside a tag", at: tagStart) }
        attributes[name] = try decoded(Array(bytes[start..<index]), at: location)
        index += 1
      }
    }

    private func decoded(_ raw: [UInt8], at location: (line: Int, column: Int)) throws(TraceReadError)
      -> String
    {
      var output: [UInt8] = []
      do {
        try raw.withUnsafeBufferPointer { buffer throws(XMLText.Failure) in
          guard let base = buffer.baseAddress else { return }
          try XMLText.decode(base, count: buffer.count, into: &output)
        }
      } catch {
        throw failure(error.message, at: location)
      }
      return String(decoding: output, as: UTF8.self).trimmingSpaces
    }
  }
}

extension String {
  /// The text without leading and trailing white space.
  fileprivate var trimmingSpaces: String {
    var text = Substring(self)
    while let first = text.first, first.isWhitespace { text = text.dropFirst() }
    while let last = text.last, last.isWhitespace { text = text.dropLast() }
    return String(text)
  }
}
