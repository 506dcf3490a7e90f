#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The intern table of one `xctrace export` document: what each `id="N"` stands for, so that
/// later `ref="N"` elements resolve to it.
///
/// Leaf texts are interned in the shared ``SymbolTable`` (integers are kept as numbers). An
/// element with child elements is kept as its offset in the file; its `fmt` and children are
/// read again from the document when asked for (rarely: a thread's name, a node's label), so
/// the table costs eight bytes per id and nothing per composite.
struct XCTraceValueTable: ~Copyable {
  /// A composite read back from the document.
  private struct Composite {
    var offset: Int64 = -1
    var fmt: Symbol?
    var children: [XCTraceValue] = []
  }

  /// A start tag read back: where it begins and the attributes the table needs.
  private struct Tag {
    var start: Int
    var id: Int64?
    var ref: Int64?
    var fmt: Range<Int>?
    var selfClosing = false
    var isSentinel: Bool
  }

  /// Children kept per composite (a cause-graph node cell has nine).
  static let childLimit = 9
  private static let fmtCacheSize = 512

  let symbols: SymbolTable
  /// Ids in blocks of ``blockSize`` values, allocated zero-filled (undefined) as ids reach
  /// them: no copying as the table grows, and memory in step with the ids used.
  private var blocks: UnsafeMutablePointer<UnsafeMutablePointer<XCTraceValue>?>
  private var blockCapacity = 16
  private var blockCount = 0
  /// 2^18 values of 8 bytes: a block is one 2 MiB huge page where the kernel gives them.
  private static let blockShift = 18
  private static let blockSize = 1 << blockShift
  private var sparse: [Int64: XCTraceValue] = [:]
  private(set) var defined = 0
  private var wide: [Int64] = []
  private var lastComposite = Composite()
  /// `fmt` symbols of composites by offset, direct-mapped: (offset, symbol or -1 for none).
  private var fmtCache: [(Int64, Int32)]

  /// The part of the document in memory; the parser keeps it current.
  var window: UnsafePointer<UInt8>?
  var windowBase: Int64 = 0
  var windowCount = 0
  /// The document, for composites no longer in the window.
  var file: SystemFile?

  init(symbols: SymbolTable) {
    self.symbols = symbols
    blocks = .allocate(capacity: blockCapacity)
    blocks.initialize(repeating: nil, count: blockCapacity)
    fmtCache = Array(repeating: (-1, -1), count: Self.fmtCacheSize)
  }

  deinit {
    for index in 0..<blockCount { Self.freeBlock(blocks[index]!) }
    blocks.deallocate()
  }

  // MARK: - Ids

  /// The value of `id`; ``XCTraceValue/undefined`` when it was never defined.
  @inline(__always)
  func value(of id: Int64) -> XCTraceValue {
    let block = Int(truncatingIfNeeded: id >> Self.blockShift)
    if id >= 0 && block < blockCount, let values = blocks[block] {
      return values[Int(truncatingIfNeeded: id) & (Self.blockSize - 1)]
    }
    return sparse.isEmpty ? .undefined : sparse[id] ?? .undefined
  }

  /// Defines `id`; false when it was defined already.
  @inline(__always)
  mutating func define(_ id: Int64, as value: XCTraceValue) -> Bool {
    let block = Int(truncatingIfNeeded: id >> Self.blockShift)
    if id >= 0 && block < blockCount, let values = blocks[block] {
      let slot = values + (Int(truncatingIfNeeded: id) & (Self.blockSize - 1))
      guard slot.pointee == .undefined else { return false }
      slot.pointee = value
      defined += 1
      return true
    }
    return defineSlowly(id, as: value)
  }

