import Foundation
import TraceModel

/// Writes trace events as `xctrace export` XML tables, the way Instruments does.
///
/// Every value is interned (`id="N" fmt="…"` the first time, `ref="N"` after), nested elements
/// have their own ids, node cells have children that refer to strings of other cells (ref
/// chains), empty cells are `<sentinel/>` and text is escaped. Samples become a `time-profile`
/// table in either shape of stack cell (``StackShape``). Tests import the result and compare it
/// with the events; `Fixtures/xctrace/stories/` holds what it writes for the stories with
/// samples (``XCTraceStoryExportTests``).
struct XCTraceExportWriter {
  /// One document being written.
  private struct Document {
    var text = "<?xml version=\"1.0\"?>\n<trace-query-result>\n"
    var nextID = 1
    var interned: [String: Int] = [:]
    /// Write numeric character references for non-ASCII text (as some exports do).
    var numericReferences: Bool

    init(numericReferences: Bool) {
      self.numericReferences = numericReferences
    }

    mutating func escape(_ value: String) -> String {
      var result = ""
      for scalar in value.unicodeScalars {
        switch scalar {
        case "&": result += "&amp;"
        case "<": result += "&lt;"
        case ">": result += "&gt;"
        case "\"": result += "&quot;"
        case _ where scalar.value > 0x7F && numericReferences: result += "&#\(scalar.value);"
        default: result.unicodeScalars.append(scalar)
        }
      }
      return result
    }

    /// A leaf value cell, interned by element and text.
    mutating func leaf(_ element: String, _ value: String, fmt: String? = nil) {
      let key = element + "\u{0}" + value
      if let id = interned[key] {
        text += "<\(element) ref=\"\(id)\"/>"
        return
      }
      let id = nextID
      nextID += 1
      interned[key] = id
      text += "<\(element) id=\"\(id)\" fmt=\"\(escape(fmt ?? value))\">\(escape(value))</\(element)>"
    }

    mutating func sentinel() { text += "<sentinel/>" }

