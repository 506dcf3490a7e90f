/// Turns the rows of exported tables into trace events for a ``TraceSink``.
///
/// Columns are found by mnemonic when a table begins; each row then becomes at most one event
/// (a vsync row becomes a frame when the next vsync of the display arrives). Cause-graph
/// nodes that are not updates become ``Source`` events once every table has been read (a
/// node is an update when an updates table has a row with its id), so ids stay unique.
struct XCTraceEventMapper<Sink: TraceSink>: XCTraceTableHandler {
  /// Column positions of the current table (-1: absent).
  private struct Table {
    var kind: XCTraceTableKind
    var displayName: String
    var start = -1, duration = -1, id = -1, updateType = -1, description = -1, module = -1
    var viewName = -1, thread = -1, process = -1, node = -1
    var timestamp = -1, sourceID = -1, sourceNode = -1, destinationID = -1, destinationNode = -1
    var label = -1, valueType = -1, changed = -1
    var narrative = -1, hangType = -1, refreshRate = -1, isMain = -1, display = -1, refreshInterval = -1
    var isSystem = -1, cause = -1
    var name = -1, subsystem = -1, category = -1
    var cached = -1, severity = -1
    /// A `SwiftUIFilteredUpdates` instance: its updates repeat those of other instances.
    var filtered = false
    var unknownSeverities: [String: Int] = [:]
    /// Rows left out and why, for one warning at the end of the table.
    var incompleteRows = 0
    var duplicateIDs = 0
    var firstDuplicate: (id: Int64, line: Int)?
    var unknownUpdateTypes: [String: Int] = [:]
    var otherDisplayRows = 0
    var unusableRefreshRates = 0
    /// Rows lasting longer than the recording (or an hour), and the first of them.
    var absurdRows = 0
    var firstAbsurd = 0
  }

  /// A node seen in a cause row whose id is not (yet) known as an update.
  private struct PendingNode {
    var label: Symbol
    var user: Bool
    var time: Int64?
    var line: Int
  }

  /// The update groups of one thread, for finding the group that contains an update.
  private struct GroupIntervals {
    var starts: [Int64] = []
    var ends: [Int64] = []
    var ids: [Int64] = []
    var sorted = true

    mutating func append(start: Int64, end: Int64, id: Int64) {
      if let last = starts.last, start < last { sorted = false }
      starts.append(start)
      ends.append(end)
      ids.append(id)
    }

    /// The id of the latest-starting group that contains `start..<end` (among the 64 groups
    /// starting last before it), if any.
    mutating func group(containing start: Int64, _ end: Int64) -> Int64? {
      if !sorted {
        let order = starts.indices.sorted { (starts[$0], ends[$1]) < (starts[$1], ends[$0]) }
        starts = order.map { starts[$0] }
        ends = order.map { ends[$0] }
        ids = order.map { ids[$0] }
        sorted = true
      }
      var low = 0
      var high = starts.count
      while low < high {
        let middle = (low + high) / 2
        if starts[middle] <= start { low = middle + 1 } else { high = middle }
      }
      var index = low - 1
      while index >= 0 && index >= low - 64 {
        if ends[index] >= end { return ids[index] }
        index -= 1
      }
      return nil
    }
  }

  /// A parsed `description` (or node label): without ` [skipped]`, and without `.body`.
  private struct Description {
    var text: Symbol?
    var view: Symbol?
    var skipped: Bool
  }

  var sink: Sink
  let symbols: SymbolTable
  /// The display name of the document being read.
  var file = "" {
    didSet {
      nodeLabels = Self.emptyNodeLabels
      samples.beginDocument()
    }
  }
  private(set) var warnings: [TraceWarning] = []
  /// What the tables say of the rate the app drew at.
  private(set) var rate = XCTraceRefreshRate()
  private var refreshRateIsMain = false
  /// The kinds of the tables read.
  private(set) var kindsRead: Set<XCTraceTableKind> = []
  /// The app of the first updates row.
  private(set) var app: String?
  /// The process of the first updates row.
  private var updatesProcess: XCTraceProcess?
  /// The recorded app (`--process`, else the table of contents' target): only its hitches,
  /// hangs and samples are kept; nil: the process of the updates, else every process's.
  var target: XCTraceProcess?
  /// The processes whose hitches, hangs or samples were read when nothing said which one is the
  /// app's, when there are several (the reader refuses to guess).
  private(set) var unchosenProcesses: [String]?
  /// The processes whose hitches, hangs or samples were read when none was the target's (a
  /// `--process` that names none of them is refused).
  private(set) var missedTarget: [String]?
  /// The recording's length in ns (the table of contents' duration), if known: a group, hitch
  /// or hang longer than it (or than an hour) is counted, never timed.
  var recordingLength: Int64?
  /// Hitches and hangs, kept until every table is read (the process they must belong to may be
  /// known only from a later updates table).
  private var intervals: [(event: TraceEvent, line: Int, file: String, process: XCTraceProcess?)] = []
  /// Whether any hitch or hang row was read.
  private var readIntervals = false
  /// Whether any signpost interval row was read.
  private var readSignposts = false
  /// Time Profiler samples: their columns, stacks and counts.
  private var samples: XCTraceSamples