  private mutating func defineSlowly(_ id: Int64, as value: XCTraceValue) -> Bool {
    // Ids are dense in practice (1, 2, 3 … in document order): add blocks up to a near `id`;
    // far ones go to a dictionary.
    guard id >= 0 && id <= Int64(defined) * 2 + Int64(Self.blockSize) else {
      guard sparse[id] == nil else { return false }
      sparse[id] = value
      defined += 1
      return true
    }
    let block = Int(id >> Self.blockShift)
    if block >= blockCapacity {
      let capacity = max(block + 1, blockCapacity * 2)
      let grown = UnsafeMutablePointer<UnsafeMutablePointer<XCTraceValue>?>.allocate(capacity: capacity)
      grown.moveInitialize(from: blocks, count: blockCapacity)
      (grown + blockCapacity).initialize(repeating: nil, count: capacity - blockCapacity)
      blocks.deallocate()
      blocks = grown
      blockCapacity = capacity
    }
    while blockCount <= block {
      let values = Self.allocateBlock()
      // Ids defined sparsely before that now fall in this block move over.
      let base = Int64(blockCount) << Self.blockShift
      for (sparseID, sparseValue) in sparse where sparseID >= base && sparseID < base + Int64(Self.blockSize)
      {
        values[Int(sparseID - base)] = sparseValue
        sparse[sparseID] = nil
      }
      blocks[blockCount] = values
      blockCount += 1
    }
    return define(id, as: value)
  }

  /// The bytes of a block.
  private static var blockBytes: Int { blockSize * MemoryLayout<XCTraceValue>.stride }

