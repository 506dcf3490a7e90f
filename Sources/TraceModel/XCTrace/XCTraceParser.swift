#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Streams one `xctrace export` XML document into an ``XCTraceTableHandler``: elements and
/// their text, `id`/`ref` interning, and table rows cut into cells by position.
///
/// The document, by example:
///
///     <trace-query-result>
///     <node xpath='//trace-toc[1]/run[1]/data[1]/table[9]'><schema name="potential-hangs">
///       <col><mnemonic>start</mnemonic>…</col><col><mnemonic>thread</mnemonic>…</col>…</schema>
///     <row><start-time id="1" fmt="00:04.933.931">4933931583</start-time>…<thread id="4"
///       fmt="Main Thread (0x2732bb) (TestApp, pid: 12345)"><tid id="5" fmt="0x2732bb">2568891</tid>
///       <process id="6" fmt="TestApp (12345)">…</process></thread>…</row>
///     <row><start-time id="9" fmt="00:06.468.610">6468610833</start-time>…<thread ref="4"/>…</row>
///     </node></trace-query-result>
///
/// Cell *i* of a row is column *i* of the schema, whatever the element is called. An element
/// with `id="N"` defines N (ids are unique in a document; nested elements carry their own);
/// `ref="N"` stands for that value. `<sentinel/>` is an empty cell. A leaf's text wins over
/// its `fmt`; an element with child elements is a composite (its `fmt`, its children).
///
/// The file is read through one ``XMLWindow`` (it grows only for a single token longer than
/// it), so memory is the window plus the intern table; the window counts lines for error
/// locations (`file:line:column`, the column in bytes). Markup is read by ``XMLTagScanner``.
struct XCTraceParser: ~Copyable {
  /// What an open element is to the parser.
  private enum Role: UInt8 {
    case document, root, node, schema, column, mnemonic, columnName, columnType, row, value, ignored
  }

  /// An open element.
  private struct Open {
    var role: Role
    var isSentinel = false
    var hasRef = false
    var nameLength: Int32 = 0
    var nameHead: UInt64 = 0
    var nameTail: UInt64 = 0
    var nameOffset: Int64 = 0
    var id: Int64 = -1
    var ref = XCTraceValue.empty
    var fmtOffset: Int64 = -1
    var fmtLength: Int32 = 0
    /// Child elements seen so far.
    var childCount: Int32 = 0
    /// The position among the parent's child elements.
    var indexInParent: Int32 = 0
  }

  private enum Step {
    case done
    case needMore
  }

  static let defaultChunkSize = 4 << 20
  private static let maxDepth = 256

  // The window comes first: with a String first, swift-frontend 6.3.1 under
  // -sanitize=thread emits an inout-access check on the String's first word as if it were
  // an address ("Invalid bitcast … Broken module found" in startTag and deliver).
  private var window: XMLWindow
  let name: String
  private(set) var values: XCTraceValueTable
  /// The index in the window's buffer where reading goes on.
  private var position = 0

  // MARK: Elements
  private let stack: UnsafeMutablePointer<Open>
  private var depth = 0
  private var textOffset: Int64 = -1
  private var textLength = 0
  private var textInScratch = false
  private var scratch: [UInt8] = []

  // MARK: Tables
  private var cells: UnsafeMutablePointer<XCTraceValue>
  private var cellCapacity = 0
  private var columnCount = 0
  private var hasSchema = false
  private var schemaName: String?
  private var columns: [XCTraceSchema.Column] = []
  private var column = XCTraceSchema.Column(mnemonic: "", name: "", engineeringType: "")
  private var tableLine = 0
  private var rowLine = 0
  private var rowColumn = 0
  private var rows = 0
  private var sawRoot = false