  private var table = Table(kind: .unknown, displayName: "")
  private let updateIDs = IDSet()
  private let sourceIDs = IDSet()
  private var pending: [Int64: PendingNode] = [:]
  private var pendingOrder: [Int64] = []
  private let empty: Symbol
  private let updateLabel: Symbol
  private let creationLabel: Symbol
  // Per-symbol caches, indexed by symbol (symbols are dense): 0 means not cached yet.
  /// 1 + kind, or 4 + kind for a spelling tracecli does not know.
  private var kindCache: [UInt8] = []
  /// 1 for the main thread, else 2 + the thread-name symbol.
  private var threadCache: [Int32] = []
  private var descriptionCache: [Description?] = []
  /// 1 + the trace-format label symbol.
  private var causeLabelCache: [Int32] = []
  /// Node-cell labels of the current document by composite offset, direct-mapped.
  private var nodeLabels = Self.emptyNodeLabels
  private static var emptyNodeLabels: [(offset: Int64, label: Int32)] {
    Array(repeating: (-1, -1), count: 4096)
  }
  /// Update groups by thread (the thread-name symbol, -1 for the main thread).
  private var groupsByThread: [Int32: GroupIntervals] = [:]
  private var groupCount: Int64 = 0
  /// Frame lifetimes seen (rows repeat per containment level).
  private var seenFrameLifetimes = Set<Int64>()
  /// 1 + the view a `view-name` stands for (the unknown-view node for Instruments' unknown views).
  private var viewNameCache: [Int32] = []
  /// 1: a severity Instruments writes; 2: another spelling.
  private var severityCache: [UInt8] = []
  // Vsyncs of the chosen display, one row behind.
  private var frameDisplay: Symbol??
  private var lastVsync: Int64?
  private var lastVsyncLine = 0
  private var lastInterval: Int64?

  init(sink: Sink, symbols: SymbolTable) {
    self.sink = sink
    self.symbols = symbols
    samples = XCTraceSamples(symbols: symbols)
    empty = symbols.intern("")
    updateLabel = symbols.intern("update")
    creationLabel = symbols.intern("creation")
  }

  /// The header facts the tables gave: the rate the app drew at and where it came from, the app
  /// (the updates', else the process whose samples were read).
  var header: TraceHeader {
    let chosen = rate.chosen
    return TraceHeader(
      app: app ?? samples.appName, refreshRate: chosen?.rate, refreshRateSource: chosen?.source)
  }

  /// What the recorded app's process decides, in messages: `hitches and hangs`, `samples`, or both.
  var processScopedEvents: String {
    var kinds: [String] = []
    if readIntervals || (!readSignposts && samples.rows == 0) { kinds += ["hitches", "hangs"] }
    if readSignposts { kinds.append("signpost intervals") }
    if samples.rows > 0 { kinds.append("samples") }
    return kinds.dropLast().joined(separator: ", ") + (kinds.count > 1 ? " and " : "")
      + kinds[kinds.count - 1]
  }

  // MARK: - Tables

