import TestSupport
import Testing

@testable import TraceAnalyzer

/// Each rule of analysis.md "Findings" at its threshold and just under it, on small traces at
/// 100 Hz (a 10 ms frame budget, frames from time 0).
struct FindingsRulesTests {
  /// A trace being written, one JSON line an event.
  private struct Trace {
    private(set) var lines = [#"{"type":"trace","version":1,"refreshRate":100,"start":0}"#]
    private var nextID: Int64 = 1

    static let ms: Int64 = 1_000_000

    @discardableResult
    mutating func update(
      _ view: String, at start: Int64, lasting duration: Int64, kind: String = "body", thread: String? = nil,
      skipped: Bool = false
    ) -> Int64 {
      let id = take()
      var line = #"{"type":"update","id":\#(id),"kind":"\#(kind)","view":"\#(view)","module":"App","#
      line += #""start":\#(start),"duration":\#(duration)"#
      if let thread { line += #","thread":"\#(thread)""# }
      if skipped { line += #","skipped":true"# }
      lines.append(line + "}")
      return id
    }

    mutating func source(_ kind: String, _ label: String, at time: Int64? = nil) -> Int64 {
      let id = take()
      let time = time.map { #","time":\#($0)"# } ?? ""
      lines.append(
        #"{"type":"source","id":\#(id),"kind":"\#(kind)","label":"\#(label)","user":true\#(time)}"#)
      return id
    }

    mutating func cause(_ from: Int64, _ to: Int64, at time: Int64? = nil, changed: String? = nil) {
      var line = #"{"type":"cause","from":\#(from),"to":\#(to)"#
      if let time { line += #","time":\#(time)"# }
      if let changed { line += #","changed":"\#(changed)""# }
      lines.append(line + "}")
    }

    private mutating func take() -> Int64 {
      defer { nextID += 1 }
      return nextID
    }

    /// The findings of every rule, or of `rule` alone.
    func findings(of rule: (any FindingsRule.Type)? = nil, _ settings: FindingSettings = FindingSettings()) throws
      -> [Finding]
    {
      let file = try TemporaryFile(lines.joined(separator: "\n") + "\n")
      defer { file.remove() }
      let run = try TraceRun(paths: [file.path])
      let found = try TraceAnalysis.diagnose(run, settings: settings, rules: rule.map { [$0] } ?? FindingRules.all)
        .findings
      if let rule { #expect(found.allSatisfy { $0.rule == rule.declaration.rule }) }
      return found
    }
  }

  private static let ms = Trace.ms

  // MARK: - long-body

  @Test(arguments: [(3, true), (2, false)])
  func longBodyNeedsMinRedRedUpdates(red: Int, fires: Bool) throws {
    var trace = Trace()
    for frame in 0..<red { trace.update("Row", at: Int64(frame) * 10 * Self.ms, lasting: 2 * Self.ms) }
    trace.update("Row", at: 50 * Self.ms, lasting: Self.ms / 2 + 1)
    let found = try trace.findings(of: LongBodyRule.self)
    #expect(found.count == (fires ? 1 : 0))
    if fires {
      #expect(found[0].nodes == ["Row.body"])
      #expect(found[0].count == red + 1)
      #expect(found[0].costNs == Int64(red) * 2 * Self.ms + Self.ms / 2 + 1)
      #expect(found[0].severity == .warning)
    }
  }

  @Test func longBodyIsAnErrorWhenARedUpdateMadeItsFrameMiss() throws {
    var trace = Trace()
    trace.update("Row", at: 0, lasting: 2 * Self.ms)
    trace.update("Row", at: 10 * Self.ms, lasting: 2 * Self.ms)
    trace.update("Row", at: 29 * Self.ms, lasting: 2 * Self.ms)
    // Small updates back to back after it: one busy run of 12.8 ms, over the 10 ms budget.
    for index in 0..<12 { trace.update("Cell", at: 31 * Self.ms + Int64(index) * 900_000, lasting: 900_000) }
    let finding = try #require(try trace.findings(of: LongBodyRule.self).first)
    #expect(finding.severity == .error)
  }

  @Test func aRedUpdateAloneInItsRunMissesNothing() throws {
    // Each 2 ms update is a stretch of 2 ms: however the grid falls, no frame misses.
    var trace = Trace()
    for start in [0, 9, 29] { trace.update("Row", at: Int64(start) * Self.ms, lasting: 2 * Self.ms) }
    let finding = try #require(try trace.findings(of: LongBodyRule.self).first)
    #expect(finding.severity == .warning)
  }

  @Test func longBodyCountsBodyAndRepresentableNodesOnly() throws {
    var trace = Trace()
    for frame in 0..<3 {
      trace.update("Layout", at: Int64(frame) * 10 * Self.ms, lasting: 2 * Self.ms, kind: "other")
      trace.update(
        "Map", at: Int64(frame) * 10 * Self.ms + 3 * Self.ms, lasting: 2 * Self.ms, kind: "representable")
    }
    #expect(try trace.findings(of: LongBodyRule.self).map(\.nodes) == [["Map.update"]])
    #expect(
      try trace.findings(
        {
          var s = FindingSettings(); s.set(LongBodyRule.minRed, count: 4); return s
        }()
      ).isEmpty)
  }

  // MARK: - blocking-update

  @Test(arguments: [(40 * ms, nil as String?, true), (40 * ms - 1, nil, false), (60 * ms, "render", false)])
  func blockingUpdateLastsBlockingFramesBudgetsOnTheMainThread(duration: Int64, thread: String?, fires: Bool)
    throws
  {
    var trace = Trace()
    let id = trace.update("Loader", at: 0, lasting: duration, thread: thread)
    let found = try trace.findings(of: BlockingUpdateRule.self)
    #expect(found.count == (fires ? 1 : 0))
    if fires {
      #expect(found[0].severity == .error)
      #expect(found[0].count == 1)
      #expect(found[0].costNs == duration)
      #expect(found[0].examples == [id])
    }
  }

  // MARK: - fan-out

  /// Two bursts of `size` updates of `Item` from one observable property, `gap` apart.
  private func fanOutTrace(size: Int, gap: Int64, source kind: String = "observable") -> Trace {
    var trace = Trace()
    let source = trace.source(kind, "@Observable Model.items")
    var start: Int64 = 0
    for burst in 0..<2 {
      if burst == 1 { start += gap }
      for index in 0..<size {
        if index > 0 { start += 100_000 }
        trace.cause(source, trace.update("Item", at: start, lasting: 100_000))
      }
    }
    return trace
  }

  @Test(arguments: [(8, 10 * ms + 1, true), (7, 10 * ms + 1, false), (8, 10 * ms, false)])
  func fanOutNeedsTwoBurstsWithAMedianOfFanOut(size: Int, gap: Int64, fires: Bool) throws {
    let found = try fanOutTrace(size: size, gap: gap).findings(of: FanOutRule.self)
    #expect(found.count == (fires ? 1 : 0))
    if fires {
      #expect(found[0].nodes == ["@Observable Model.items", "Item.body"])
      #expect(found[0].count == 2 * size)
      #expect(found[0].costNs == Int64(2 * size) * 100_000)
      #expect(found[0].severity == .warning)
    }
  }

  @Test func environmentSourcesDoNotFanOut() throws {
    #expect(try fanOutTrace(size: 20, gap: 50 * Self.ms, source: "environment").findings().isEmpty)
  }

  // MARK: - environment-churn

  @Test(arguments: [(10, true, true), (9, true, false), (10, false, false)])
  func environmentChurnReachesChurnFramesWithASkippedView(frames: Int, skipped: Bool, fires: Bool) throws {
    var trace = Trace()
    let environment = trace.source("environment", "External Environment")
    for frame in 0..<frames {
      let start = Int64(frame) * 10 * Self.ms
      trace.cause(environment, trace.update("Reader", at: start, lasting: 200_000))
      trace.cause(
        environment, trace.update("Counter", at: start + Self.ms, lasting: 10_000, skipped: skipped))
    }
    let found = try trace.findings(of: EnvironmentChurnRule.self)
    #expect(found.count == (fires ? 1 : 0))
    if fires {
      #expect(found[0].nodes == ["External Environment", "Counter.body"])
      #expect(found[0].count == frames)
      #expect(found[0].costNs == Int64(frames) * 210_000)
    }
  }

  // MARK: - update-loop

  /// A view that writes the state it reads, once a frame for `frames` frames, with a gesture
  /// in `gestures` of them.
  private func loopTrace(frames: Int, gestures: Int) -> Trace {
    var trace = Trace()
    let state = trace.source("state", "@State tags")
    let gesture = trace.source("gesture", "Gesture: Tap")
    for frame in 0..<frames {
      let start = Int64(frame) * 10 * Self.ms
      let header = trace.update("Header", at: start + Self.ms, lasting: 300_000)
      trace.cause(state, header)
      trace.cause(header, state, at: start + 2 * Self.ms)
      if frame < gestures { trace.cause(gesture, state, at: start) }
    }
    return trace
  }

  @Test(arguments: [(10, 0, true), (9, 0, false), (20, 1, true), (20, 2, false)])
  func updateLoopSpansLoopFramesWithFewGestures(frames: Int, gestures: Int, fires: Bool) throws {
    let found = try loopTrace(frames: frames, gestures: gestures).findings(of: UpdateLoopRule.self)
    #expect(found.count == (fires ? 1 : 0))
    if fires {
      #expect(found[0].nodes == ["@State tags", "Header.body"])
      #expect(found[0].severity == .error)
      #expect(found[0].count == frames)
      #expect(found[0].costNs == Int64(frames) * 300_000)
      #expect(found[0].path == ["Header.body", "@State tags", "Header.body"])
    }
  }

  @Test func aLoopThresholdIsASetting() throws {
    var settings = FindingSettings()
    settings.set(UpdateLoopRule.loopFrames, count: 5)
    #expect(try loopTrace(frames: 6, gestures: 0).findings(settings).map(\.rule) == [.updateLoop])
    settings.set(UpdateLoopRule.loopGestures, percent: 50)
    #expect(try loopTrace(frames: 6, gestures: 2).findings(settings).map(\.rule) == [.updateLoop])
  }

  // MARK: - over-broad-input

  @Test(arguments: [(5, 600_000 as Int64, true), (4, 600_000, false), (5, 500_000, false)])
  func overBroadInputNeedsSelfMinLongSelfUpdates(count: Int, duration: Int64, fires: Bool) throws {
    var trace = Trace()
    for frame in 0..<count {
      let start = Int64(frame) * 10 * Self.ms
      let parent = trace.update("Detail", at: start, lasting: 100_000)
      trace.cause(parent, trace.update("Image", at: start + 200_000, lasting: duration), changed: "@self")
    }
    let found = try trace.findings(of: OverBroadInputRule.self)
    #expect(found.count == (fires ? 1 : 0))
    if fires {
      #expect(found[0].nodes == ["Detail.body", "Image.body"])
      #expect(found[0].count == count)
      #expect(found[0].costNs == Int64(count) * duration)
    }
  }

  // MARK: - accumulation

  @Test(arguments: [(2, true), (1, false)])
  func accumulationNeedsAccumulationFramesMissedBySmallUpdates(missed: Int, fires: Bool) throws {
    var trace = Trace()
    for frame in 0..<missed {
      // Idle between bursts: each burst is a stretch of its own (one busy run).
      let start = Int64(frame) * 20 * Self.ms
      // 25 small updates back to back, the last one orange: 10.59 ms of work, over the budget.
      for index in 0..<25 {
        trace.update(
          index % 2 == 0 ? "Cell" : "Badge", at: start + Int64(index) * 400_000,
          lasting: index == 24 ? 990_000 : 390_000)
      }
    }
    let found = try trace.findings(of: AccumulationRule.self)
    try #require(found.count == (fires ? 1 : 0))
    if fires {
      #expect(found[0].nodes == ["Cell.body", "Badge.body"])
      #expect(found[0].count == missed)
      // Each stretch spans 24 × 400 µs + 990 µs = 10.59 ms: 590 µs over the 10 ms budget.
      #expect(found[0].costNs == Int64(missed) * 590_000)
    }
  }

  // MARK: - Order

  @Test func errorsComeFirstThenTheCostliest() throws {
    var trace = Trace()
    trace.update("Loader", at: 0, lasting: 50 * Self.ms)
    for frame in 1..<4 {
      trace.update("Row", at: Int64(frame) * 100 * Self.ms, lasting: 30 * Self.ms, thread: "render")
    }
    let rules = try trace.findings().map(\.rule)
    #expect(rules == [.blockingUpdate, .longBody])
  }
}

/// Settings equal by what they say, whether a default was given or left out.
struct FindingSettingsTests {
  @Test func aDefaultGivenIsTheDefault() {
    var given = FindingSettings()
    given.set(LongBodyRule.minRed, count: 3)
    given.set(UpdateLoopRule.loopGestures, percent: 10)
    #expect(given == FindingSettings())
    given.set(LongBodyRule.minRed, count: 4)
    #expect(given != FindingSettings())
    #expect(given.count(LongBodyRule.minRed) == 4)
  }
}