  /// Opens the document at `path`; `name` is how errors name it.
  ///
  /// - Parameter readAhead: whether the file is read on another thread, a chunk ahead of the
  ///   parse (by default when the process may run on more than one processor).
  init(
    path: String, name: String, symbols: SymbolTable, chunkSize: Int = XCTraceParser.defaultChunkSize,
    readAhead: Bool = ProcessorCount.available > 1
  ) throws(TraceReadError) {
    self.name = name
    let file = try SystemFile(path: path)
    window = XMLWindow(file: file, chunkSize: chunkSize, readAhead: readAhead)
    values = XCTraceValueTable(symbols: symbols)
    values.file = file
    stack = .allocate(capacity: Self.maxDepth + 1)
    cells = .allocate(capacity: 1)
  }

  deinit {
    window.deallocate()
    stack.deallocate()
    cells.deallocate()
  }

  /// Bytes read so far.
  var bytesRead: Int64 { window.bytesRead }

  /// Lines in the document (after ``parse(into:)``).
  var lines: Int { window.lines }

  /// The bytes in the window.
  @inline(__always)
  private var buffer: UnsafeMutablePointer<UInt8> { window.buffer }

  /// The number of bytes in the window.
  @inline(__always)
  private var filled: Int { window.filled }

  /// The file offset of the window's first byte.
  @inline(__always)
  private var windowBase: Int64 { window.base }

  /// Whether the window holds the end of the document.
  private var atEnd: Bool { window.atEnd }

  // MARK: - Parsing

  /// Reads the whole document, handing its tables to `handler`.
  ///
  /// - Throws: ``TraceReadError/badData(_:)`` with the file, line and column of the first
  ///   malformed construct, truncation, or table the handler refuses.
  mutating func parse<Handler: XCTraceTableHandler>(into handler: inout Handler) throws(TraceReadError) {
    stack[0] = Open(role: .document)
    depth = 1
    refill(keepingFrom: 0)
    if filled >= 3 && buffer[0] == 0xEF && buffer[1] == 0xBB && buffer[2] == 0xBF { position = 3 }
    while true {
      guard let tagStart = scanner.find(UInt8(ascii: "<"), from: position, to: filled) else {
        if atEnd {
          try finishDocument()
          return
        }
        if recordsText {
          // Keep the whole run (and an earlier one) so it is decoded in one piece.
          let keep =
            textOffset >= 0 && !textInScratch ? min(position, Int(textOffset - windowBase)) : position
          refill(keepingFrom: keep)
        } else {
          position = filled
          refill(keepingFrom: filled)
        }
        continue
      }
      if tagStart > position { try text(from: position, to: tagStart) }
      position = tagStart
      if try tag(at: tagStart, handler: &handler) == .needMore {
        if atEnd {
          throw failure(at: windowBase + Int64(tagStart), "the file ends inside a tag\(truncationHint)")
        }
        let keep = textOffset >= 0 && !textInScratch ? min(tagStart, Int(textOffset - windowBase)) : tagStart
        refill(keepingFrom: keep)
      }
    }
  }

  private var truncationHint: String {
    depth > 1 ? " (inside <\(openName(depth - 1))>); the export looks truncated" : ""
  }

  private mutating func finishDocument() throws(TraceReadError) {
    window.advanceLines(to: windowBase + Int64(filled))
    if depth > 1 {
      throw failure(
        at: windowBase + Int64(filled),
        "the file ends inside <\(openName(depth - 1))> (opened on line \(window.line(of: stack[depth - 1].nameOffset))); the export looks truncated"
      )
    }
    if !sawRoot {
      throw failure(at: windowBase + Int64(filled), "no XML element found; not an xctrace export")
    }
  }

  /// Whether text now belongs to an element that keeps it (a leaf so far).
  private var recordsText: Bool {
    let top = stack[depth - 1]
    switch top.role {
    case .value: return top.childCount == 0 && !top.hasRef && !top.isSentinel
    case .mnemonic, .columnName, .columnType: return true
    default: return false
    }
  }

  // MARK: - Text