  mutating func beginTable(_ schema: XCTraceSchema, line: Int, values: inout XCTraceValueTable)
    throws(XCTraceMappingError)
  {
    let (kind, inferred) = XCTraceTableKind.of(schema)
    var name = schema.displayName
    if inferred {
      name =
        schema.name.map { "\"\($0)\" (read as \(kind) by its columns)" }
        ?? "(unnamed; read as \(kind) by its columns)"
    }
    table = Table(kind: kind, displayName: name)
    kindsRead.insert(kind)
    let need = { (mnemonics: [String], what: String) throws(XCTraceMappingError) -> Int in
      guard let index = schema.index(ofAny: mnemonics) else {
        throw XCTraceMappingError(
          "table \(name) has no column \"\(mnemonics[0])\", which tracecli needs to read \(what)")
      }
      return index
    }
    let optional = { (mnemonics: [String]) -> Int in schema.index(ofAny: mnemonics) ?? -1 }
    switch kind {
    case .updates:
      table.start = try need(["start", "timestamp"], "updates")
      table.duration = try need(["duration"], "updates")
      table.id = try need(["id"], "updates (their ids link them to causes)")
      table.updateType = try need(["update-type"], "update kinds")
      table.description = optional(["description"])
      table.viewName = optional(["view-name"])
      if table.description < 0 && table.viewName < 0 { _ = try need(["description"], "view names") }
      table.module = optional(["module"])
      table.thread = optional(["thread"])
      table.process = optional(["process"])
      table.node = optional(["cause-graph-node", "full-cause-graph-node"])
      table.severity = optional(["severity"])
      table.filtered = schema.name == "SwiftUIFilteredUpdates"
    case .layoutUpdates:
      table.start = try need(["start", "timestamp"], "layout updates")
      table.duration = try need(["duration"], "layout updates")
      table.id = try need(["id"], "layout updates (their ids link them to causes)")
      table.description = optional(["description"])
      table.viewName = optional(["view-name"])
      table.module = optional(["module"])
      table.thread = optional(["thread"])
      table.process = optional(["process"])
      table.cached = optional(["cached"])
      table.severity = optional(["severity"])
    case .causes:
      table.sourceID = try need(["source-node-event-id"], "causes (the ids of their nodes)")
      table.destinationID = try need(["destination-node-event-id"], "causes (the ids of their nodes)")
      table.sourceNode = optional(["source-node"])
      table.destinationNode = optional(["destination-node"])
      table.timestamp = optional(["timestamp", "start"])
      table.label = optional(["label"])
      table.valueType = optional(["value-type"])
      table.changed = optional(["changed-properties"])
    case .groups:
      table.start = try need(["start", "timestamp"], "update groups")
      table.duration = try need(["duration"], "update groups")
      table.label = optional(["label"])
      table.thread = optional(["thread"])
    case .hitches:
      table.start = try need(["start", "timestamp"], "hitches")
      table.duration = try need(["duration"], "hitches")
      // `hitches-summary`'s narrative is a counter label ("3 : Hitch Duration") and `label` the
      // swap id in hex: neither is a narrative. Its `type-label` is the stage that was late.
      table.narrative = optional(["narrative-description"])
      table.cause = optional(["type-label"])
      table.isSystem = optional(["is-system"])
      table.process = optional(["process"])
      table.refreshInterval = optional(["refresh-interval"])
    case .hangs:
      table.start = try need(["start", "timestamp"], "hangs")
      table.duration = try need(["duration"], "hangs")
      table.hangType = optional(["hang-type"])
      table.process = optional(["process"])
    case .signposts:
      // Windows are extra: a signpost table of an unknown shape is left out, not the import.
      table.start = optional(["start", "timestamp"])
      table.duration = optional(["duration"])
      table.name = optional(["name"])
      guard table.start >= 0 && table.duration >= 0 && table.name >= 0 else {
        warnings.append(
          TraceWarning(
            file: file, line: line,
            message: "left out table \(name): it lacks the start, duration or name of its intervals"))
        table.kind = .unused
        break
      }
      table.subsystem = optional(["subsystem"])
      table.category = optional(["category"])
      table.process = optional(["process"])
    case .displays:
      table.refreshRate = try need(["max-refresh-rate"], "the refresh rate")
      table.isMain = optional(["is-main-display"])
    case .vsyncs:
      rate.vsyncFile = rate.vsyncFile ?? file
      table.start = try need(["timestamp", "start"], "frames")
      table.duration = optional(["duration"])
      table.display = optional(["display-name", "display"])
      frameDisplay = nil
      lastVsync = nil
      lastInterval = nil
    case .frameLifetimes:
      table.start = try need(["start", "timestamp"], "frames")
      table.duration = try need(["duration"], "frames")
    case .samples:
      var columns = XCTraceSamples.Columns()
      columns.time = try need(["time", "sample-time"], "samples")
      columns.weight = try need(["weight"], "samples (the time each stands for)")
      columns.stack = try need(["stack", "backtrace"], "sample stacks")
      columns.thread = optional(["thread"])
      columns.process = optional(["process"])
      columns.state = optional(["thread-state", "state"])
      samples.beginTable(columns: columns, app: target ?? updatesProcess)
    case .cycleSamples, .unused, .unknown:
      break
    }
  }

  mutating func row(_ cells: UnsafeBufferPointer<XCTraceValue>, line: Int, values: inout XCTraceValueTable)
    throws(XCTraceMappingError)
  {
    switch table.kind {
    case .updates, .layoutUpdates: try update(cells, line: line, values: &values)
    case .frameLifetimes: try frameLifetime(cells, line: line, values: &values)
    case .causes: cause(cells, line: line, values: &values)
    case .groups: try group(cells, line: line, values: &values)
    case .hitches: try hitch(cells, line: line, values: &values)
    case .hangs: try hang(cells, line: line, values: &values)
    case .signposts: try signpost(cells, line: line, values: &values)
    case .displays: display(cells, values: &values)
    case .vsyncs: try vsync(cells, line: line, values: &values)
    case .samples: sample(cells, line: line, values: &values)
    case .cycleSamples, .unused, .unknown: break
    }
  }

