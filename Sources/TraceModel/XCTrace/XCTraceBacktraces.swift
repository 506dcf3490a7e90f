/// The stacks of Time Profiler rows: each `stack` cell's frames as functions, leaf first, and
/// the interning that lets later rows name a stack, a frame or a binary by `ref`.
///
/// Stack cells, by example (Xcode 26 and earlier; Xcode 27 wraps each `<backtrace>` in a
/// `<tagged-backtrace id="N" fmt="LEAF ← (K other frames)">`, repeated as
/// `<tagged-backtrace ref="N"/>`):
///
///     <backtrace id="10"><frame id="11" name="-[UIScrollView handlePan:]" addr="0x1eaa4247c">
///       <binary id="12" name="UIKitCore" path="/System/Library/PrivateFrameworks/…/UIKitCore"/>
///       </frame><frame id="13" name="-[UIWindow sendEvent:]" addr="…"><binary ref="12"/></frame>
///       …</backtrace>
///     <backtrace id="34"><frame id="35" name="swift_allocObject" …>…</frame><frame ref="13"/>…</backtrace>
///     <backtrace ref="10"/>
///     <backtrace id="127"><frame id="128" name="0x1b2c4d5e8" addr="0x1b2c4d5e8"/>…</backtrace>
///
/// The last frame has no binary: Instruments could not symbolicate it and names it by its
/// address. A function is a frame's name in a binary, so the several frames of one function
/// (one per address: the sampled PC, each call site's return address) are one function.
///
/// The parser keeps an element with children as its offset in the file, and nothing of the
/// attributes of `<frame>` and `<binary>`; so a stack element is read again here (from the
/// parser's window, else from the file) the first time a row names it, and a `ref` to it later
/// resolves to the same offset, a lookup. Only interning is kept: frame and binary ids (of
/// the current document), stacks by the offset of the element that defines them, the
/// functions and binaries seen; never rows.
struct XCTraceBacktraces {
  /// A binary image: its `name` and `path` (nil when not written).
  private struct Binary: Hashable {
    var name: Symbol
    var path: Symbol?
  }

  /// A function: a frame name in a binary (-1: a frame without one).
  private struct Function {
    var name: Symbol
    var binary: Int32
  }

  /// The attributes of a start tag that stacks use, as ranges of the scanner's bytes.
  private struct Tag {
    var name: Range<Int>
    var id: Int64 = -1
    var ref: Int64 = -1
    var label: Range<Int>?
    var path: Range<Int>?
    var address: Range<Int>?
    var selfClosing = false
  }

  /// A `<frame>` whose end tag is still to come.
  private struct PendingFrame {
    var id: Int64
    var name: Symbol
    var binary: Int32 = -1
  }

  /// What an open element of a stack cell is.
  private enum Role {
    /// A `<frame>` being defined.
    case frame
    /// The cell's element, or a `<backtrace>`/`<tagged-backtrace>` in it: it defines a stack
    /// from the functions read since it opened (their count then is `start`).
    case stack(offset: Int64, start: Int)
    case other
  }

  let symbols: SymbolTable
  /// The recorded process's name: its binary of that name, and the binaries in its `.app`
  /// bundle, are the app's own code (`user` symbols).
  var appName: String? {
    didSet {
      bundle = nil
      checkedBinaries = 0
    }
  }
  /// Refs to a frame, binary or stack not read before in the document (in another table's
  /// cells, say): left out of their stack, counted.
  var unresolved = 0
  /// Stack cells without frames tracecli can read (text, or an element it could not read
  /// again): read as empty stacks, counted.
  var unreadable = 0

  // The whole reading's.
  private var binaries: [Binary] = []
  private var binaryIndex: [Binary: Int32] = [:]
  private var functions: [Function] = []
  private var functionIndex: [UInt64: Int32] = [:]
  /// The `symbol` id of each function, 0 until a sample first uses it.
  private var symbolIDs: [Int64] = []
  /// The function of each `symbol` id (id 1 at index 0).
  private var functionOfSymbol: [Int32] = []
  /// The app's bundle (`…/Landmarks.app/`), once its main binary is seen, and how many binaries
  /// were looked at for it.
  private var bundle: Substring?
  private var checkedBinaries = 0

  // The current document's.
  private var frames: [Int64: Int32] = [:]
  private var binaryIDs: [Int64: Int32] = [:]
  /// The stacks read, as function indices (or `symbol` ids once ``symbolized``); stack 0 is
  /// the empty one.
  private var stacks: [[Int64]] = [[]]
  private var symbolized: [Bool] = [true]
  /// The stack each element defines, by the element's offset in the file.
  private var stackAt: [Int64: Int32] = [:]
  /// The last stack cell's element and stack (consecutive samples often share a stack).
  private var last: (offset: Int64, stack: Int32) = (-1, 0)

