import TraceModel

/// `update-loop`: updates cause each other frame after frame with nobody touching the app.
struct UpdateLoopRule: FindingsRule {
  static let loopFrames = RuleThreshold(
    option: "--loop-frames", key: "loopFrames", default: 10, help: "frames the cycle reaches")
  static let loopGestures = RuleThreshold(
    option: "--loop-gestures", key: "loopGestures", unit: .percent, default: 10,
    help: "gestures reach fewer than this share")

  static let declaration = RuleDeclaration(
    rule: .updateLoop, finds: "updates cause each other frame after frame with nobody touching the app",
    suggestion: "Break the cycle: stop writing state from onAppear/onChange (or a body-reached fetch) "
      + "that the view itself depends on; move that state to its own model or modifier.",
    thresholds: [loopFrames, loopGestures], subject: .sorted)

  /// What the causes into one cycle (a strongly connected component) reached.
  struct Component: RuleScanValue, Sendable {
    var frames = FrameSet()
    var gestureFrames = FrameSet()
    /// The latest updates the cycle's causes reached, by update node.
    var examples: [Int: EarliestUpdates] = [:]

    mutating func merge(_ other: Component, within span: ClosedRange<Int64>?) {
      frames.formUnion(other.frames, within: span)
      gestureFrames.formUnion(other.gestureFrames, within: span)
      for (node, latest) in other.examples { examples[node, default: EarliestUpdates()].merge(latest) }
    }
  }

  struct Scan: RuleScan {
    /// By component.
    var loops: [Int: Component] = [:]

    mutating func merge(_ later: Self, within span: ClosedRange<Int64>?) {
      for (loop, facts) in later.loops { loops[loop, default: Component()].merge(facts, within: span) }
    }
  }

  static var visitsCauses: Bool { true }

  let context: RuleContext
  /// Each node's strongly connected component, and whether a component is a cycle.
  let component: [Int]
  let isLoop: [Bool]
  let frameSpan: ClosedRange<Int64>?

  init(_ context: RuleContext) {
    self.context = context
    let graph = context.graph
    let nodes = graph.nodes
    component = StrongComponents.components(nodes: nodes.count, edges: graph.edges.map { ($0.from, $0.to) })
    var isLoop = [Bool](repeating: false, count: nodes.count)
    var sizes = [Int](repeating: 0, count: nodes.count)
    for node in nodes.indices { sizes[component[node]] += 1 }
    for edge in graph.edges where sizes[component[edge.from]] > 1 || edge.from == edge.to {
      isLoop[component[edge.from]] = true
    }
    self.isLoop = isLoop
    frameSpan = context.frameSpan
  }

  func visit(cause visit: CauseVisit, run: Int, into scan: inout Scan) {
    let loop = component[visit.to]
    guard isLoop[loop] else { return }
    let cause = visit.cause
    let fromGesture = visit.fromKind == .source(.gesture)
    let isInternal = component[visit.from] == loop
    guard isInternal || fromGesture else { return }
    let toUpdate = cause.has(ResolvedCause.toUpdate)
    let timeline = context.frames.timeline
    let frame: Int64
    if toUpdate {
      frame = timeline.frame(containing: cause.start).number
    } else if case .source = context.graph.nodes[visit.to].kind, cause.has(ResolvedCause.hasTime) {
      frame = timeline.frame(containing: cause.time).number
    } else {
      return
    }
    let span = frameSpan
    scan.loops.change(loop) { facts in
      if isInternal {
        facts.frames.insert(frame, within: span)
        // The latest updates: deep in the loop, long after any gesture.
        if toUpdate { facts.examples[visit.to, default: EarliestUpdates()].add(start: ~cause.start, id: cause.target) }
      }
      if fromGesture { facts.gestureFrames.insert(frame, within: span) }
    }
  }

  func findings(_ scan: Scan) -> [Finding] {
    let nodes = context.graph.nodes
    return scan.loops.sorted { $0.key < $1.key }.compactMap { loop, facts in
      finding(members: nodes.indices.filter { component[$0] == loop }, facts)
    }
  }

