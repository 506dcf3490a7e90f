/// Reads the rows of `time-profile` tables (Time Profiler) as ``Sample`` events and the
/// ``CodeSymbol``s their stacks name.
///
/// A row, by example (cells by the schema's columns, here `time`, `thread`, `process`, `core`,
/// `thread-state`, `weight`, `stack`):
///
///     <row><sample-time id="1" fmt="00:02.000.975">2000975213</sample-time>
///       <thread id="2" fmt="Main Thread  0x1e9000 (Landmarks, pid: 1001)">…</thread>
///       <process ref="4"/><core id="7" fmt="CPU 5 (P Core)">5</core>
///       <thread-state id="8" fmt="Running">Running</thread-state>
///       <weight id="9" fmt="1.00 ms">1000000</weight><backtrace id="10">…</backtrace></row>
///     <row><sample-time id="33" …>2002008934</sample-time><thread ref="2"/><process ref="4"/>
///       <core ref="7"/><thread-state ref="8"/><weight ref="9"/><sentinel/></row>
///
/// Rows of the recorded app (``app``; without one, every process's) whose thread was running
/// (`thread-state` `Running`, or none written) become samples: the time and the weight in ns,
/// the stack as `symbol` ids leaf first (``XCTraceBacktraces``; a `<sentinel/>` is an empty
/// stack). The others are counted for the table's warnings. The thread is named by the
/// mapper, as it names updates' threads.
struct XCTraceSamples {
  /// The columns of the current table (-1: absent).
  struct Columns {
    var time = -1, weight = -1, stack = -1, thread = -1, process = -1, state = -1
  }

  var columns = Columns()
  /// The recorded app: only its rows are read (nil: every process's).
  private(set) var app: XCTraceProcess?
  private(set) var backtraces: XCTraceBacktraces
  /// Rows read, kept or not, over the whole reading.
  private(set) var rows = 0
  /// Samples emitted over the whole reading.
  private(set) var kept = 0
  /// Samples of processes other than ``app`` left out over the whole reading, by process.
  private(set) var leftOut: [String: Int] = [:]
  /// The processes of the samples read when no app was known.
  private(set) var unfilteredProcesses: Set<String> = []

  // The current table's.
  private var incomplete = 0
  private var notRunning: [String: Int] = [:]
  private var otherProcesses: [String: Int] = [:]

  /// Processes by the cell value that names them (the current document's), and the last one.
  private var processes: [UInt64: XCTraceProcess] = [:]
  private var lastProcess: (bits: UInt64, process: (process: XCTraceProcess, isApp: Bool)?) = (0, nil)
  private let running: Symbol
  private let symbols: SymbolTable

  init(symbols: SymbolTable) {
    self.symbols = symbols
    backtraces = XCTraceBacktraces(symbols: symbols)
    running = symbols.intern("Running")
  }

  /// The name of the process whose samples were read, for the header: the app's.
  var appName: String? { backtraces.appName }

  /// Starts a document: ids and offsets of one mean nothing in the next.
  mutating func beginDocument() {
    backtraces.beginDocument()
    processes = [:]
    lastProcess = (0, nil)
  }

  /// Starts a table whose rows belong to `app` (nil: every process's).
  mutating func beginTable(columns: Columns, app: XCTraceProcess?) {
    self.columns = columns
    self.app = app
    lastProcess = (0, nil)
    if let name = app?.name, backtraces.appName == nil { backtraces.appName = name }
  }

  // MARK: - Rows

  /// The sample of a row, its thread not yet named, and its stack; nil (counted) for a row
  /// that is not one: no time or weight, another process's, a thread not running.
  ///
  /// The row's stack is read in any case: later rows may name its frames.
  mutating func read(_ cells: UnsafeBufferPointer<XCTraceValue>, values: inout XCTraceValueTable)
    -> (sample: Sample, stack: Int32)?
  {
    rows += 1
    let stack = backtraces.stack(of: cell(cells, columns.stack), values)
    guard let time = values.integer(cell(cells, columns.time)),
      let weight = values.integer(cell(cells, columns.weight)), weight > 0, weight < Int64.max
    else {
      incomplete += 1
      return nil
    }
    if let (process, isApp) = process(cell(cells, columns.process), &values) {
      guard isApp else {
        otherProcesses[process.description, default: 0] += 1
        leftOut[process.description, default: 0] += 1
        return nil
      }
      if backtraces.appName == nil { backtraces.appName = process.name }
    }
    let state = cell(cells, columns.state)
    if !values.isBlank(state), let text = values.text(state), text != running {
      notRunning[symbols[text], default: 0] += 1
      return nil
    }
    return (Sample(time: time, weight: weight, stack: []), stack)
  }

  /// Emits `sample` with stack `stack`, after the `symbol`s it names for the first time.
  mutating func emit<Sink: TraceSink>(_ sample: Sample, stack: Int32, line: Int, into sink: inout Sink) {
    var sample = sample
    let symbols = self.symbols
    sample.stack = backtraces.symbolIDs(ofStack: stack) { symbol in
      sink.consume(.symbol(symbol), line: line, symbols: symbols)
    }
    kept += 1
    sink.consume(.sample(sample), line: line, symbols: symbols)
  }

  /// What the table left out, one message each (without the table's name), and a fresh
  /// count for the next table.
  mutating func endTable() -> [String] {
    var messages: [String] = []
    if incomplete > 0 {
      messages.append("skipped \(incomplete) rows without the time or a positive weight tracecli needs")
    }
    if !notRunning.isEmpty {
      messages.append(
        "skipped \(notRunning.values.reduce(0, +)) samples of threads not running (\(Self.list(notRunning)))")
    }
    if let app, !otherProcesses.isEmpty {
      messages.append(
        "left out \(otherProcesses.values.reduce(0, +)) samples of other processes than \(app): "
          + Self.list(otherProcesses))
    }
    if backtraces.unresolved > 0 {
      messages.append(
        "\(backtraces.unresolved) frame, binary or stack refs name nothing read before in the document's stacks; "
          + "left out of their stacks")
    }
    if backtraces.unreadable > 0 {
      messages.append(
        "\(backtraces.unreadable) stack cells hold no frames tracecli can read; read as empty stacks")
    }
    incomplete = 0
    notRunning = [:]
    otherProcesses = [:]
    backtraces.unresolved = 0
    backtraces.unreadable = 0
    return messages
  }

  /// `Blocked ×10, Waiting ×2`, by name.
  private static func list(_ counts: [String: Int]) -> String {
    counts.sorted { $0.key < $1.key }.map { "\($0.key) ×\($0.value)" }.joined(separator: ", ")
  }

  // MARK: - Cells

  @inline(__always)
  private func cell(_ cells: UnsafeBufferPointer<XCTraceValue>, _ index: Int) -> XCTraceValue {
    index >= 0 && index < cells.count ? cells[index] : .empty
  }

  /// The process a `process` cell names and whether it is the app (without an ``app``, every
  /// process is); nil when the cell is empty.
  private mutating func process(_ value: XCTraceValue, _ values: inout XCTraceValueTable)
    -> (process: XCTraceProcess, isApp: Bool)?
  {
    if value.isEmpty { return nil }
    if value.bits == lastProcess.bits { return lastProcess.process }
    var found = processes[value.bits]
    if found == nil, let text = values.string(value), !text.isEmpty {
      found = XCTraceNames.process(text)
      processes[value.bits] = found
    }
    let process = found.map { ($0, app?.matches($0) ?? true) }
    lastProcess = (value.bits, process)
    if app == nil, let found { unfilteredProcesses.insert(found.description) }
    return process
  }
}