  mutating func endTable(rows: Int, line: Int, values: inout XCTraceValueTable) {
    switch table.kind {
    case .unused:
      warn(line, "table \(table.displayName) (\(rows) rows) is not used by tracecli; skipped")
    case .unknown:
      warn(line, "table \(table.displayName) (\(rows) rows) is not one tracecli reads; skipped")
    case .cycleSamples:
      let what = "cycle weights, not time; tracecli reads time-profile"
      warn(line, "table \(table.displayName) (\(rows) rows): \(what); skipped")
    case .samples:
      for message in samples.endTable() { warn(line, "table \(table.displayName): \(message)") }
    case .vsyncs:
      if let start = lastVsync, let interval = lastInterval {
        frame(start, start &+ interval, line: lastVsyncLine)
      }
      lastVsync = nil
    default:
      break
    }
    if table.incompleteRows > 0 {
      warn(
        line,
        "table \(table.displayName): skipped \(table.incompleteRows) rows without the start, duration or id tracecli needs"
      )
    }
    if let first = table.firstDuplicate {
      warn(
        line,
        "table \(table.displayName): skipped \(table.duplicateIDs) updates whose id was already used (first: id \(first.id) on line \(first.line))"
      )
    }
    for (type, count) in table.unknownUpdateTypes.sorted(by: { $0.key < $1.key }) {
      warn(
        line,
        "table \(table.displayName): update type \"\(type)\" is not one tracecli knows; read \(count) rows by its words (body, representable, else other)"
      )
    }
    for (severity, count) in table.unknownSeverities.sorted(by: { $0.key < $1.key }) {
      warn(
        line,
        "table \(table.displayName): severity \"\(severity)\" is not one Instruments writes (Very Low, Low, Moderate, High, Very High) in \(count) rows; tracecli's thresholds decide severities anyway"
      )
    }
    if table.unusableRefreshRates > 0 {
      warn(
        line,
        "table \(table.displayName): ignored \(table.unusableRefreshRates) displays whose max-refresh-rate is not a rate from 1 to 1000000000 Hz"
      )
    }
    if table.absurdRows > 0 {
      warn(
        line,
        "table \(table.displayName): \(table.absurdRows) rows last longer than the recording or an hour (first: line \(table.firstAbsurd)); counted, never timed"
      )
    }
    if table.otherDisplayRows > 0 {
      let chosen = frameDisplay.flatMap { $0 }.map { symbols[$0] } ?? "the first display"
      warn(
        line,
        "table \(table.displayName): frames come from \(chosen); ignored \(table.otherDisplayRows) vsyncs of other displays"
      )
    }
    table = Table(kind: .unknown, displayName: "")
  }

  /// Emits the sources (the nodes of causes that no updates table listed, in first-seen order),
  /// then the recorded app's hitches and hangs.
  mutating func finish() {
    defer { emitIntervals() }
    for id in pendingOrder {
      guard let node = pending[id], !updateIDs.contains(id), sourceIDs.insert(id) else { continue }
      let label = symbols[node.label]
      let (owner, property) = XCTraceNames.ownerAndProperty(label)
      let source = Source(
        id: id, kind: SourceKind(nodeLabel: label), label: node.label,
        owner: owner.map { symbols.intern($0) }, property: property.map { symbols.intern($0) },
        user: node.user, time: node.time)
      sink.consume(.source(source), line: node.line, symbols: symbols)
    }
    pending = [:]
    pendingOrder = []
  }

  private mutating func warn(_ line: Int, _ message: String) {
    warnings.append(TraceWarning(file: file, line: line, message: message))
  }

  // MARK: - Cells

  @inline(__always)
  private func cell(_ cells: UnsafeBufferPointer<XCTraceValue>, _ index: Int) -> XCTraceValue {
    index >= 0 && index < cells.count ? cells[index] : .empty
  }

  /// The non-empty text of a cell.
  @inline(__always)
  private func text(_ value: XCTraceValue, _ values: inout XCTraceValueTable) -> Symbol? {
    guard let symbol = value.symbol ?? values.text(value), symbol != empty else { return nil }
    return symbol
  }

  /// A duration cell: nil when empty (a sentinel); negative or non-numeric ones are an error.
  @inline(__always)
  private func duration(_ value: XCTraceValue, _ values: borrowing XCTraceValueTable)
    throws(XCTraceMappingError)
    -> Int64?
  {
    guard let duration = values.integer(value) else {
      if values.isBlank(value) { return nil }
      throw XCTraceMappingError("table \(table.displayName): a duration that is not a number of ns")
    }
    if duration < 0 { throw negativeDuration(duration) }
    return duration
  }

  private func negativeDuration(_ duration: Int64) -> XCTraceMappingError {
    XCTraceMappingError("table \(table.displayName): negative duration \(duration)")
  }

  // MARK: - Updates

