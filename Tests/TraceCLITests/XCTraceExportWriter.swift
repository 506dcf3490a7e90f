import Foundation
import TraceModel

/// Writes trace events as `xctrace export` XML tables, the way Instruments does.
///
/// Every value is interned (`id="N" fmt="…"` the first time, `ref="N"` after), nested elements
/// have their own ids, node cells have children that refer to strings of other cells (ref
/// chains), empty cells are `<sentinel/>` and text is escaped. Tests import the result and
/// compare it with the events.
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
    mutating func composite(_ element: String, key: String, fmt: String, _ body: (inout Document) -> Void) {
      if let id = interned[element + "\u{0}" + key] {
        text += "<\(element) ref=\"\(id)\"/>"
        return
      }
      let id = nextID
      nextID += 1
      interned[element + "\u{0}" + key] = id
      text += "<\(element) id=\"\(id)\" fmt=\"\(escape(fmt))\">"
      body(&self)
      text += "</\(element)>"
    }

    mutating func process(_ app: String) {
      composite("process", key: app, fmt: "\(app) (4242)") { document in
        document.leaf("pid", "4242")
        document.leaf("device-session", "device-session-1")
      }
    }

    mutating func thread(_ name: String?, app: String) {
      let fmt =
        name.map { "\($0) (0x2f03) (\(app), pid: 4242)" } ?? "Main Thread (0x1e9000) (\(app), pid: 4242)"
      composite("thread", key: fmt, fmt: fmt) { document in
        document.leaf("tid", name == nil ? "0x1e9000" : "0x2f03")
        document.process(app)
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

  let symbols: SymbolTable
  var app = "App"
  var numericReferences = false

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
      updates.composite("view-hierarchy", key: "", fmt: "") { $0.process(app) }
      if let module = name(update.module) { updates.leaf("string", module) } else { updates.sentinel() }
      if update.kind != .body, let view { updates.leaf("string", view) } else { updates.sentinel() }
      updates.process(app)
      updates.thread(update.isMainThread ? nil : name(update.thread), app: app)
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
      causes.process(app)
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

    var paths: [String] = []
    for (file, text) in files.sorted(by: { $0.key < $1.key }) {
      let path = (directory as NSString).appendingPathComponent(file)
      try Data(text.utf8).write(to: URL(fileURLWithPath: path))
      paths.append(path)
    }
    return paths
  }
}