  init(symbols: SymbolTable) {
    self.symbols = symbols
  }

  /// Starts a document: ids and offsets of one mean nothing in the next.
  mutating func beginDocument() {
    frames = [:]
    binaryIDs = [:]
    stacks = [[]]
    symbolized = [true]
    stackAt = [:]
    last = (-1, 0)
  }

  // MARK: - Stacks

  /// The stack of a `stack` cell, as an index for ``symbolIDs(ofStack:emit:)``: 0, the empty
  /// stack, for a `<sentinel/>` or an empty cell.
  mutating func stack(of cell: XCTraceValue, _ values: borrowing XCTraceValueTable) -> Int32 {
    guard let offset = cell.compositeOffset else {
      if !cell.isEmpty && !values.isBlank(cell) { unreadable += 1 }
      return 0
    }
    if offset == last.offset { return last.stack }
    let stack: Int32
    if let known = stackAt[offset] {
      stack = known
    } else {
      stack = read(at: offset, values)
      stackAt[offset] = stack
    }
    last = (offset, stack)
    return stack
  }

  /// The `symbol` ids of stack `index`, leaf first; `emit` receives the `symbol` of each
  /// function the first time a stack holds it (ids 1, 2, 3… in that order).
  mutating func symbolIDs(ofStack index: Int32, emit: (CodeSymbol) -> Void) -> [Int64] {
    let position = Int(index)
    if symbolized[position] { return stacks[position] }
    var stack = stacks[position]
    stacks[position] = []
    for slot in stack.indices {
      let function = Int(stack[slot])
      var id = symbolIDs[function]
      if id == 0 {
        id = Int64(functionOfSymbol.count + 1)
        symbolIDs[function] = id
        functionOfSymbol.append(Int32(function))
        let record = functions[function]
        let binary = record.binary >= 0 ? binaries[Int(record.binary)].name : nil
        emit(CodeSymbol(id: id, name: record.name, binary: binary, user: isUser(record.binary)))
      }
      stack[slot] = id
    }
    stacks[position] = stack
    symbolized[position] = true
    return stack
  }

  /// The function indices of stack `index`.
  private func functionIndices(ofStack index: Int32) -> [Int64] {
    let stack = stacks[Int(index)]
    guard symbolized[Int(index)] else { return stack }
    return stack.map { Int64(functionOfSymbol[Int($0) - 1]) }
  }

  // MARK: - Reading a stack element