  @inline(__always)
  private mutating func update(
    _ cells: UnsafeBufferPointer<XCTraceValue>, line: Int, values: inout XCTraceValueTable
  ) throws(XCTraceMappingError) {
    guard let start = values.integer(cell(cells, table.start)),
      let id = values.integer(cell(cells, table.id)),
      id >= 0
    else {
      table.incompleteRows += 1
      return
    }
    let duration = try duration(cell(cells, table.duration), values) ?? Update.unfinishedDuration
    let isLayout = table.kind == .layoutUpdates
    let kind = isLayout ? .other : updateKind(cell(cells, table.updateType), &values)
    let description = parsedDescription(text(cell(cells, table.description), &values))
    let viewName = self.viewName(text(cell(cells, table.viewName), &values))
    var update = Update(id: id, kind: kind, start: start, duration: duration)
    update.skipped = description.skipped
    if isLayout && table.cached >= 0 {
      // A cached layout: SwiftUI reused the result instead of computing it.
      let cached = cells[table.cached]
      update.skipped =
        values.integer(cached).map { $0 != 0 }
        ?? (text(cached, &values).map { ["Yes", "YES", "true", "Cached"].contains(symbols[$0]) } ?? false)
    }
    if table.severity >= 0, let severity = text(cells[table.severity], &values) { checkSeverity(severity) }
    switch kind {
    case .body:
      update.view = description.view ?? viewName
      if table.node >= 0 && (update.view == nil || !update.skipped) {
        // A dimmed node's label ends in ` [skipped]` too.
        let node = parsedDescription(cachedNodeLabel(cells[table.node], &values))
        update.view = update.view ?? node.view
        update.skipped = update.skipped || node.skipped
      }
    case .representable:
      update.view = viewName
      if update.view == nil, let described = description.view { update.view = representedView(described) }
      if let label = description.text, label != update.view { update.label = label }
      if update.view == nil, table.node >= 0 {
        update.view = parsedDescription(nodeLabel(cell(cells, table.node), &values)).view
      }
    case .other:
      update.view = viewName
      update.label = description.text
    }
    if update.view == nil && kind != .other {
      table.incompleteRows += 1
      return
    }
    update.module = text(cell(cells, table.module), &values)
    if table.thread >= 0, let thread = text(cells[table.thread], &values) {
      let name = threadName(thread)
      update.thread = name
      update.isMainThread = name == nil
    }
    if !groupsByThread.isEmpty {
      update.group = groupsByThread[update.thread?.rawValue ?? -1]?.group(
        containing: start, duration >= Update.unfinishedDuration ? start : start &+ duration)
    }
    guard updateIDs.insert(id) else {
      // Filtered instances repeat each other's updates: each counts once, silently.
      if table.filtered { return }
      table.duplicateIDs += 1
      if table.firstDuplicate == nil { table.firstDuplicate = (id, line) }
      return
    }
    if app == nil, table.process >= 0, let process = values.string(cells[table.process]) {
      app = XCTraceNames.app(process)
      updatesProcess = XCTraceNames.process(process)
    }
    sink.consumeUpdate(update, line: line, symbols: symbols)
  }

  @inline(__always)
  private mutating func updateKind(_ value: XCTraceValue, _ values: inout XCTraceValueTable) -> UpdateKind {
    guard let symbol = text(value, &values) else { return .other }
    if symbol.index >= kindCache.count {
      kindCache += repeatElement(0, count: symbol.index + 64 - kindCache.count)
    }
    var cached = kindCache[symbol.index]
    if cached == 0 {
      let (parsed, known) = XCTraceNames.updateKind(symbols[symbol])
      cached = UInt8(parsed.rawValue) + (known ? 1 : 4)
      kindCache[symbol.index] = cached
    }
    if cached >= 4 {
      table.unknownUpdateTypes[symbols[symbol], default: 0] += 1
      return UpdateKind(rawValue: Int(cached) - 4) ?? .other
    }
    return UpdateKind(rawValue: Int(cached) - 1) ?? .other
  }

  private mutating func parsedDescription(_ symbol: Symbol?) -> Description {
    guard let symbol else { return Description(text: nil, view: nil, skipped: false) }
    if symbol.index >= descriptionCache.count {
      descriptionCache += repeatElement(nil, count: symbol.index + 64 - descriptionCache.count)
    }
    if let cached = descriptionCache[symbol.index] { return cached }
    var text = symbols[symbol]
    var skipped = false
    if text.hasSuffix(" [skipped]") {
      text.removeLast(" [skipped]".count)
      skipped = true
    }
    var view = text
    if view.hasSuffix(".body") && view.count > 5 { view.removeLast(5) }
    let parsed = Description(
      text: text.isEmpty ? nil : symbols.intern(text), view: view.isEmpty ? nil : symbols.intern(view),
      skipped: skipped)
    descriptionCache[symbol.index] = parsed
    return parsed
  }

  /// The view of a representable update's description: `MapView.update` → `MapView`.
  private mutating func representedView(_ symbol: Symbol) -> Symbol {
    let text = symbols[symbol]
    guard text.hasSuffix(".update") && text.count > 7 else { return symbol }
    return symbols.intern(String(text.dropLast(7)))
  }

  /// The view a `view-name` cell names: Instruments' `[unknown view: …]` values become
  /// `(unknown view: …)`, one view per description.
  private mutating func viewName(_ symbol: Symbol?) -> Symbol? {
    guard let symbol else { return nil }
    if symbol.index >= viewNameCache.count {
      viewNameCache += repeatElement(0, count: symbol.index + 64 - viewNameCache.count)
    }
    if viewNameCache[symbol.index] == 0 {
      let text = symbols[symbol]
      let mapped = XCTraceNames.isUnknownView(text) ? symbols.intern(XCTraceNames.unknownView(text)) : symbol
      viewNameCache[symbol.index] = mapped.rawValue + 1
    }
    return Symbol(rawValue: viewNameCache[symbol.index] - 1)
  }