  /// A zero-filled (undefined) block of values.
  ///
  /// On Linux, a block is mapped on its own, aligned to 2 MiB and marked for a huge page: its
  /// first write then faults once instead of 512 times (Scripts/bench/README.md, "Measures
  /// behind the code"). Elsewhere it is `calloc`ed.
  private static func allocateBlock() -> UnsafeMutablePointer<XCTraceValue> {
    #if os(Linux)
      let huge = 2 << 20
      let mapped = mmap(nil, blockBytes + huge, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
      guard let mapped, mapped != MAP_FAILED else { fatalError("out of memory for xctrace ids") }
      let address = Int(bitPattern: mapped)
      let aligned = (address + huge - 1) & ~(huge - 1)
      // Unmap the slack around the aligned block.
      if aligned > address { munmap(mapped, aligned - address) }
      let tail = address + blockBytes + huge - (aligned + blockBytes)
      if tail > 0 { munmap(UnsafeMutableRawPointer(bitPattern: aligned + blockBytes), tail) }
      let block = UnsafeMutableRawPointer(bitPattern: aligned)!
      _ = madvise(block, blockBytes, MADV_HUGEPAGE)
      return block.bindMemory(to: XCTraceValue.self, capacity: blockSize)
    #else
      guard let memory = calloc(blockSize, MemoryLayout<XCTraceValue>.stride) else {
        fatalError("out of memory for xctrace ids")
      }
      return memory.bindMemory(to: XCTraceValue.self, capacity: blockSize)
    #endif
  }

  private static func freeBlock(_ block: UnsafeMutablePointer<XCTraceValue>) {
    #if os(Linux)
      munmap(block, blockBytes)
    #else
      free(block)
    #endif
  }

  // MARK: - Making values

  /// The value of a leaf's text: an integer when it is a plain decimal, else an interned symbol.
  @inline(__always)
  mutating func leaf(_ bytes: UnsafePointer<UInt8>, count: Int) -> XCTraceValue {
    if count > 0 && count <= 19, let number = XCTraceValueTable.plainInteger(bytes, count: count) {
      if let small = XCTraceValue.integer(number) { return small }
      wide.append(number)
      return .wideInteger(wide.count - 1)
    }
    return .text(symbols.intern(UnsafeRawBufferPointer(start: bytes, count: count)))
  }

  /// `count` bytes as a decimal integer without sign or leading zeros, if they are one.
  @inline(__always)
  static func plainInteger(_ bytes: UnsafePointer<UInt8>, count: Int) -> Int64? {
    count > 1 && bytes[0] == UInt8(ascii: "0") ? nil : XMLText.decimal(bytes, count: count)
  }

  /// ``plainInteger(_:count:)`` of padded bytes (see ``XMLText/decimal(padded:count:)``).
  @inline(__always)
  static func plainInteger(padded bytes: UnsafePointer<UInt8>, count: Int) -> Int64? {
    count > 1 && bytes[0] == UInt8(ascii: "0") ? nil : XMLText.decimal(padded: bytes, count: count)
  }

  // MARK: - Reading values

  /// The integer a value stands for: a number, or a text that reads as one (values above
  /// `Int64.max` clamp to it); nil for anything else.
  func integer(_ value: XCTraceValue) -> Int64? {
    if let small = value.smallInteger { return small }
    if let index = value.wideIndex { return wide[index] }
    guard let symbol = value.symbol else { return nil }
    return symbols.withBytes(of: symbol) { bytes -> Int64? in
      var start = 0
      var negative = false
      if bytes.count > 1 && (bytes[0] == UInt8(ascii: "-") || bytes[0] == UInt8(ascii: "+")) {
        negative = bytes[0] == UInt8(ascii: "-")
        start = 1
      }
      guard start < bytes.count else { return nil }
      var magnitude: UInt64 = 0
      var overflow = false
      for byte in bytes[start...] {
        let digit = byte &- UInt8(ascii: "0")
        guard digit < 10 else { return nil }
        let (times, o1) = magnitude.multipliedReportingOverflow(by: 10)
        let (sum, o2) = times.addingReportingOverflow(UInt64(digit))
        overflow = overflow || o1 || o2
        magnitude = sum
      }
      if negative { return overflow || magnitude > UInt64(Int64.max) ? .min : -Int64(magnitude) }
      return overflow || magnitude > UInt64(Int64.max) ? .max : Int64(magnitude)
    }
  }

  /// Whether a value holds nothing: a `<sentinel/>`, an element without content, or empty text.
  func isBlank(_ value: XCTraceValue) -> Bool {
    if value == .empty { return true }
    guard let symbol = value.symbol else { return false }
    return symbols.withBytes(of: symbol) { $0.isEmpty }
  }

  /// The text a value shows: its text, an integer in decimal, or a composite's `fmt`; nil
  /// for an empty value (or a composite without `fmt`).
  mutating func text(_ value: XCTraceValue) -> Symbol? {
    if let symbol = value.symbol { return symbol }
    if let number = integer(value) { return symbols.intern(String(number)) }
    guard let offset = value.compositeOffset else { return nil }
    let slot = Int(truncatingIfNeeded: (UInt64(offset) &* 0x9E37_79B9_7F4A_7C15) >> 55)
    if fmtCache[slot].0 == offset { return fmtCache[slot].1 >= 0 ? Symbol(rawValue: fmtCache[slot].1) : nil }
    let fmt = composite(at: offset).fmt
    fmtCache[slot] = (offset, fmt?.rawValue ?? -1)
    return fmt
  }

  /// The string a value shows (see ``text(_:)``).
  mutating func string(_ value: XCTraceValue) -> String? {
    text(value).map { symbols[$0] }
  }

  /// The number of children a composite value has (at most ``childLimit``; 0 for others).
  mutating func childCount(_ value: XCTraceValue) -> Int {
    guard let offset = value.compositeOffset else { return 0 }
    return composite(at: offset).children.count
  }

  /// Child `position` of a composite value (empty when there is none).
  mutating func child(_ value: XCTraceValue, _ position: Int) -> XCTraceValue {
    guard let offset = value.compositeOffset else { return .empty }
    let children = composite(at: offset).children
    return position < children.count ? children[position] : .empty
  }

  // MARK: - Composites

  /// Reads the composite at `offset` again (the last one is remembered).
  private mutating func composite(at offset: Int64) -> Composite {
    if lastComposite.offset == offset { return lastComposite }
    var parsed: Composite?
    if let window, offset >= windowBase, offset < windowBase + Int64(windowCount) {
      let start = Int(offset - windowBase)
      parsed = read(XMLTagScanner(bytes: window + start, count: windowCount - start), at: offset)
    }
    var capacity = 4096
    while parsed == nil, let file {
      var bytes = [UInt8](repeating: 0, count: capacity + XMLTagScanner.padding)
      let count = bytes.withUnsafeMutableBytes {
        file.read(into: $0.baseAddress!, count: capacity, at: offset)
      }
      guard count > 0 else { break }
      parsed = bytes.withUnsafeBufferPointer {
        read(XMLTagScanner(bytes: $0.baseAddress!, count: count), at: offset)
      }
      if count < capacity { break }
      capacity *= 4
    }
    lastComposite = parsed ?? Composite(offset: offset)
    return lastComposite
  }

  /// Parses the element at the start of `scanner`'s bytes (already checked by the parser): its
  /// `fmt` and the values of its child elements; nil when the bytes end first.
  private mutating func read(_ scanner: XMLTagScanner, at offset: Int64) -> Composite? {
    var index = 0
    guard let tag = Self.startTag(scanner, at: &index) else { return nil }
    var result = Composite(offset: offset)
    if let fmt = tag.fmt { result.fmt = intern(scanner, fmt) }
    if tag.selfClosing { return result }
    while true {
      guard let child = Self.nextChild(scanner, at: &index) else { return nil }
      guard let childTag = child else { return result }
      var value = XCTraceValue.empty
      if let ref = childTag.ref {
        value = self.value(of: ref)
      } else if let id = childTag.id, self.value(of: id) != .undefined {
        value = self.value(of: id)
      } else if !childTag.isSentinel {
        guard let content = Self.skipContent(of: childTag, scanner, at: &index) else { return nil }
        if content.hasChildren {
          value = .composite(at: offset + Int64(childTag.start))
        } else if !content.text.isEmpty {
          value = leafText(scanner, content.text)
        } else if let fmt = childTag.fmt {
          value = leafText(scanner, fmt)
        }
        if result.children.count < Self.childLimit { result.children.append(value) }
        continue
      }
      guard Self.skipContent(of: childTag, scanner, at: &index) != nil else { return nil }
      if result.children.count < Self.childLimit { result.children.append(value) }
    }
  }

  /// The start tag at `index`, moving `index` past it; nil when the bytes end first.
  private static func startTag(_ scanner: XMLTagScanner, at index: inout Int) -> Tag? {
    let start = index
    guard start + 1 < scanner.count, scanner.bytes[start] == UInt8(ascii: "<"),
      let nameEnd = scanner.nameEnd(from: start + 1)
    else { return nil }
    let nameLength = nameEnd - start - 1
    var tag = Tag(start: start, isSentinel: scanner.isSentinel(start + 1, nameLength))
    index = nameEnd
    let selfClosing = scanner.attributes(at: &index, nameStart: start + 1, nameLength: nameLength) {
      name, nameLength, value, valueEnd in
      if scanner.nameIs(name, nameLength, "fmt") {
        tag.fmt = value..<valueEnd
      } else if scanner.nameIs(name, nameLength, "id") {
        tag.id = XMLText.decimal(scanner.bytes + value, count: valueEnd - value)
      } else if scanner.nameIs(name, nameLength, "ref") {
        tag.ref = XMLText.decimal(scanner.bytes + value, count: valueEnd - value)
      }
    }
    guard let selfClosing else { return nil }
    tag.selfClosing = selfClosing
    return tag
  }

  /// The next child's start tag from `index`; `.some(nil)` at the element's end tag; nil when
  /// the bytes end first.
  private static func nextChild(_ scanner: XMLTagScanner, at index: inout Int) -> Tag?? {
    while true {
      guard let open = scanner.find(UInt8(ascii: "<"), from: index, to: scanner.count),
        open + 1 < scanner.count
      else { return nil }
      index = open
      switch scanner.bytes[open + 1] {
      case UInt8(ascii: "/"):
        return .some(nil)
      case UInt8(ascii: "!"), UInt8(ascii: "?"):
        guard skipMarkup(scanner, at: &index) else { return nil }
      default:
        guard let tag = startTag(scanner, at: &index) else { return nil }
        return .some(tag)
      }
    }
  }

  /// Moves `index` past the content and end tag of `tag` (just read).
  ///
  /// - Returns: Its text (when it has no child elements) and whether it has children; nil
  ///   when the bytes end first.
  private static func skipContent(of tag: Tag, _ scanner: XMLTagScanner, at index: inout Int)
    -> (text: Range<Int>, hasChildren: Bool)?
  {
    if tag.selfClosing { return (index..<index, false) }
    let textStart = index
    var depth = 0
    var hasChildren = false
    var textEnd = index
    while true {
      guard let open = scanner.find(UInt8(ascii: "<"), from: index, to: scanner.count),
        open + 1 < scanner.count
      else { return nil }
      index = open
      if depth == 0 && !hasChildren { textEnd = index }
      switch scanner.bytes[open + 1] {
      case UInt8(ascii: "/"):
        guard let end = scanner.endTag(at: open) else { return nil }
        index = end.next
        if depth == 0 { return (hasChildren ? textStart..<textStart : textStart..<textEnd, hasChildren) }
        depth -= 1
      case UInt8(ascii: "!"), UInt8(ascii: "?"):
        guard skipMarkup(scanner, at: &index) else { return nil }
      default:
        hasChildren = true
        guard let child = startTag(scanner, at: &index) else { return nil }
        if !child.selfClosing { depth += 1 }
      }
    }
  }

  /// Moves `index` past the comment, CDATA section or processing instruction at it; false
  /// when the bytes end first.
  private static func skipMarkup(_ scanner: XMLTagScanner, at index: inout Int) -> Bool {
    switch scanner.markup(at: index, atEnd: false) {
    case .skipped(let next), .cdata(_, _, let next):
      index = next
      return true
    case .needMore:
      return false
    }
  }

  private mutating func leafText(_ scanner: XMLTagScanner, _ range: Range<Int>) -> XCTraceValue {
    let decoded = XCTraceValueTable.decoded(scanner, range)
    guard !decoded.isEmpty else { return .text(symbols.intern("")) }
    return decoded.withUnsafeBufferPointer { leaf($0.baseAddress!, count: $0.count) }
  }

  private func intern(_ scanner: XMLTagScanner, _ range: Range<Int>) -> Symbol {
    symbols.intern(String(decoding: XCTraceValueTable.decoded(scanner, range), as: UTF8.self))
  }

  /// The text of `range` as the parser reads it: entities decoded (a piece that does not
  /// decode is kept raw), CDATA sections' content as is, comments and processing instructions
  /// left out.
  private static func decoded(_ scanner: XMLTagScanner, _ range: Range<Int>) -> [UInt8] {
    var output: [UInt8] = []
    var index = range.lowerBound
    while index < range.upperBound {
      let markup = scanner.find(UInt8(ascii: "<"), from: index, to: range.upperBound)
      let end = markup ?? range.upperBound
      if end > index {
        let count = output.count
        do {
          try XMLText.decode(scanner.bytes + index, count: end - index, into: &output)
        } catch {
          output.removeLast(output.count - count)
          output.append(contentsOf: UnsafeBufferPointer(start: scanner.bytes + index, count: end - index))
        }
      }
      guard let markup else { break }
      switch scanner.markup(at: markup, atEnd: true) {
      case .cdata(let start, let end, let next):
        output.append(contentsOf: UnsafeBufferPointer(start: scanner.bytes + start, count: end - start))
        index = next
      case .skipped(let next):
        index = next
      case .needMore:
        output.append(
          contentsOf: UnsafeBufferPointer(start: scanner.bytes + markup, count: range.upperBound - markup))
        index = range.upperBound
      }
    }
    return output
  }
}