    /// A composite interned by `key`; `body` writes its children the first time.
    ///
    /// Without a `fmt` (a `<backtrace>`), the element has none.
    mutating func composite(_ element: String, key: String, fmt: String?, _ body: (inout Document) -> Void) {
      if let id = interned[element + "\u{0}" + key] {
        text += "<\(element) ref=\"\(id)\"/>"
        return
      }
      let id = nextID
      nextID += 1
      interned[element + "\u{0}" + key] = id
      text += "<\(element) id=\"\(id)\"\(fmt.map { " fmt=\"\(escape($0))\"" } ?? "")>"
      body(&self)
      text += "</\(element)>"
    }

    /// The id of a new element interned by `key` (nil, and a `<element ref="N"/>` written,
    /// when it was written before): the caller writes the element with that id.
    mutating func intern(_ element: String, key: String) -> Int? {
      if let id = interned[element + "\u{0}" + key] {
        text += "<\(element) ref=\"\(id)\"/>"
        return nil
      }
      let id = nextID
      nextID += 1
      interned[element + "\u{0}" + key] = id
      return id
    }

    mutating func process(_ app: String, pid: Int64) {
      composite("process", key: app, fmt: "\(app) (\(pid))") { document in
        document.leaf("pid", String(pid))
        document.leaf("device-session", "device-session-1")
      }
    }

    /// A thread (nil: the main thread) and its process.
    ///
    /// Spelled `Main Thread (0x1e9000) (App, pid: N)` as the SwiftUI, hitch and hang tables do,
    /// or, `spaced`, `Main Thread  0x1e9000 (…)` as time-profile exports of Xcode 26 do. Its `tid`
    /// is the number, its `fmt` the hex.
    mutating func thread(_ name: String?, app: String, pid: Int64, spaced: Bool = false) {
      let tid: Int64 = name == nil ? 0x1e9000 : 0x2f03
      let hex = "0x" + String(tid, radix: 16)
      let fmt = "\(name ?? "Main Thread")\(spaced ? "  \(hex)" : " (\(hex))") (\(app), pid: \(pid))"
      composite("thread", key: fmt, fmt: fmt) { document in
        document.leaf("tid", String(tid), fmt: hex)
        document.process(app, pid: pid)
      }
    }

    /// A cause-graph node cell: `Label, blue|gray, symbol, n/a, n/a`.
    mutating func node(_ label: String, user: Bool) {
      let color = user ? "blue" : "gray"
      composite("typed-array", key: label + color, fmt: "\(label), \(color), square, n/a, n/a") { document in
        document.leaf("string", label)
        document.leaf("string", color)
        document.leaf("string", "square")
        document.sentinel()
        document.sentinel()
      }
    }

    mutating func begin(_ name: String, columns: [(mnemonic: String, type: String)]) {
      text += "<node xpath='//trace-toc[1]/run[1]/data[1]/table[1]'><schema name=\"\(name)\">"
      for column in columns {
        text += "<col><mnemonic>\(column.mnemonic)</mnemonic><name>\(column.mnemonic)</name>"
        text += "<engineering-type>\(column.type)</engineering-type></col>"
      }
      text += "</schema>\n"
    }

    mutating func end() { text += "</node>" }

    mutating func finish() -> String { text + "</trace-query-result>\n" }
  }

  /// The shape of a `time-profile` table's stack cells.
  enum StackShape: String, CaseIterable, Sendable {
    /// Xcode 26 and earlier: `<backtrace id="N">` holding the frames, a stack seen before
    /// `<backtrace ref="N"/>`; threads spelled `Main Thread  0x1e9000 (App, pid: N)`.
    case backtrace
    /// Xcode 27: each `<backtrace>` inside a `<tagged-backtrace id="N" fmt="LEAF ← (K other
    /// frames)">`, a stack seen before `<tagged-backtrace ref="N"/>`; threads spelled
    /// `Main Thread (0x1e9000) (App, pid: N)`.
    case taggedBacktrace
  }

  let symbols: SymbolTable
  /// The recorded process: its name (the app's main binary's too) and pid.
  var app = "App"
  var pid: Int64 = 4242
  var numericReferences = false
  /// How the `time-profile` table writes its stacks.
  var stackShape = StackShape.backtrace

  /// Writes the tables of `events` into `directory`; returns the files written.
  func write(_ events: [TraceEvent], header: TraceHeader?, to directory: String) throws -> [String] {
    var files: [String: String] = [:]
    let name = { (symbol: Symbol?) -> String? in symbol.map { symbols[$0] } }
    var labels: [Int64: (label: String, user: Bool)] = [:]
    for event in events {
      switch event {
      case .update(let update):
        let title = name(update.view) ?? name(update.label) ?? "update"
        labels[update.id] = (update.kind == .body ? title + ".body" : title, false)
      case .source(let source):
        labels[source.id] = (symbols[source.label], source.user)
      default: break
      }
    }

    // swiftui-updates (Xcode 27 columns)
    var updates = Document(numericReferences: numericReferences)
    updates.begin(
      "swiftui-updates",
      columns: [
        ("start", "start-time"), ("duration", "duration"), ("id", "uint32"),
        ("update-type", "swiftui-update"),
        ("allocations", "event-count"), ("description", "string"), ("category", "string"),
        ("view-hierarchy", "view-hierarchy"), ("module", "string"), ("view-name", "string"),
        ("process", "process"),
        ("thread", "thread"), ("root-causes", "description-set"), ("severity", "event-concept"),
        ("downstream-cost", "duration"), ("downstream-events", "cause-set"),
        ("cause-graph-node", "typed-array"),
        ("full-cause-graph-node", "typed-array"),
      ])
    var hasUpdates = false
    for case .update(let update) in events {
      hasUpdates = true
      updates.text += "<row>"
      updates.leaf("start-time", String(update.start), fmt: "\(update.start / 1_000_000) ms")
      updates.leaf("duration", String(update.duration), fmt: "\(update.duration / 1000) µs")
      updates.leaf("uint32", String(update.id))
      let type = ["View Body Updates", "Representable Updates", "Other Updates"][update.kind.rawValue]
      updates.leaf("swiftui-update", type)
      updates.leaf("event-count", String(update.id % 7))
      let view = name(update.view)
      let skipped = update.skipped ? " [skipped]" : ""
      switch update.kind {
      case .body:
        updates.leaf("string", (view ?? "") + ".body" + skipped)
      case .representable:
        updates.leaf("string", (name(update.label) ?? view ?? "") + skipped)
      case .other:
        if let label = name(update.label) {
          updates.leaf("string", label + skipped)
        } else {
          updates.sentinel()
        }
      }
      updates.leaf("string", "Update")
      updates.composite("view-hierarchy", key: "", fmt: "") { $0.process(app, pid: pid) }
      if let module = name(update.module) { updates.leaf("string", module) } else { updates.sentinel() }
      if update.kind != .body, let view { updates.leaf("string", view) } else { updates.sentinel() }
      updates.process(app, pid: pid)
      updates.thread(update.isMainThread ? nil : name(update.thread), app: app, pid: pid)
      updates.composite("description-set", key: "root\(update.id)", fmt: "@State: value") { document in
        document.leaf("uint64", String(update.id &* 31))
      }
      updates.leaf("event-concept", update.duration > 1_000_000 ? "High" : "Low")
      updates.leaf("duration", String(update.duration / 2))
      updates.composite("cause-set", key: "down\(update.id)", fmt: "1 events") {
        $0.leaf("uint64", String(update.id + 1))
      }
      let node = labels[update.id] ?? ("update", false)
      updates.node(node.label, user: node.user)
      updates.node(node.label, user: node.user)
      updates.text += "</row>\n"
    }
    updates.end()
    if hasUpdates { files["updates.xml"] = updates.finish() }

    // swiftui-causes
    var causes = Document(numericReferences: numericReferences)
    causes.begin(
      "swiftui-causes",
      columns: [
        ("timestamp", "event-time"), ("source-node-event-id", "uint32"), ("source-node", "typed-array"),
        ("destination-node-event-id", "uint32"), ("destination-node", "typed-array"), ("label", "string"),
        ("value-type", "string"), ("changed-properties", "string"), ("layout-info", "string"),
        ("process", "process"),
      ])
    var hasCauses = false
    for case .cause(let cause) in events {
      hasCauses = true
      causes.text += "<row>"
      if let time = cause.time { causes.leaf("event-time", String(time)) } else { causes.sentinel() }
      causes.leaf("uint32", String(cause.from))
      let from = labels[cause.from] ?? ("unknown #\(cause.from)", false)
      causes.node(from.label, user: from.user)
      causes.leaf("uint32", String(cause.to))
      let to = labels[cause.to] ?? ("unknown #\(cause.to)", false)
      causes.node(to.label, user: to.user)
      let label = symbols[cause.label]
      causes.leaf("string", label == "update" ? "Update" : label == "creation" ? "Creation" : label)
      if let valueType = name(cause.valueType) { causes.leaf("string", valueType) } else { causes.sentinel() }
      if let changed = name(cause.changed) { causes.leaf("string", changed) } else { causes.sentinel() }
      causes.sentinel()
      causes.process(app, pid: pid)
      causes.text += "</row>\n"
    }
    causes.end()
    if hasCauses { files["causes.xml"] = causes.finish() }

    // swiftui-update-groups, hitches, potential-hangs: start, duration, text
    let intervals: [(file: String, table: String, text: String, type: String)] = [
      ("groups.xml", "swiftui-update-groups", "label", "string"),
      ("hitches.xml", "hitches", "narrative-description", "string"),
      ("hangs.xml", "potential-hangs", "hang-type", "hang-type"),
    ]
    for interval in intervals {
      var document = Document(numericReferences: numericReferences)
      document.begin(
        interval.table,
        columns: [("start", "start-time"), ("duration", "duration"), (interval.text, interval.type)])
      var any = false
      for event in events {
        let row: (Int64, Int64, Symbol?)?
        switch (event, interval.table) {
        case (.group(let group), "swiftui-update-groups"): row = (group.start, group.duration, group.label)
        case (.hitch(let hitch), "hitches"): row = (hitch.start, hitch.duration, hitch.narrative)
        case (.hang(let hang), "potential-hangs"): row = (hang.start, hang.duration, hang.kind)
        default: row = nil
        }
        guard let (start, duration, text) = row else { continue }
        any = true
        document.text += "<row>"
        document.leaf("start-time", String(start))
        document.leaf("duration", String(duration))
        if let text = name(text) { document.leaf(interval.type, text) } else { document.sentinel() }
        document.text += "</row>\n"
      }
      document.end()
      if any { files[interval.file] = document.finish() }
    }

    // device-display-info, display-vsyncs-interval
    if let rate = header?.refreshRate {
      var display = Document(numericReferences: numericReferences)
      display.begin(
        "device-display-info",
        columns: [
          ("timestamp", "event-time"), ("max-refresh-rate", "uint32"), ("is-main-display", "boolean"),
        ])
      display.text += "<row>"
      display.leaf("event-time", "0")
      display.leaf("uint32", String(Int(rate)))
      display.leaf("boolean", "1", fmt: "Yes")
      display.text += "</row>\n"
      display.end()
      files["display.xml"] = display.finish()
    }
    var vsyncs = Document(numericReferences: numericReferences)
    vsyncs.begin(
      "display-vsyncs-interval",
      columns: [("timestamp", "start-time"), ("duration", "duration"), ("display-name", "display-name")])
    var anyFrame = false
    for case .frame(let frame) in events {
      anyFrame = true
      vsyncs.text += "<row>"
      vsyncs.leaf("start-time", String(frame.start))
      vsyncs.leaf("duration", String(frame.deadline - frame.start))
      vsyncs.leaf("display-name", "Display 1")
      vsyncs.text += "</row>\n"
    }
    vsyncs.end()
    if anyFrame { files["vsyncs.xml"] = vsyncs.finish() }

    if let profile = timeProfile(events) { files["time-profile.xml"] = profile }

    var paths: [String] = []
    for (file, text) in files.sorted(by: { $0.key < $1.key }) {
      let path = (directory as NSString).appendingPathComponent(file)
      try Data(text.utf8).write(to: URL(fileURLWithPath: path))
      paths.append(path)
    }
    return paths
  }

  // MARK: - time-profile

  /// A function of the samples' stacks, as its `symbol` says.
  private struct Function: Hashable {
    var name: String
    var binary: String?
    var user: Bool
  }

  /// The `time-profile` table of the samples of `events` (nil without samples).
  ///
  /// Written as Instruments does: one row per sample in time order, thread `Running`; threads,
  /// processes, cores, states, weights, whole stacks, frames, binaries and source paths
  /// interned. A function's frames are one per address: its leaf frame (the sampled PC) and
  /// its caller frame (a return address) are two frames of one function. The app's binaries
  /// lie in its bundle (`/private/var/containers/Bundle/Application/…/App.app/App`, its other
  /// `user` binaries in `App.app/Frameworks/`), the others under `/System/Library/` or
  /// `/usr/lib/`; a symbol without a binary is a frame without one.
  private func timeProfile(_ events: [TraceEvent]) -> String? {
    var functions: [Int64: Function] = [:]
    var samples: [Sample] = []
    for event in events {
      switch event {
      case .symbol(let symbol):
        functions[symbol.id] = Function(
          name: symbols[symbol.name], binary: symbol.binary.map { symbols[$0] }, user: symbol.user)
      case .sample(let sample):
        samples.append(sample)
      default:
        break
      }
    }
    guard !samples.isEmpty else { return nil }
    // Time order; samples of one time keep theirs.
    samples = samples.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }
      .map(\.element)
    let tagged = stackShape == .taggedBacktrace
    var document = Document(numericReferences: numericReferences)
    document.begin(
      "time-profile",
      columns: [
        ("time", "sample-time"), ("thread", "thread"), ("process", "process"), ("core", "core"),
        ("thread-state", "thread-state"), ("weight", "weight"),
        ("stack", tagged ? "tagged-backtrace" : "backtrace"),
      ])
    // The main thread moves between cores now and then.
    let cores = [(5, "P"), (4, "P"), (2, "E")]
    for (index, sample) in samples.enumerated() {
      document.text += "<row>"
      document.leaf("sample-time", String(sample.time), fmt: Self.clock(sample.time))
      document.thread(
        sample.isMainThread ? nil : sample.thread.map { symbols[$0] }, app: app, pid: pid, spaced: !tagged)
      document.process(app, pid: pid)
      let core = cores[index / 9 % cores.count]
      document.leaf("core", String(core.0), fmt: "CPU \(core.0) (\(core.1) Core)")
      document.leaf("thread-state", "Running")
      document.leaf("weight", String(sample.weight), fmt: Self.duration(sample.weight))
      let frames = sample.stack.map { id in
        functions[id] ?? Function(name: "unknown #\(id)", binary: nil, user: false)
      }
      if frames.isEmpty {
        document.sentinel()
      } else {
        let key = frames.map { "\($0.name)\u{1}\($0.binary ?? "")" }.joined(separator: "\u{2}")
        let write = { (document: inout Document) in
          document.composite("backtrace", key: key, fmt: nil) { document in
            for (depth, function) in frames.enumerated() {
              frame(function, leaf: depth == 0, into: &document)
            }
          }
        }
        if tagged {
          let others = frames.count > 1 ? " ← (\(frames.count - 1) other frames)" : ""
          document.composite("tagged-backtrace", key: key, fmt: frames[0].name + others, write)
        } else {
          write(&document)
        }
      }
      document.text += "</row>\n"
    }
    document.end()
    return document.finish()
  }

  /// A `<frame>` of `function` (a new one, or a ref to the one of the same address).
  private func frame(_ function: Function, leaf: Bool, into document: inout Document) {
    let key = "\(function.name)\u{1}\(function.binary ?? "")\u{1}\(leaf)"
    guard let id = document.intern("frame", key: key) else { return }
    let name = document.escape(function.name)
    guard let binary = function.binary else {
      // Not symbolicated: no binary, the address as the name when it is one.
      let address =
        function.name.hasPrefix("0x") ? function.name : Self.hex(0x1_b2c0_0000 + Self.offset(function.name))
      document.text += "<frame id=\"\(id)\" name=\"\(name)\" addr=\"\(address)\"/>"
      return
    }
    let load = Self.loadAddress(binary, app: app, user: function.user)
    // The sampled PC of a leaf; a caller's return address, just after its call.
    let address = load + Self.offset(function.name) + (leaf ? 0x14 : 0x48)
    document.text += "<frame id=\"\(id)\" name=\"\(name)\" addr=\"\(Self.hex(address))\">"
    if let binaryID = document.intern("binary", key: binary) {
      let path = binaryPath(binary, user: function.user)
      document.text +=
        "<binary id=\"\(binaryID)\" name=\"\(document.escape(binary))\" UUID=\"\(Self.uuid(binary))\" "
        + "arch=\"\(function.user ? "arm64" : "arm64e")\" load-addr=\"\(Self.hex(load))\" "
        + "path=\"\(document.escape(path))\"/>"
    }
    if function.user {
      // The app's code has debug info: a source file named after the type.
      var type = Substring(function.name)
      if type.hasPrefix("static ") { type = type.dropFirst(7) }
      type = type.prefix { $0 != "." && $0 != "(" && $0 != "<" }
      let file = "/Users/dev/Developer/\(app)/\(app)/\(type.isEmpty ? "main" : type).swift"
      document.text += "<source line=\"\(12 + Self.hash(function.name) % 180)\">"
      if let pathID = document.intern("path", key: file) {
        document.text += "<path id=\"\(pathID)\">\(document.escape(file))</path>"
      }
      document.text += "</source>"
    }
    document.text += "</frame>"
  }

  /// Where `binary` lies: the app's in its bundle, the system's under `/System/Library/` and
  /// `/usr/lib/`.
  private func binaryPath(_ binary: String, user: Bool) -> String {
    if user {
      let bundle = "/private/var/containers/Bundle/Application/\(Self.uuid("container " + app))/\(app).app"
      if binary == app { return "\(bundle)/\(binary)" }
      return binary.hasSuffix(".dylib")
        ? "\(bundle)/Frameworks/\(binary)" : "\(bundle)/Frameworks/\(binary).framework/\(binary)"
    }
    if binary == "dyld" { return "/usr/lib/dyld" }
    if binary.hasSuffix(".dylib") {
      if binary.hasPrefix("libswift") { return "/usr/lib/swift/\(binary)" }
      if binary.hasPrefix("libsystem_") || binary.hasPrefix("libdispatch") {
        return "/usr/lib/system/\(binary)"
      }
      return "/usr/lib/\(binary)"
    }
    let privateFrameworks: Set<String> = [
      "AttributeGraph", "UIKitCore", "GraphicsServices", "RenderBox", "FrontBoardServices", "BoardServices",
      "CoreUI", "BaseBoard",
    ]
    let folder = privateFrameworks.contains(binary) ? "PrivateFrameworks" : "Frameworks"
    return "/System/Library/\(folder)/\(binary).framework/\(binary)"
  }

  /// FNV-1a of `text`'s UTF-8: the same on every run (Swift's `Hasher` is seeded per process).
  private static func hash(_ text: String) -> UInt64 {
    var value: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in text.utf8 {
      value ^= UInt64(byte)
      value &*= 0x100_0000_01b3
    }
    return value
  }

  /// Where `binary` is loaded: the app's near `0x100000000`, the system's in the shared cache.
  private static func loadAddress(_ binary: String, app: String, user: Bool) -> UInt64 {
    if user { return binary == app ? 0x1_00e1_4000 : 0x1_0100_0000 + hash(binary) % 0x100 * 0x10_0000 }
    return 0x1_8000_0000 + hash(binary) % 0x700 * 0x10_0000
  }

  /// A function's offset in its binary.
  private static func offset(_ name: String) -> UInt64 { 0x1000 + hash(name) % 0x3_f000 * 4 }

  private static func hex(_ value: UInt64) -> String { "0x" + String(value, radix: 16) }

  /// A UUID made of `text`'s hashes: `BB0DF0D5-AF57-F3D4-7CCA-112510DDF155`.
  private static func uuid(_ text: String) -> String {
    let digits =
      (String(hash(text), radix: 16, uppercase: true).padded(16)
        + String(hash("uuid " + text), radix: 16, uppercase: true).padded(16))
    let parts = [0..<8, 8..<12, 12..<16, 16..<20, 20..<32].map { range in
      String(digits.dropFirst(range.lowerBound).prefix(range.count))
    }
    return parts.joined(separator: "-")
  }

  /// `00:02.000.975`: minutes, seconds, milliseconds and microseconds.
  private static func clock(_ ns: Int64) -> String {
    guard ns >= 0 else { return String(ns) }
    let us = ns / 1000
    return "\(String(us / 60_000_000).padded(2, "0")):\(String(us / 1_000_000 % 60).padded(2, "0"))."
      + "\(String(us / 1000 % 1000).padded(3, "0")).\(String(us % 1000).padded(3, "0"))"
  }

  /// `1.00 ms`, `250.00 µs`.
  private static func duration(_ ns: Int64) -> String {
    let (hundredths, unit) = ns >= 1_000_000 ? ((ns + 5000) / 10_000, "ms") : ((ns + 5) / 10, "µs")
    return "\(hundredths / 100).\(String(hundredths % 100).padded(2, "0")) \(unit)"
  }
}

extension String {
  /// The string with `pad` before it up to `width` characters.
  fileprivate func padded(_ width: Int, _ pad: Character = "0") -> String {
    String(repeating: pad, count: max(0, width - count)) + self
  }
}