  /// Character data between tags, `[start, end)` of the buffer.
  @inline(__always)
  private mutating func text(from start: Int, to end: Int) throws(TraceReadError) {
    guard recordsText else { return }
    if textOffset < 0 {
      textOffset = windowBase + Int64(start)
      textLength = end - start
      return
    }
    try moveTextToScratch()
    var decoded = scratch
    scratch = []
    defer { scratch = decoded }
    try decode(start, end - start, into: &decoded)
  }

  /// CDATA content: appended without decoding.
  private mutating func cdata(from start: Int, to end: Int) throws(TraceReadError) {
    guard recordsText else { return }
    try moveTextToScratch()
    if textOffset < 0 { textOffset = windowBase + Int64(start) }
    scratch.append(contentsOf: UnsafeBufferPointer(start: buffer + start, count: end - start))
  }

  private mutating func moveTextToScratch() throws(TraceReadError) {
    guard !textInScratch else { return }
    var decoded = scratch
    scratch = []
    decoded.removeAll(keepingCapacity: true)
    defer { scratch = decoded }
    if textOffset >= 0 { try decode(Int(textOffset - windowBase), textLength, into: &decoded) }
    textInScratch = true
  }

  private func decode(_ start: Int, _ count: Int, into output: inout [UInt8]) throws(TraceReadError) {
    do {
      try XMLText.decode(buffer + start, count: count, into: &output)
    } catch {
      throw failure(at: windowBase + Int64(start + error.offset), error.message)
    }
  }

  private mutating func resetText() {
    textOffset = -1
    textLength = 0
    textInScratch = false
  }

  /// The decoded text of the innermost element (empty when it has none).
  private mutating func currentText() throws(TraceReadError) -> [UInt8] {
    if textOffset < 0 { return [] }
    if !textInScratch { try moveTextToScratch() }
    return scratch
  }

  // MARK: - Tags

  /// The tokenizer over the bytes in the buffer.
  @inline(__always)
  private var scanner: XMLTagScanner { XMLTagScanner(bytes: buffer, count: filled) }

  /// Reads the markup at `start` (a `<`); `.needMore` when it does not end in the buffer.
  @inline(__always)
  private mutating func tag<Handler: XCTraceTableHandler>(at start: Int, handler: inout Handler)
    throws(TraceReadError) -> Step
  {
    guard start + 1 < filled else { return .needMore }
    switch buffer[start + 1] {
    case UInt8(ascii: "/"): return try endTag(at: start, handler: &handler)
    case UInt8(ascii: "?"), UInt8(ascii: "!"): return try markup(at: start)
    default: return try startTag(at: start, handler: &handler)
    }
  }

  /// A processing instruction, comment, CDATA section or document type declaration.
  private mutating func markup(at start: Int) throws(TraceReadError) -> Step {
    switch scanner.markup(at: start, atEnd: atEnd) {
    case .needMore:
      return .needMore
    case .skipped(let next):
      position = next
    case .cdata(let contentStart, let contentEnd, let next):
      try cdata(from: contentStart, to: contentEnd)
      position = next
    }
    return .done
  }

