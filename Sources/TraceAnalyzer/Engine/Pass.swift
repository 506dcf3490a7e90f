import TraceModel

/// An analysis that rides the one read of a trace (``TraceRun/read(_:)``).
///
/// The read keeps the summary (per-view figures, the spill of finished updates, the frames) and,
/// when a pass asks, the cause graph; a pass adds a ``PassPart`` per reader thread, which sees
/// every event beside them (causes when it asks), and a ``finish(_:)`` that makes its output of
/// the finished read.
/// Passes combine with ``PassPair``, so any set of analyses costs one read.
protocol Pass: Sendable {
  associatedtype Part: PassPart
  associatedtype Output

  /// What of the cause graph the finish needs.
  var graph: GraphNeed { get }

  /// A part for one reader thread.
  func makePart(_ context: PartContext) -> Part

  /// The pass's output, from the finished read.
  func finish(_ read: FinishedRead<Part>) -> Output

  /// Told when the read has ended, before the summary's second phase: work that needs only
  /// the parts and the summary's group maps may start here, beside it (by default, none).
  func readEnded(_ parts: [ReadPart<Part>], groupMaps: [[Int]])
}

extension Pass {
  var graph: GraphNeed { .none }

  func readEnded(_ parts: [ReadPart<Part>], groupMaps: [[Int]]) {}
}

/// What of the cause graph a pass needs; the read builds the most any of its passes asks.
enum GraphNeed: Int, Comparable, Sendable {
  case none
  /// The joined graph (nodes, edges, their counts).
  case graph
  /// The graph and every counted cause with its ends resolved (what the findings scan).
  case resolvedCauses

  static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// What a part is made with: the settings of its read.
struct PartContext: Sendable {
  var thresholds: Thresholds
  var window: TraceWindow
}

/// One reader thread's share of a ``Pass``.
protocol PassPart: Sendable {
  /// Takes an update; `group` is its view's group in this part's summary (see
  /// ``ReadPart/summary``), nil when the inspection window leaves it out.
  mutating func consumeUpdate(_ update: Update, group: Int?, symbols: SymbolTable)

  /// Takes any other event (causes only with ``takesCauses``).
  mutating func consume(_ event: TraceEvent, symbols: SymbolTable)

  /// Takes any other event at its `line` (1-based within the part); by default forwards to
  /// ``consume(_:symbols:)``.
  mutating func consume(_ event: TraceEvent, line: Int, symbols: SymbolTable)

  /// Whether the part takes causes too (by default not: the graph takes them, and a call per
  /// cause that returns at once costs a many-causes read a tenth of its time).
  static var takesCauses: Bool { get }
}

extension PassPart {
  static var takesCauses: Bool { false }
  mutating func consumeUpdate(_ update: Update, group: Int?, symbols: SymbolTable) {}
  mutating func consume(_ event: TraceEvent, symbols: SymbolTable) {}
  mutating func consume(_ event: TraceEvent, line: Int, symbols: SymbolTable) {
    consume(event, symbols: symbols)
  }
}

/// The read alone: the summary, nothing more.
struct SummaryPass: Pass {
  struct Part: PassPart {}

  func makePart(_ context: PartContext) -> Part { Part() }
  func finish(_ read: FinishedRead<Part>) {}
}

/// Two passes on one read.
struct PassPair<First: Pass, Second: Pass>: Pass {
  struct Part: PassPart {
    var first: First.Part
    var second: Second.Part

    @inline(__always)
    mutating func consumeUpdate(_ update: Update, group: Int?, symbols: SymbolTable) {
      first.consumeUpdate(update, group: group, symbols: symbols)
      second.consumeUpdate(update, group: group, symbols: symbols)
    }

    static var takesCauses: Bool { First.Part.takesCauses || Second.Part.takesCauses }

    mutating func consume(_ event: TraceEvent, line: Int, symbols: SymbolTable) {
      if case .cause = event {
        if First.Part.takesCauses { first.consume(event, line: line, symbols: symbols) }
        if Second.Part.takesCauses { second.consume(event, line: line, symbols: symbols) }
        return
      }
      first.consume(event, line: line, symbols: symbols)
      second.consume(event, line: line, symbols: symbols)
    }
  }

  let first: First
  let second: Second

  init(_ first: First, _ second: Second) {
    self.first = first
    self.second = second
  }

  var graph: GraphNeed { max(first.graph, second.graph) }

  func makePart(_ context: PartContext) -> Part {
    Part(first: first.makePart(context), second: second.makePart(context))
  }

  /// Both halves' outputs: the second is made on a thread of its own beside the first (their
  /// finishes share nothing but the read), except on a read of one thread.
  func finish(_ read: FinishedRead<Part>) -> (First.Output, Second.Output) {
    let later = EarlyWork<Second.Output>()
    let (second, secondRead) = (self.second, UnsafeSendable(read.map(\.second)))
    later.start(here: read.run.options.readerThreads == 1) { second.finish(secondRead.value) }
    let output = first.finish(read.map(\.first))
    return (output, later.result!)
  }

  func readEnded(_ parts: [ReadPart<Part>], groupMaps: [[Int]]) {
    first.readEnded(parts.map { $0.map(\.first) }, groupMaps: groupMaps)
    second.readEnded(parts.map { $0.map(\.second) }, groupMaps: groupMaps)
  }
}

/// A pass that may be left out of a read (its output is then nil, and it asks for nothing).
struct OptionalPass<Wrapped: Pass>: Pass {
  struct Part: PassPart {
    var wrapped: Wrapped.Part?

    @inline(__always)
    mutating func consumeUpdate(_ update: Update, group: Int?, symbols: SymbolTable) {
      wrapped?.consumeUpdate(update, group: group, symbols: symbols)
    }

    static var takesCauses: Bool { Wrapped.Part.takesCauses }

    mutating func consume(_ event: TraceEvent, line: Int, symbols: SymbolTable) {
      wrapped?.consume(event, line: line, symbols: symbols)
    }
  }

  let wrapped: Wrapped?

  init(_ wrapped: Wrapped?) { self.wrapped = wrapped }

  var graph: GraphNeed { wrapped?.graph ?? .none }

  func makePart(_ context: PartContext) -> Part { Part(wrapped: wrapped?.makePart(context)) }

  func finish(_ read: FinishedRead<Part>) -> Wrapped.Output? {
    wrapped?.finish(read.map { $0.wrapped! })
  }

  func readEnded(_ parts: [ReadPart<Part>], groupMaps: [[Int]]) {
    wrapped?.readEnded(parts.map { $0.map { $0.wrapped! } }, groupMaps: groupMaps)
  }
}