  /// Counts a severity Instruments does not write; tracecli never uses the instrument's severities.
  private mutating func checkSeverity(_ symbol: Symbol) {
    if symbol.index >= severityCache.count {
      severityCache += repeatElement(0, count: symbol.index + 64 - severityCache.count)
    }
    if severityCache[symbol.index] == 0 {
      severityCache[symbol.index] = XCTraceNames.severities.contains(symbols[symbol]) ? 1 : 2
    }
    if severityCache[symbol.index] == 2 { table.unknownSeverities[symbols[symbol], default: 0] += 1 }
  }

  private mutating func threadName(_ symbol: Symbol) -> Symbol? {
    if symbol.index >= threadCache.count {
      threadCache += repeatElement(0, count: symbol.index + 64 - threadCache.count)
    }
    let cached = threadCache[symbol.index]
    if cached == 1 { return nil }
    if cached >= 2 { return Symbol(rawValue: cached - 2) }
    let name = XCTraceNames.thread(symbols[symbol]).map { symbols.intern($0) }
    threadCache[symbol.index] = name.map { $0.rawValue + 2 } ?? 1
    return name
  }

  // MARK: - Causes

  private mutating func cause(
    _ cells: UnsafeBufferPointer<XCTraceValue>, line: Int, values: inout XCTraceValueTable
  ) {
    guard let from = values.integer(cell(cells, table.sourceID)),
      let to = values.integer(cell(cells, table.destinationID)), from >= 0, to >= 0
    else {
      table.incompleteRows += 1
      return
    }
    var label = updateLabel
    if let written = text(cell(cells, table.label), &values) {
      if written.index >= causeLabelCache.count {
        causeLabelCache += repeatElement(0, count: written.index + 64 - causeLabelCache.count)
      }
      if causeLabelCache[written.index] > 0 {
        label = Symbol(rawValue: causeLabelCache[written.index] - 1)
      } else {
        switch symbols[written] {
        case "Update", "update": label = updateLabel
        case "Creation", "creation": label = creationLabel
        default: label = written
        }
        causeLabelCache[written.index] = label.rawValue + 1
      }
    }
    let cause = Cause(
      from: from, to: to, label: label, time: values.integer(cell(cells, table.timestamp)),
      changed: text(cell(cells, table.changed), &values),
      valueType: text(cell(cells, table.valueType), &values))
    sink.consume(.cause(cause), line: line, symbols: symbols)
    note(from, cell(cells, table.sourceNode), line: line, &values)
    note(to, cell(cells, table.destinationNode), line: line, &values)
  }

  /// Remembers the node `id` of a cause row unless it is already an update or a source (or
  /// its cell gives no label).
  private mutating func note(_ id: Int64, _ node: XCTraceValue, line: Int, _ values: inout XCTraceValueTable)
  {
    guard !updateIDs.contains(id), !sourceIDs.contains(id), pending[id] == nil else { return }
    var label = nodeLabel(node, &values)
    var user = false
    var time: Int64?
    if values.childCount(node) > 0 {
      user = text(values.child(node, 1), &values).map { symbols[$0] == "blue" } ?? false
      if values.childCount(node) >= 7 { time = values.integer(values.child(node, 6)) }
    } else if node.compositeOffset != nil, let fmt = values.string(node) {
      let parsed = XCTraceNames.node(fmt: fmt)
      label = symbols.intern(parsed.label)
      user = parsed.color == "blue"
    }
    // A node without a label stays what the format calls dangling: no event is invented for it.
    guard let label else { return }
    pending[id] = PendingNode(label: label, user: user, time: time, line: line)
    pendingOrder.append(id)
  }

  /// ``nodeLabel(_:_:)`` remembered by the cell's offset (node cells repeat as refs).
  @inline(__always)
  private mutating func cachedNodeLabel(_ node: XCTraceValue, _ values: inout XCTraceValueTable) -> Symbol? {
    guard let offset = node.compositeOffset else { return text(node, &values) }
    let slot = Int(truncatingIfNeeded: (UInt64(offset) &* 0x9E37_79B9_7F4A_7C15) >> 52)
    if nodeLabels[slot].offset == offset {
      return nodeLabels[slot].label >= 0 ? Symbol(rawValue: nodeLabels[slot].label) : nil
    }
    let label = nodeLabel(node, &values)
    nodeLabels[slot] = (offset, label?.rawValue ?? -1)
    return label
  }

  /// The label of a node cell: its first child (`typed-array`), else its text.
  private mutating func nodeLabel(_ node: XCTraceValue, _ values: inout XCTraceValueTable) -> Symbol? {
    if values.childCount(node) > 0 { return text(values.child(node, 0), &values) }
    if node.compositeOffset != nil, let fmt = values.string(node) {
      return symbols.intern(XCTraceNames.node(fmt: fmt).label)
    }
    return text(node, &values)
  }

  // MARK: - Groups, hitches, hangs