  @inline(__always)
  private mutating func startTag<Handler: XCTraceTableHandler>(at start: Int, handler: inout Handler)
    throws(TraceReadError) -> Step
  {
    // A local, so the scans below keep the buffer and its end in registers.
    let scanner = self.scanner
    let buffer = self.buffer
    let nameStart = start + 1
    guard let nameEnd = scanner.nameEnd(from: nameStart) else { return .needMore }
    let nameLength = nameEnd - nameStart
    guard nameLength > 0 else {
      throw failure(at: windowBase + Int64(start), "'<' must start a tag (write &lt; in text)")
    }
    let parentRole = stack[depth - 1].role
    let role = Self.role(in: parentRole, scanner, nameStart, nameLength)
    if role == .value, let step = try referenceTag(at: start, nameEnd: nameEnd) { return step }
    // Attributes.
    var index = nameEnd
    var id: Int64 = -1
    var ref: Int64 = -1
    var fmtStart = -1
    var fmtLength = 0
    var schemaNameStart = -1
    var schemaNameLength = 0
    var selfClosing = false
    // A leaf's ` id="N" fmt="…">` (a third of the tags) at once; any other attributes in turn.
    var read = false
    if role == .value, let leaf = scanner.identifiedFormat(at: nameEnd) {
      (id, fmtStart, fmtLength, index) = (leaf.id, leaf.fmtStart, leaf.fmtEnd - leaf.fmtStart, leaf.end)
      read = true
    }
    attributes: while !read {
      let item: XMLTagScanner.Item
      if let common = scanner.commonAttribute(at: &index) {
        item = common
      } else {
        do {
          item = try scanner.item(at: &index, nameStart: nameStart, nameLength: nameLength)
        } catch {
          throw failure(at: windowBase + Int64(error.index), error.message)
        }
      }
      switch item {
      case .needMore:
        return .needMore
      case .end(let closes):
        selfClosing = closes
        break attributes
      case .attribute(let attributeStart, let attributeLength, let valueStart, let valueEnd):
        switch attributeLength {
        case 2
        where buffer[attributeStart] == UInt8(ascii: "i") && buffer[attributeStart + 1] == UInt8(ascii: "d"):
          guard let value = XMLText.decimal(padded: buffer + valueStart, count: valueEnd - valueStart) else {
            throw notANumber(valueStart, valueEnd - valueStart, "id")
          }
          id = value
        case 3 where scanner.nameIs(attributeStart, 3, "ref"):
          guard let value = XMLText.decimal(padded: buffer + valueStart, count: valueEnd - valueStart) else {
            throw notANumber(valueStart, valueEnd - valueStart, "ref")
          }
          ref = value
        case 3 where scanner.nameIs(attributeStart, 3, "fmt"):
          fmtStart = valueStart
          fmtLength = valueEnd - valueStart
        case 4 where role == .schema && scanner.nameIs(attributeStart, 4, "name"):
          schemaNameStart = valueStart
          schemaNameLength = valueEnd - valueStart
        default:
          break
        }
      }
    }
    // The tag is complete: apply it.
    if role == .value {
      // The common shapes take no stack entry: `<x ref="N"/>`, `<sentinel/>`, and a leaf
      // `<x id="N" fmt="…">text</x>` whose end tag is in the buffer.
      let isSentinel = scanner.isSentinel(nameStart, nameLength)
      var referenced = XCTraceValue.undefined
      if ref >= 0 {
        referenced = values.value(of: ref)
        guard referenced != .undefined else {
          throw failure(at: windowBase + Int64(start), "ref=\"\(ref)\" names no earlier id in this document")
        }
      }
      if selfClosing {
        position = index
        var value = XCTraceValue.empty
        if ref >= 0 {
          value = referenced
        } else if !isSentinel && fmtStart >= 0 {
          value = try fmtLeaf(fmtStart, fmtLength)
        }
        try deliver(value, id: id, at: start)
        return .done
      }
      if let textEnd = scanner.leafTextEnd(from: index, nameStart: nameStart, nameLength: nameLength),
        scanner.find(UInt8(ascii: "&"), from: index, to: textEnd) == nil
      {
        var value = XCTraceValue.empty
        if ref >= 0 {
          value = referenced
        } else if !isSentinel {
          let count = textEnd - index
          if count > 0 {
            if count <= 19, let number = XCTraceValueTable.plainInteger(padded: buffer + index, count: count),
              let small = XCTraceValue.integer(number)
            {
              value = small
            } else {
              textOffset = windowBase + Int64(index)
              value = try leaf(UnsafeBufferPointer(start: buffer + index, count: count))
            }
          } else if fmtStart >= 0 {
            value = try fmtLeaf(fmtStart, fmtLength)
          }
        }
        position = textEnd + 3 + nameLength
        try deliver(value, id: id, at: start)
        return .done
      }
    }
    position = index
    guard depth <= Self.maxDepth else {
      throw failure(at: windowBase + Int64(start), "elements nested more than \(Self.maxDepth) deep")
    }
    var open = Open(role: role)
    let (head, tail) = scanner.nameKey(nameStart, nameLength)
    open.nameLength = Int32(clamping: nameLength)
    open.nameHead = head
    open.nameTail = tail
    open.nameOffset = windowBase + Int64(nameStart)
    open.id = id
    if role == .value {
      if ref >= 0 {
        let value = values.value(of: ref)
        guard value != .undefined else {
          throw failure(at: windowBase + Int64(start), "ref=\"\(ref)\" names no earlier id in this document")
        }
        open.hasRef = true
        open.ref = value
      }
      open.isSentinel = scanner.isSentinel(nameStart, nameLength)
      if fmtStart >= 0 {
        open.fmtOffset = windowBase + Int64(fmtStart)
        open.fmtLength = Int32(clamping: fmtLength)
      }
    }
    open.indexInParent = stack[depth - 1].childCount
    stack[depth - 1].childCount &+= 1
    resetText()
    switch role {
    case .root:
      sawRoot = true
    case .node:
      hasSchema = false
      rows = 0
      tableLine = window.line(of: windowBase + Int64(start))
    case .schema:
      columns = []
      schemaName = schemaNameStart >= 0 ? try decodedString(schemaNameStart, schemaNameLength) : nil
      tableLine = window.line(of: windowBase + Int64(start))
    case .column:
      column = XCTraceSchema.Column(mnemonic: "", name: "", engineeringType: "")
    case .row:
      guard hasSchema else {
        throw failure(
          at: windowBase + Int64(start), "a <row> before the table's <schema>; not an xctrace export")
      }
      window.advanceLines(to: windowBase + Int64(start))
      rowLine = window.currentLine
      rowColumn = window.column(of: windowBase + Int64(start))
      if columnCount > 0 { cells.update(repeating: .empty, count: columnCount) }
    default:
      break
    }
    stack[depth] = open
    depth += 1
    if selfClosing { try endElement(handler: &handler) }
    return .done
  }