  /// Reads the stack element at `offset` again, from the parser's window or else the file.
  private mutating func read(at offset: Int64, _ values: borrowing XCTraceValueTable) -> Int32 {
    if let window = values.window, offset >= values.windowBase,
      offset < values.windowBase + Int64(values.windowCount)
    {
      // The row being read ends in the window, so an element that starts there ends there too.
      let start = Int(offset - values.windowBase)
      return parse(
        XMLTagScanner(bytes: window + start, count: values.windowCount - start), at: offset, values)
    }
    var capacity = 16 << 10
    while let file = values.file {
      let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity + XMLTagScanner.padding)
      defer { buffer.deallocate() }
      buffer.initialize(repeating: 0, count: capacity + XMLTagScanner.padding)
      let count = file.read(into: buffer, count: capacity, at: offset)
      guard count > 0 else { break }
      let scanner = XMLTagScanner(bytes: buffer, count: count)
      if Self.elementEnd(scanner) != nil { return parse(scanner, at: offset, values) }
      if count < capacity { break }
      capacity *= 4
    }
    unreadable += 1
    return 0
  }

  /// Reads the frames of the complete element at the start of `scanner`'s bytes (at file
  /// offset `base`), defining the frames, binaries and stacks it holds; returns its stack.
  ///
  /// Frames are found anywhere inside it, in document order (leaf first): directly in a
  /// `<backtrace>`, or in one inside a `<tagged-backtrace>`. A `ref` to a stack element
  /// stands for that stack's frames.
  private mutating func parse(
    _ scanner: XMLTagScanner, at base: Int64, _ values: borrowing XCTraceValueTable
  ) -> Int32 {
    var found: [Int64] = []
    var open: [Role] = []
    var frame: PendingFrame?
    // The last stack defined, and the functions it covers: an element around it alone
    // (a `<tagged-backtrace>` around its `<backtrace>`) is the same stack.
    var last: (stack: Int32, start: Int, end: Int)?
    var result: Int32 = 0
    var index = 0
    scan: while let tagStart = scanner.find(UInt8(ascii: "<"), from: index, to: scanner.count),
      tagStart + 1 < scanner.count
    {
      index = tagStart
      switch scanner.bytes[tagStart + 1] {
      case UInt8(ascii: "/"):
        guard let end = scanner.endTag(at: tagStart), let role = open.popLast() else { break scan }
        index = end.next
        switch role {
        case .frame:
          if let pending = frame { found.append(Int64(define(pending))) }
          frame = nil
        case .stack(let offset, let start):
          let stack: Int32
          if let last, last.start == start, last.end == found.count {
            stack = last.stack
          } else {
            stack = Int32(stacks.count)
            stacks.append(Array(found[start...]))
            symbolized.append(false)
          }
          stackAt[offset] = stack
          last = (stack, start, found.count)
          if open.isEmpty { result = stack }
        case .other:
          break
        }
        if open.isEmpty { break scan }
      case UInt8(ascii: "!"), UInt8(ascii: "?"):
        switch scanner.markup(at: tagStart, atEnd: true) {
        case .skipped(let next), .cdata(_, _, let next): index = next
        case .needMore: break scan
        }
      default:
        // `<frame ref="N"/>`, most of the tags of a new stack, at once.
        if !open.isEmpty && frame == nil, tagStart + 6 < scanner.count,
          scanner.nameIs(tagStart + 1, 5, "frame"), let (ref, end) = scanner.reference(at: tagStart + 6)
        {
          if let function = frames[ref] { found.append(Int64(function)) } else { unresolved += 1 }
          index = end
          continue scan
        }
        guard let tag = Self.startTag(scanner, at: &index) else { break scan }
        let offset = base + Int64(tagStart)
        let name = tag.name
        if open.isEmpty {
          // The cell's own element.
          if tag.selfClosing { break scan }
          open.append(.stack(offset: offset, start: 0))
        } else if scanner.nameIs(name.lowerBound, name.count, "frame") {
          if tag.ref >= 0 {
            if let function = frames[tag.ref] { found.append(Int64(function)) } else { unresolved += 1 }
            if !tag.selfClosing { open.append(.other) }
          } else {
            let label = tag.label ?? tag.address
            let pending = PendingFrame(
              id: tag.id, name: label.map { intern(scanner, $0) } ?? symbols.intern("?"))
            if tag.selfClosing {
              found.append(Int64(define(pending)))
            } else {
              frame = pending
              open.append(.frame)
            }
          }
        } else if scanner.nameIs(name.lowerBound, name.count, "binary") {
          var binary: Int32 = -1
          if tag.ref >= 0 {
            if let known = binaryIDs[tag.ref] { binary = known } else { unresolved += 1 }
          } else {
            let name = tag.label.map { intern(scanner, $0) } ?? symbols.intern("?")
            binary = define(Binary(name: name, path: tag.path.map { intern(scanner, $0) }))
            if tag.id >= 0 { binaryIDs[tag.id] = binary }
          }
          if let pending = frame, pending.binary < 0 { frame?.binary = binary }
          if !tag.selfClosing { open.append(.other) }
        } else {
          let isStack =
            frame == nil
            && (scanner.nameIs(name.lowerBound, name.count, "backtrace")
              || scanner.nameIs(name.lowerBound, name.count, "tagged-backtrace"))
          if isStack && tag.ref >= 0 {
            // A stack read before, inside a new element (`<backtrace ref>` in a `<tagged-backtrace>`).
            let value = values.value(of: tag.ref)
            if let target = value.compositeOffset, let known = stackAt[target] {
              found += functionIndices(ofStack: known)
            } else if !value.isEmpty {
              unresolved += 1
            }
          }
          if !tag.selfClosing {
            open.append(isStack && tag.ref < 0 ? .stack(offset: offset, start: found.count) : .other)
          }
        }
      }
    }
    return result
  }

  /// The function of a frame just read, which `pending.id` now names.
  private mutating func define(_ pending: PendingFrame) -> Int32 {
    let binaryName = pending.binary >= 0 ? binaries[Int(pending.binary)].name.rawValue : -1
    let key =
      UInt64(UInt32(bitPattern: pending.name.rawValue)) << 32 | UInt64(UInt32(bitPattern: binaryName))
    let function: Int32
    if let known = functionIndex[key] {
      function = known
    } else {
      function = Int32(functions.count)
      functions.append(Function(name: pending.name, binary: pending.binary))
      symbolIDs.append(0)
      functionIndex[key] = function
    }
    if pending.id >= 0 { frames[pending.id] = function }
    return function
  }

  /// The index of `binary` among the binaries seen.
  private mutating func define(_ binary: Binary) -> Int32 {
    if let known = binaryIndex[binary] { return known }
    let index = Int32(binaries.count)
    binaries.append(binary)
    binaryIndex[binary] = index
    return index
  }

  /// The attribute value at `range`, entities decoded, interned.
  private func intern(_ scanner: XMLTagScanner, _ range: Range<Int>) -> Symbol {
    let start = scanner.bytes + range.lowerBound
    var bytes: [UInt8] = []
    if scanner.find(UInt8(ascii: "&"), from: range.lowerBound, to: range.upperBound) != nil {
      do {
        try XMLText.decode(start, count: range.count, into: &bytes)
      } catch {
        bytes = Array(UnsafeBufferPointer(start: start, count: range.count))
      }
    } else {
      if XMLText.firstInvalidUTF8(start, count: range.count) == nil {
        return symbols.intern(UnsafeRawBufferPointer(start: start, count: range.count))
      }
      bytes = Array(UnsafeBufferPointer(start: start, count: range.count))
    }
    let valid = bytes.withUnsafeBufferPointer { buffer in
      buffer.isEmpty || XMLText.firstInvalidUTF8(buffer.baseAddress!, count: buffer.count) == nil
    }
    return valid
      ? bytes.withUnsafeBytes { symbols.intern($0) } : symbols.intern(String(decoding: bytes, as: UTF8.self))
  }

  // MARK: - Tags

  /// The start tag at `index` (its `<`), moving `index` past it; nil when it is cut short or
  /// malformed (the parser has read it before, so neither happens in a complete element).
  private static func startTag(_ scanner: XMLTagScanner, at index: inout Int) -> Tag? {
    let nameStart = index + 1
    guard let nameEnd = scanner.nameEnd(from: nameStart), nameEnd > nameStart else { return nil }
    var tag = Tag(name: nameStart..<nameEnd)
    index = nameEnd
    let selfClosing = scanner.attributes(at: &index, nameStart: nameStart, nameLength: nameEnd - nameStart) {
      name, length, value, valueEnd in
      if scanner.nameIs(name, length, "id") {
        tag.id = XMLText.decimal(scanner.bytes + value, count: valueEnd - value) ?? -1
      } else if scanner.nameIs(name, length, "ref") {
        tag.ref = XMLText.decimal(scanner.bytes + value, count: valueEnd - value) ?? -1
      } else if scanner.nameIs(name, length, "name") {
        tag.label = value..<valueEnd
      } else if scanner.nameIs(name, length, "path") {
        tag.path = value..<valueEnd
      } else if scanner.nameIs(name, length, "addr") {
        tag.address = value..<valueEnd
      }
    }
    guard let selfClosing else { return nil }
    tag.selfClosing = selfClosing
    return tag
  }

  /// The index after the end of the element at the start of `scanner`'s bytes; nil when the
  /// bytes end first.
  private static func elementEnd(_ scanner: XMLTagScanner) -> Int? {
    var index = 0
    var depth = 0
    while let tagStart = scanner.find(UInt8(ascii: "<"), from: index, to: scanner.count),
      tagStart + 1 < scanner.count
    {
      index = tagStart
      switch scanner.bytes[tagStart + 1] {
      case UInt8(ascii: "/"):
        guard let end = scanner.endTag(at: tagStart) else { return nil }
        index = end.next
        depth -= 1
        if depth <= 0 { return index }
      case UInt8(ascii: "!"), UInt8(ascii: "?"):
        switch scanner.markup(at: tagStart, atEnd: false) {
        case .skipped(let next), .cdata(_, _, let next): index = next
        case .needMore: return nil
        }
      default:
        guard let tag = startTag(scanner, at: &index) else { return nil }
        if tag.selfClosing {
          if depth == 0 { return index }
        } else {
          depth += 1
        }
      }
    }
    return nil
  }

  // MARK: - The app's own code

  /// Whether binary `index` is the app's: its main binary (named as the process), or one
  /// inside its `.app` bundle (`…/Landmarks.app/Frameworks/X.framework/X`).
  private mutating func isUser(_ index: Int32) -> Bool {
    guard index >= 0, let app = appName else { return false }
    findBundle()
    let binary = binaries[Int(index)]
    if symbols[binary.name] == app { return true }
    guard let path = binary.path.map({ symbols[$0] }) else { return false }
    if path.contains("/\(app).app/") { return true }
    if let bundle, path.hasPrefix(bundle) { return true }
    return false
  }

  /// Finds the app's bundle from its main binary's path, among the binaries not looked at yet
  /// (`/private/var/…/Landmarks.app/Landmarks` → `/private/var/…/Landmarks.app/`).
  private mutating func findBundle() {
    guard bundle == nil, let app = appName else { return }
    while checkedBinaries < binaries.count {
      let binary = binaries[checkedBinaries]
      checkedBinaries += 1
      guard symbols[binary.name] == app, let path = binary.path.map({ symbols[$0] }),
        let app = path.ranges(of: ".app/").last
      else { continue }
      bundle = path[..<app.upperBound]
      return
    }
  }
}