  /// The start and duration of a row; nil (counted) when either is missing.
  private mutating func interval(
    _ cells: UnsafeBufferPointer<XCTraceValue>, line: Int, _ values: borrowing XCTraceValueTable
  )
    throws(XCTraceMappingError) -> (start: Int64, duration: Int64)?
  {
    guard let start = values.integer(cell(cells, table.start)),
      let duration = try duration(cell(cells, table.duration), values)
    else {
      table.incompleteRows += 1
      return nil
    }
    return (start, duration)
  }

  private mutating func group(
    _ cells: UnsafeBufferPointer<XCTraceValue>, line: Int, values: inout XCTraceValueTable
  )
    throws(XCTraceMappingError)
  {
    guard let (start, interval) = try interval(cells, line: line, values) else { return }
    let duration = timed(interval, line: line)
    groupCount += 1
    let group = UpdateGroup(
      id: groupCount, start: start, duration: duration, label: text(cell(cells, table.label), &values))
    var thread: Int32 = -1
    if table.thread >= 0, let name = text(cells[table.thread], &values) {
      thread = threadName(name)?.rawValue ?? -1
    }
    groupsByThread[thread, default: GroupIntervals()].append(
      start: start, end: duration >= Update.unfinishedDuration ? Int64.max : start &+ duration, id: groupCount
    )
    sink.consume(.group(group), line: line, symbols: symbols)
  }

  private mutating func hitch(
    _ cells: UnsafeBufferPointer<XCTraceValue>, line: Int, values: inout XCTraceValueTable
  )
    throws(XCTraceMappingError)
  {
    if let refresh = values.integer(cell(cells, table.refreshInterval)) {
      rate.refreshIntervals.append(refresh)
    }
    guard let (start, interval) = try interval(cells, line: line, values) else { return }
    let duration = timed(interval, line: line)
    let system = table.isSystem >= 0 && flag(cells[table.isSystem], &values)
    let hitch = Hitch(
      start: start, duration: duration, narrative: text(cell(cells, table.narrative), &values),
      system: system,
      cause: text(cell(cells, table.cause), &values))
    intervals.append((.hitch(hitch), line, file, process(cells, &values)))
    readIntervals = true
  }

  private mutating func hang(
    _ cells: UnsafeBufferPointer<XCTraceValue>, line: Int, values: inout XCTraceValueTable
  )
    throws(XCTraceMappingError)
  {
    guard let (start, interval) = try interval(cells, line: line, values) else { return }
    let duration = timed(interval, line: line)
    let hang = Hang(start: start, duration: duration, kind: text(cell(cells, table.hangType), &values))
    intervals.append((.hang(hang), line, file, process(cells, &values)))
    readIntervals = true
  }

  /// An `os-signpost-interval` row: a named interval, kept when it is the recorded app's (an
  /// interval without a name is incomplete).
  private mutating func signpost(
    _ cells: UnsafeBufferPointer<XCTraceValue>, line: Int, values: inout XCTraceValueTable
  )
    throws(XCTraceMappingError)
  {
    guard let (start, duration) = try interval(cells, line: line, values) else { return }
    guard let name = text(cell(cells, table.name), &values) else {
      table.incompleteRows += 1
      return
    }
    let interval = Interval(
      name: name, start: start, duration: duration, subsystem: text(cell(cells, table.subsystem), &values),
      category: text(cell(cells, table.category), &values))
    intervals.append((.interval(interval), line, file, process(cells, &values)))
    readSignposts = true
  }

  /// `duration`, or the unfinished sentinel (counted, never timed) when it is longer than the
  /// recording or than an hour (an absurd value: a 6.1e18 ns group would make a span of 195
  /// years), which the table's warning counts.
  private mutating func timed(_ duration: Int64, line: Int) -> Int64 {
    guard duration >= Update.unfinishedDuration || duration > recordingLength ?? .max else { return duration }
    if table.absurdRows == 0 { table.firstAbsurd = line }
    table.absurdRows += 1
    return max(duration, Update.unfinishedDuration)
  }

  /// A boolean cell: `1`, or `Yes`/`true` as some exports spell it.
  private func flag(_ value: XCTraceValue, _ values: inout XCTraceValueTable) -> Bool {
    values.integer(value).map { $0 != 0 }
      ?? (values.string(value).map { ["Yes", "true", "YES"].contains($0) } ?? false)
  }

  /// The process of a row (nil when its table has no process column).
  private mutating func process(_ cells: UnsafeBufferPointer<XCTraceValue>, _ values: inout XCTraceValueTable)
    -> XCTraceProcess?
  {
    guard table.process >= 0, let text = values.string(cells[table.process]) else { return nil }
    return XCTraceNames.process(text)
  }