  @inline(__always)
  private static func role(
    in parent: Role, _ scanner: XMLTagScanner, _ nameStart: Int, _ nameLength: Int
  ) -> Role {
    switch parent {
    case .row, .value: return .value
    case .document: return .root
    case .root: return scanner.nameIs(nameStart, nameLength, "node") ? .node : .value
    case .node:
      if scanner.nameIs(nameStart, nameLength, "row") { return .row }
      if scanner.nameIs(nameStart, nameLength, "schema") { return .schema }
      return .value
    case .schema: return scanner.nameIs(nameStart, nameLength, "col") ? .column : .ignored
    case .column:
      if scanner.nameIs(nameStart, nameLength, "mnemonic") { return .mnemonic }
      if scanner.nameIs(nameStart, nameLength, "name") { return .columnName }
      if scanner.nameIs(nameStart, nameLength, "engineering-type") { return .columnType }
      return .ignored
    case .mnemonic, .columnName, .columnType, .ignored: return .ignored
    }
  }

  @inline(__always)
  private mutating func endTag<Handler: XCTraceTableHandler>(at start: Int, handler: inout Handler)
    throws(TraceReadError) -> Step
  {
    let scanner = self.scanner
    guard let (nameLength, next) = scanner.endTag(at: start) else { return .needMore }
    let nameStart = start + 2
    guard depth > 1 else {
      throw failure(
        at: windowBase + Int64(start), "</\(scanner.string(nameStart, nameLength))> closes no open element")
    }
    let top = stack[depth - 1]
    let (head, tail) = scanner.nameKey(nameStart, nameLength)
    guard top.nameLength == Int32(clamping: nameLength) && top.nameHead == head && top.nameTail == tail else {
      throw failure(
        at: windowBase + Int64(start),
        "</\(scanner.string(nameStart, nameLength))> does not close <\(openName(depth - 1))> (opened on line \(window.line(of: top.nameOffset)))"
      )
    }
    position = next
    try endElement(handler: &handler)
    return .done
  }