  private func finding(members: [Int], _ facts: Component) -> Finding? {
    let graph = context.graph
    let settings = context.settings
    let frameCount = facts.frames.count
    guard frameCount >= settings.count(Self.loopFrames) else { return nil }
    let gestureFrames = facts.gestureFrames.intersectionCount(facts.frames)
    let gesturePercent = settings.percent(Self.loopGestures)
    guard Double(gestureFrames) * 100 < gesturePercent * Double(frameCount) else { return nil }
    let sorted = members.map { graph.nodes[$0] }.sorted(by: EnvironmentChurnRule.byLabel)
    let labels = sorted.map(\.label)
    var cost: Int64 = 0
    var viewIndex: [ViewKey: Int] = [:]
    for (index, key) in context.keys.enumerated() { viewIndex[key] = index }
    for member in members {
      if let key = graph.nodes[member].viewKey, let index = viewIndex[key] {
        cost = cost.saturatingAdd(context.statistics[index].totalNs)
      }
    }
    let path = cycle(through: members)
    let drawn = path.map { graph.nodes[$0].label }
    let gestures =
      gestureFrames == 0
      ? "with no gesture" : "with a gesture in only \(Count.frames(gestureFrames))"
    let memberSet = Set(members)
    let edges = graph.edges.filter { memberSet.contains($0.from) && memberSet.contains($0.to) }
    let focus = path.first { graph.nodes[$0].isUpdate } ?? members.first { graph.nodes[$0].isUpdate }
    return Finding(
      rule: .updateLoop, severity: .error,
      title: "update loop: \(drawn.joined(separator: " → ")) repeats in \(Count.frames(frameCount)) "
        + "\(gestures) (\(DurationText.format(cost)) of updates)",
      nodes: sorted.map(\.id), count: frameCount, costNs: cost,
      examples: focus.flatMap { facts.examples[$0]?.ids } ?? facts.examples.min { $0.key < $1.key }?.value.ids
        ?? [],
      evidence: [
        "\(Count.text(members.count)) nodes cause each other: \(labels.joined(separator: ", "))",
        "the cycle's causes reach \(Count.frames(frameCount)); gestures reach "
          + "\(Count.text(gestureFrames)) of them (under \(PercentText.format(gesturePercent)) is a loop)",
      ],
      backtraces: context.backtrace(of: members.map { graph.nodes[$0] }), path: drawn,
      view: focus.flatMap { graph.nodes[$0].viewKey?.qualifiedName },
      edges: edges.map { Finding.Edge(from: graph.nodes[$0.from].id, to: graph.nodes[$0.to].id) })
  }

  /// A shortest cycle through the component's busiest update node (else its first node),
  /// closed: the first node again at the end.
  private func cycle(through members: [Int]) -> [Int] {
    let graph = context.graph
    let memberSet = Set(members)
    let start =
      members.filter { graph.nodes[$0].isUpdate }.max {
        (graph.nodes[$0].events, $1) < (graph.nodes[$1].events, $0)
      } ?? members[0]
    var successors: [Int: [Int]] = [:]
    for edge in graph.edges where memberSet.contains(edge.from) && memberSet.contains(edge.to) {
      successors[edge.from, default: []].append(edge.to)
    }
    for key in successors.keys { successors[key]?.sort() }
    var previous: [Int: Int] = [:]
    var queue = [start]
    var head = 0
    while head < queue.count {
      let node = queue[head]
      head += 1
      for next in successors[node] ?? [] {
        if next == start {
          var path = [start]
          var step = node
          while step != start {
            path.append(step)
            step = previous[step] ?? start
          }
          return [start] + path.dropFirst().reversed() + [start]
        }
        if previous[next] == nil && next != start {
          previous[next] = node
          queue.append(next)
        }
      }
    }
    return [start, start]
  }
}