  /// Emits the hitches and hangs of the recorded app (the table of contents' target, else the
  /// process of the updates; without either, every process's), and warns of the others.
  private mutating func emitIntervals() {
    let app = target ?? updatesProcess
    var others: [String: Int] = [:]
    var otherKinds = Set<String>()
    var firstOther: (file: String, line: Int)?
    // Hitch rows repeat per containment level: one hitch per start, duration and owner.
    var seenHitches = Set<[Int64]>()
    var kept = 0
    for item in intervals {
      if let app, let process = item.process, !app.matches(process) {
        others[process.description, default: 0] += 1
        if case .interval = item.event {
          otherKinds.insert("signpost intervals")
        } else {
          otherKinds.insert("hitches and hangs")
        }
        if firstOther == nil { firstOther = (item.file, item.line) }
        continue
      }
      if case .hitch(let hitch) = item.event,
        !seenHitches.insert([hitch.start, hitch.duration, hitch.system ? 1 : 0]).inserted
      {
        continue
      }
      kept += 1
      sink.consume(item.event, line: item.line, symbols: symbols)
    }
    // A target that names none of the processes whose hitches, hangs or samples were read.
    let missed = others.merging(samples.leftOut, uniquingKeysWith: +)
    if kept + samples.kept == 0 && !missed.isEmpty { missedTarget = missed.keys.sorted() }
    if app == nil {
      let processes = Set(intervals.compactMap { $0.process?.description }).union(samples.unfilteredProcesses)
      if processes.count > 1 { unchosenProcesses = processes.sorted() }
    }
    intervals = []

    if let app, let firstOther {
      let list = others.sorted { $0.key < $1.key }.map { "\($0.key) ×\($0.value)" }.joined(separator: ", ")
      warnings.append(
        TraceWarning(
          file: firstOther.file, line: firstOther.line,
          message:
            "left out \(others.values.reduce(0, +)) \(otherKinds.sorted().joined(separator: " and ")) of other processes"
            + " than \(app): \(list)"))
    }
  }

  // MARK: - Samples

  /// A `time-profile` row: a sample of the recorded app's running thread, its thread named as
  /// updates' threads are (the main thread, spelled `Main Thread …` or `main 0x…`, is nil).
  private mutating func sample(
    _ cells: UnsafeBufferPointer<XCTraceValue>, line: Int, values: inout XCTraceValueTable
  ) {
    guard let (read, stack) = samples.read(cells, values: &values) else { return }
    var sample = read
    if samples.columns.thread >= 0, let thread = text(cell(cells, samples.columns.thread), &values) {
      let name = threadName(thread)
      sample.thread = name
      sample.isMainThread = name == nil
    }
    samples.emit(sample, stack: stack, line: line, into: &sink)
  }

  // MARK: - Displays and vsyncs

  /// Emits a frame unless its deadline is not after its start (an overflow).
  private mutating func frame(_ start: Int64, _ deadline: Int64, line: Int) {
    guard deadline > start else { return }
    sink.consume(.frame(Frame(start: start, deadline: deadline)), line: line, symbols: symbols)
  }

  /// A frame lifetime (commit to screen): not a frame, whose deadline it would put at the
  /// screen time; its start serves the rate when nothing better does.
  private mutating func frameLifetime(
    _ cells: UnsafeBufferPointer<XCTraceValue>, line: Int, values: inout XCTraceValueTable
  ) throws(XCTraceMappingError) {
    guard let (start, _) = try interval(cells, line: line, values), seenFrameLifetimes.insert(start).inserted
    else { return }
    rate.lifetimeStarts.append(start)
  }

  private mutating func display(_ cells: UnsafeBufferPointer<XCTraceValue>, values: inout XCTraceValueTable) {
    guard let rate = values.integer(cell(cells, table.refreshRate)),
      TraceHeader.refreshRates.contains(Double(rate))
    else {
      table.unusableRefreshRates += 1
      return
    }
    let isMain = table.isMain >= 0 && flag(cells[table.isMain], &values)
    if self.rate.displayMaximum == nil || (isMain && !refreshRateIsMain) {
      self.rate.displayMaximum = Double(rate)
      refreshRateIsMain = isMain
    }
  }

  /// Reads a vsync row.
  ///
  /// Rows that are intervals (a duration of at least 1 µs) are frames as they stand; point vsyncs (Instruments writes a 1 ns duration) make a frame from one vsync to
  /// the next. Only the first display's vsyncs are used.
  private mutating func vsync(
    _ cells: UnsafeBufferPointer<XCTraceValue>, line: Int, values: inout XCTraceValueTable
  )
    throws(XCTraceMappingError)
  {
    guard let start = values.integer(cell(cells, table.start)) else {
      table.incompleteRows += 1
      return
    }
    let display = text(cell(cells, table.display), &values)
    if let chosen = frameDisplay {
      guard chosen == display else {
        table.otherDisplayRows += 1
        return
      }
    } else {
      frameDisplay = .some(display)
    }
    if let duration = try duration(cell(cells, table.duration), values), duration >= 1000 {
      frame(start, start &+ duration, line: line)
      lastInterval = duration
      rate.vsyncIntervals.append(duration)
      return
    }
    if let previous = lastVsync, start > previous {
      frame(previous, start, line: lastVsyncLine)
      lastInterval = start &- previous
      rate.vsyncIntervals.append(start &- previous)
    }
    if start > lastVsync ?? .min {
      lastVsync = start
      lastVsyncLine = line
    }
  }
}