  // MARK: - Elements

  /// Closes the innermost element: resolves its value or finishes the structure it builds.
  @inline(__always)
  private mutating func endElement<Handler: XCTraceTableHandler>(handler: inout Handler)
    throws(TraceReadError)
  {
    let top = stack[depth - 1]
    depth -= 1
    switch top.role {
    case .value:
      let value = try value(of: top)
      if top.id >= 0 {
        guard values.define(top.id, as: value) else {
          throw failure(at: top.nameOffset - 1, "id=\"\(top.id)\" is defined twice in this document")
        }
      }
      let parent = stack[depth - 1]
      let index = Int(top.indexInParent)
      if parent.role == .row && index < columnCount { cells[index] = value }
    case .mnemonic:
      column.mnemonic = try textString()
    case .columnName:
      column.name = try textString()
    case .columnType:
      column.engineeringType = try textString()
    case .column:
      columns.append(column)
    case .schema:
      let schema = XCTraceSchema(name: schemaName, columns: columns)
      hasSchema = true
      columnCount = columns.count
      if cellCapacity < columnCount {
        cells.deallocate()
        cellCapacity = max(columnCount, 16)
        cells = .allocate(capacity: cellCapacity)
      }
      do {
        try handler.beginTable(schema, line: tableLine, values: &values)
      } catch {
        throw failure(at: top.nameOffset - 1, error.message)
      }
    case .row:
      do {
        try handler.row(UnsafeBufferPointer(start: cells, count: columnCount), line: rowLine, values: &values)
      } catch {
        throw .badData(TraceParseError(file: name, line: rowLine, column: rowColumn, message: error.message))
      }
      rows += 1
    case .node:
      if hasSchema { handler.endTable(rows: rows, line: tableLine, values: &values) }
      hasSchema = false
      columnCount = 0
    default:
      break
    }
    resetText()
  }

  /// Hands the value of an element that needed no stack entry to its parent.
  @inline(__always)
  private mutating func deliver(_ value: XCTraceValue, id: Int64, at start: Int) throws(TraceReadError) {
    if id >= 0 {
      guard values.define(id, as: value) else {
        throw failure(at: windowBase + Int64(start), "id=\"\(id)\" is defined twice in this document")
      }
    }
    resetText()
    let parent = depth - 1
    let index = Int(stack[parent].childCount)
    stack[parent].childCount &+= 1
    if stack[parent].role == .row && index < columnCount { cells[index] = value }
  }

  /// Reads a value tag of the commonest shape, `<x ref="N"/>` (half the tags of an export), at
  /// once; nil for any other tag, which takes the general path.
  @inline(__always)
  private mutating func referenceTag(at start: Int, nameEnd: Int) throws(TraceReadError) -> Step? {
    guard let (ref, end) = scanner.reference(at: nameEnd) else { return nil }
    let referenced = values.value(of: ref)
    // An undefined id takes the general path, which reports it.
    guard referenced != .undefined else { return nil }
    position = end
    try deliver(referenced, id: -1, at: start)
    return .done
  }

  /// The leaf value of a `fmt` attribute at `[start, start + count)` of the buffer.
  private mutating func fmtLeaf(_ start: Int, _ count: Int) throws(TraceReadError) -> XCTraceValue {
    textOffset = windowBase + Int64(start)
    defer { resetText() }
    if scanner.find(UInt8(ascii: "&"), from: start, to: start + count) == nil {
      return try leaf(UnsafeBufferPointer(start: buffer + start, count: count))
    }
    var decoded: [UInt8] = []
    try decode(start, count, into: &decoded)
    textInScratch = true
    return try decoded.withUnsafeBufferPointer { text throws(TraceReadError) in try leaf(text) }
  }

  /// The value of a closing value element.
  @inline(__always)
  private mutating func value(of open: Open) throws(TraceReadError) -> XCTraceValue {
    if open.hasRef { return open.ref }
    if open.isSentinel { return .empty }
    if open.childCount > 0 {
      return .composite(at: open.nameOffset - 1)
    }
    if textOffset >= 0 {
      if !textInScratch {
        let start = buffer + Int(textOffset - windowBase)
        if textLength <= 19, let number = XCTraceValueTable.plainInteger(padded: start, count: textLength),
          let small = XCTraceValue.integer(number)
        {
          return small
        }
        let textStart = Int(textOffset - windowBase)
        if scanner.find(UInt8(ascii: "&"), from: textStart, to: textStart + textLength) == nil {
          return try leaf(UnsafeBufferPointer(start: start, count: textLength))
        }
      }
      let text = try currentText()
      return try text.withUnsafeBufferPointer { text throws(TraceReadError) in try leaf(text) }
    }
    if open.fmtOffset >= 0 {
      let raw = window.bytes(at: open.fmtOffset, count: Int(open.fmtLength))
      scratch.removeAll(keepingCapacity: true)
      do {
        try raw.withUnsafeBufferPointer { raw throws(XMLText.Failure) in
          if let base = raw.baseAddress { try XMLText.decode(base, count: raw.count, into: &scratch) }
        }
      } catch {
        throw failure(at: open.fmtOffset + Int64(error.offset), error.message)
      }
      let copy = scratch
      return try copy.withUnsafeBufferPointer { text throws(TraceReadError) in try leaf(text) }
    }
    return .empty
  }

  private mutating func leaf(_ text: UnsafeBufferPointer<UInt8>) throws(TraceReadError) -> XCTraceValue {
    guard let base = text.baseAddress, text.count > 0 else {
      return .text(values.symbols.intern(UnsafeRawBufferPointer(start: nil, count: 0)))
    }
    if let bad = XMLText.firstInvalidUTF8(base, count: text.count) {
      let offset =
        textOffset >= 0 && !textInScratch ? textOffset + Int64(bad) : (textOffset >= 0 ? textOffset : 0)
      throw failure(at: offset, "invalid UTF-8 in text")
    }
    return values.leaf(base, count: text.count)
  }

  /// The decoded text of the innermost element, as a string (schema fields).
  private mutating func textString() throws(TraceReadError) -> String {
    String(decoding: try currentText(), as: UTF8.self)
  }

  private func decodedString(_ start: Int, _ count: Int) throws(TraceReadError) -> String {
    var bytes: [UInt8] = []
    try decode(start, count, into: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  private func notANumber(_ start: Int, _ count: Int, _ attribute: String) -> TraceReadError {
    failure(at: windowBase + Int64(start), "\(attribute)=\"\(scanner.string(start, count))\" is not a number")
  }

  /// The name of the open element at stack position `index`, read back from the document.
  private func openName(_ index: Int) -> String {
    let open = stack[index]
    return String(decoding: window.bytes(at: open.nameOffset, count: Int(open.nameLength)), as: UTF8.self)
  }

  // MARK: - Window

  /// Drops the bytes before index `keep` and reads more after the rest.
  private mutating func refill(keepingFrom keep: Int) {
    let base = windowBase
    window.refill(keepingFrom: keep)
    position = max(position - Int(windowBase - base), 0)
    values.window = UnsafePointer(buffer)
    values.windowBase = windowBase
    values.windowCount = filled
  }

  /// A data error at absolute `offset`.
  private func failure(at offset: Int64, _ message: String) -> TraceReadError {
    let (line, column) = window.location(of: offset)
    return .badData(TraceParseError(file: name, line: line, column: column, message: message))
  }
}
