import Dispatch
import TraceModel

extension FindingsBuilder {
  /// An edge between two graph nodes (positions).
  private struct NodePair: Hashable {
    var from: Int32
    var to: Int32
  }

  /// A few updates to quote: the three earliest by start, then id.
  private struct Earliest {
    private var first: (start: Int64, id: Int64)?
    private var second: (start: Int64, id: Int64)?
    private var third: (start: Int64, id: Int64)?

    @inline(__always)
    mutating func add(start: Int64, id: Int64) {
      let item = (start: start, id: id)
      if let third, (third.start, third.id) <= (start, id) { return }
      if first?.id == id || second?.id == id || third?.id == id { return }
      if let first, (first.start, first.id) <= (start, id) {
        if let second, (second.start, second.id) <= (start, id) {
          third = item
        } else {
          third = second
          second = item
        }
      } else {
        third = second
        second = first
        first = item
      }
    }

    var ids: [Int64] { [first, second, third].compactMap { $0?.id } }

    /// Adds the updates `other` keeps: the three earliest of both.
    mutating func merge(_ other: Earliest) {
      for item in [other.first, other.second, other.third] {
        if let item { add(start: item.start, id: item.id) }
      }
    }
  }

  /// A source → update edge that may fan out.
  private struct FanEdge {
    var pair: NodePair
    /// The join's edge (``FindingsBuilder/edgeSources``).
    var joinEdge: Int32
    var count = 0
    var costNs: Int64 = 0
    var examples = Earliest()
  }

  private struct ChurnSource: Defaultable {
    var frames = FrameSet()
    var skippedViews: Set<Int32> = []
    var costNs: Int64 = 0
    var updates = 0
    var skipped = 0
    var examples = Earliest()

    mutating func merge(_ other: ChurnSource, within span: ClosedRange<Int64>?) {
      frames.formUnion(other.frames, within: span)
      skippedViews.formUnion(other.skippedViews)
      costNs = costNs.saturatingAdd(other.costNs)
      updates += other.updates
      skipped += other.skipped
      examples.merge(other.examples)
    }
  }

  private struct LoopComponent: Defaultable {
    var frames = FrameSet()
    var gestureFrames = FrameSet()
    /// The latest updates the cycle's causes reached, by update node.
    var examples: [Int: Earliest] = [:]

    mutating func merge(_ other: LoopComponent, within span: ClosedRange<Int64>?) {
      frames.formUnion(other.frames, within: span)
      gestureFrames.formUnion(other.gestureFrames, within: span)
      for (node, latest) in other.examples { examples[node, default: Earliest()].merge(latest) }
    }
  }

  private struct SelfEdge: Defaultable {
    var durations: [Int64] = []
    var examples = Earliest()

    mutating func merge(_ other: SelfEdge) {
      durations += other.durations
      examples.merge(other.examples)
    }
  }

  /// What a scan of a run of resolved causes gathers for the cause rules.
  ///
  /// Scans of consecutive runs, merged in order, give what one scan of them all gives (the fan
  /// edges in order of first sight, the durations in order).
  private struct CauseScan {
    /// The join edge's place in `fans` (-1: none yet).
    var fanOfEdge: [Int32]
    var fans: [FanEdge] = []
    var churn: [Int32: ChurnSource] = [:]
    var loops: [Int: LoopComponent] = [:]
    var selfEdges: [NodePair: SelfEdge] = [:]

    init(joinEdges: Int) {
      fanOfEdge = [Int32](repeating: -1, count: joinEdges)
    }

    /// Adds the scan of the causes after this one's; `span` is the frame sets' span.
    mutating func merge(_ later: CauseScan, within span: ClosedRange<Int64>?) {
      for fan in later.fans {
        let index = fanOfEdge[Int(fan.joinEdge)]
        if index < 0 {
          fanOfEdge[Int(fan.joinEdge)] = Int32(fans.count)
          fans.append(fan)
        } else {
          fans[Int(index)].count += fan.count
          fans[Int(index)].costNs = fans[Int(index)].costNs.saturatingAdd(fan.costNs)
          fans[Int(index)].examples.merge(fan.examples)
        }
      }
      for (source, facts) in later.churn { churn[source, default: ChurnSource()].merge(facts, within: span) }
      for (loop, facts) in later.loops { loops[loop, default: LoopComponent()].merge(facts, within: span) }
      for (pair, facts) in later.selfEdges { selfEdges[pair, default: SelfEdge()].merge(facts) }
    }
  }

  /// `fan-out`, `environment-churn`, `update-loop` and `over-broad-input`, from one scan of
  /// the resolved causes: on `threads` threads, each scanning a run of them, the runs' results
  /// merged in order.
  func causeFindings(_ resolved: PartitionedSpill<ResolvedCause>, threads: Int = 1) -> [Finding] {
    let nodes = graph.nodes
    let component = StrongComponents.components(
      nodes: nodes.count, edges: graph.edges.map { ($0.from, $0.to) })
    var isLoop = [Bool](repeating: false, count: nodes.count)
    var sizes = [Int](repeating: 0, count: nodes.count)
    for node in nodes.indices { sizes[component[node]] += 1 }
    for edge in graph.edges where sizes[component[edge.from]] > 1 || edge.from == edge.to {
      isLoop[component[edge.from]] = true
    }
    let total = resolved.count(inPartition: 0)
    let runs = max(1, min(threads, total))
    let bursts = BurstCounter(
      expected: resolved.count, low: traceSpan.lowerBound, high: traceSpan.upperBound, threads: runs)
    let timeline = frames.timeline
    // The trace's frames, for the frame sets' bitmaps.
    let frameSpan: ClosedRange<Int64>? = {
      let first = timeline.frame(containing: traceSpan.lowerBound).number
      let last = timeline.frame(containing: traceSpan.upperBound).number
      return first <= last ? first...last : nil
    }()
    let kinds = nodes.map(\.kind)
    let edgeSources = edgeSources
    let position = position
    let edgeCounts = edgeCounts
    let fanOutThreshold = settings.fanOut

    /// Scans the causes of run `run` (a share of them, in order).
    /// Reads only what is above and writes its own scan and burst spill: runs go in parallel.
    func scan(run: Int) -> CauseScan {
      var scan = CauseScan(joinEdges: edgeSources.count)
      let first = total * run / runs
      let end = total * (run + 1) / runs
      resolved.forEachBlock(inPartition: 0, records: first..<end) { block in
        for cause in block {
          let from = edgeSources[Int(cause.edge)]
          let to = position[Int(cause.to)]
          let fromKind = kinds[from]
          let toUpdate = cause.has(ResolvedCause.toUpdate)
          let finished = cause.isFinishedUpdate
          if cause.has(ResolvedCause.updateLabel) && toUpdate, case .source(let sourceKind) = fromKind {
            if sourceKind == .environment || sourceKind == .environmentWriter {
              // Changed in place: a copy out of the dictionary would copy its sets.
              let frame = timeline.frame(containing: cause.start).number
              let skipped = cause.has(ResolvedCause.skipped)
              Self.update(&scan.churn, Int32(from)) { source in
                source.frames.insert(frame, within: frameSpan)
                source.updates += 1
                if finished { source.costNs = source.costNs.saturatingAdd(cause.duration) }
                if skipped {
                  source.skipped += 1
                  source.skippedViews.insert(Int32(to))
                  source.examples.add(start: cause.start, id: cause.target)
                }
              }
            } else {
              var edge = scan.fanOfEdge[Int(cause.edge)]
              if edge < 0 {
                edge = Int32(scan.fans.count)
                scan.fanOfEdge[Int(cause.edge)] = edge
                scan.fans.append(
                  FanEdge(pair: NodePair(from: Int32(from), to: Int32(to)), joinEdge: Int32(cause.edge)))
              }
              scan.fans[Int(edge)].count += 1
              if finished {
                scan.fans[Int(edge)].costNs = scan.fans[Int(edge)].costNs.saturatingAdd(cause.duration)
              }
              scan.fans[Int(edge)].examples.add(start: cause.start, id: cause.target)
              // Two bursts whose lower median reaches the threshold take twice its updates.
              if edgeCounts[Int(cause.edge)] >= 2 * fanOutThreshold {
                bursts.add(edge: Int(cause.edge), start: cause.start, thread: run)
              }
            }
          }
          let loop = component[to]
          if isLoop[loop] {
            let fromGesture = fromKind == .source(.gesture)
            if component[from] == loop || fromGesture {
              var frame: Int64?
              if toUpdate {
                frame = timeline.frame(containing: cause.start).number
              } else if case .source = kinds[to], cause.has(ResolvedCause.hasTime) {
                frame = timeline.frame(containing: cause.time).number
              }
              if let frame {
                let isInternal = component[from] == loop
                Self.update(&scan.loops, loop) { facts in
                  if isInternal {
                    facts.frames.insert(frame, within: frameSpan)
                    // The latest updates: deep in the loop, long after any gesture.
                    if toUpdate {
                      facts.examples[to, default: Earliest()].add(start: ~cause.start, id: cause.target)
                    }
                  }
                  if fromGesture { facts.gestureFrames.insert(frame, within: frameSpan) }
                }
              }
            }
          }
          if cause.has(ResolvedCause.updateLabel) && cause.has(ResolvedCause.changedSelf) && finished,
            case .update = fromKind
          {
            Self.update(&scan.selfEdges, NodePair(from: Int32(from), to: Int32(to))) { facts in
              facts.durations.append(cause.duration)
              facts.examples.add(start: cause.start, id: cause.target)
            }
          }
        }
      }
      return scan
    }

    var merged: CauseScan
    if runs == 1 {
      merged = scan(run: 0)
    } else {
      let scans = UnsafeMutableBufferPointer<CauseScan?>.allocate(capacity: runs)
      scans.initialize(repeating: nil)
      defer {
        scans.deinitialize()
        scans.deallocate()
      }
      let box = UnsafeSendable((scans, scan))
      DispatchQueue.concurrentPerform(iterations: runs) { run in box.value.0[run] = box.value.1(run) }
      // Taken out of their slots, so that no run's arrays are copied on the merge's first write.
      merged = scans[0].take()!
      for run in 1..<runs { merged.merge(scans[run].take()!, within: frameSpan) }
    }
    let fans = merged.fans
    let edgeBursts = bursts.bursts(edges: edgeSources.count, gap: budget, threshold: settings.fanOut)
    let churn = merged.churn
    let loops = merged.loops
    let selfEdges = merged.selfEdges

    var findings: [Finding] = []
    findings += fanOuts(fans, bursts: edgeBursts)
    for (source, facts) in churn.sorted(by: { $0.key < $1.key }) {
      if let finding = environmentChurn(source: Int(source), facts) { findings.append(finding) }
    }
    for (loop, facts) in loops.sorted(by: { $0.key < $1.key }) {
      let members = nodes.indices.filter { component[$0] == loop }
      if let finding = updateLoop(members: members, facts) { findings.append(finding) }
    }
    for (pair, facts) in selfEdges.sorted(by: { ($0.key.from, $0.key.to) < ($1.key.from, $1.key.to) }) {
      if let finding = overBroadInput(pair, facts) { findings.append(finding) }
    }
    return findings
  }

  /// Changes the value of `key` in place (made with `init()` when absent), without copying it.
  @inline(__always)
  private static func update<Key: Hashable, Value: Defaultable>(
    _ dictionary: inout [Key: Value], _ key: Key, _ change: (inout Value) -> Void
  ) {
    change(&dictionary[key, default: Value()])
  }

  // MARK: - Fan-out

  private func fanOuts(_ fans: [FanEdge], bursts: [BurstCounter.Bursts]) -> [Finding] {
    var findings: [Finding] = []
    for fan in fans {
      let edgeBursts = bursts[Int(fan.joinEdge)]
      guard edgeBursts.count >= 2, let median = edgeBursts.medianIfLarge else { continue }
      let source = graph.nodes[Int(fan.pair.from)]
      let view = graph.nodes[Int(fan.pair.to)]
      findings.append(
        Finding(
          rule: .fanOut, severity: .warning,
          title: "\(source.label) fans out to \(Count.text(median)) \(view.label) per change "
            + "(\(Count.text(edgeBursts.count)) changes, \(Count.updates(fan.count)), "
            + "\(DurationText.format(fan.costNs)))",
          nodes: [source.label, view.label], count: fan.count, costNs: fan.costNs,
          examples: fan.examples.ids,
          evidence: [
            "\(Count.text(edgeBursts.count)) bursts of updates (a burst ends where a budget of "
              + "\(DurationText.format(budget)) passes with none); median \(Count.text(median)), "
              + "largest \(Count.text(edgeBursts.largest)) updates",
            "\(view.label) updated \(Count.text(fan.count)) times for \(source.label)",
          ],
          backtraces: backtrace(of: [source]), path: [], view: view.viewKey?.qualifiedName,
          edges: [Finding.Edge(from: source.label, to: view.label)]))
    }
    return findings
  }

  // MARK: - Environment churn

  private func environmentChurn(source node: Int, _ facts: ChurnSource) -> Finding? {
    guard facts.frames.count >= settings.churnFrames, !facts.skippedViews.isEmpty else { return nil }
    let source = graph.nodes[node]
    let views = facts.skippedViews.map { graph.nodes[Int($0)].label }
      .sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    let shown = views.prefix(5).joined(separator: ", ") + (views.count > 5 ? ", …" : "")
    return Finding(
      rule: .environmentChurn, severity: .warning,
      title: "\(source.label) reaches views in \(Count.frames(facts.frames.count)); "
        + "\(Count.text(views.count)) \(views.count == 1 ? "view is" : "views are") checked for nothing (\(shown))",
      nodes: [source.label] + views, count: facts.frames.count, costNs: facts.costNs,
      examples: facts.examples.ids,
      evidence: [
        "\(Count.updates(facts.updates)) reached in \(Count.frames(facts.frames.count)), "
          + "\(DurationText.format(facts.costNs)); \(Count.text(facts.skipped)) of them skipped "
          + "(checked, body not run)"
      ],
      backtraces: backtrace(of: [source]), path: [],
      view: views.first.flatMap { label in graph.nodes.first { $0.label == label }?.viewKey?.qualifiedName },
      edges: facts.skippedViews.map { Finding.Edge(from: source.label, to: graph.nodes[Int($0)].label) })
  }

  // MARK: - Update loop

  private func updateLoop(members: [Int], _ facts: LoopComponent) -> Finding? {
    let frameCount = facts.frames.count
    guard frameCount >= settings.loopFrames else { return nil }
    let gestureFrames = facts.gestureFrames.intersectionCount(facts.frames)
    guard Double(gestureFrames) * 100 < settings.loopGesturesPercent * Double(frameCount) else { return nil }
    let labels = members.map { graph.nodes[$0].label }.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    var cost: Int64 = 0
    var viewIndex: [ViewKey: Int] = [:]
    for (index, key) in keys.enumerated() { viewIndex[key] = index }
    for member in members {
      if let key = graph.nodes[member].viewKey, let index = viewIndex[key] {
        cost = cost.saturatingAdd(statistics[index].totalNs)
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
      nodes: labels, count: frameCount, costNs: cost,
      examples: focus.flatMap { facts.examples[$0]?.ids } ?? facts.examples.min { $0.key < $1.key }?.value.ids
        ?? [],
      evidence: [
        "\(Count.text(members.count)) nodes cause each other: \(labels.joined(separator: ", "))",
        "the cycle's causes reach \(Count.frames(frameCount)); gestures reach "
          + "\(Count.text(gestureFrames)) of them (under \(PercentText.format(settings.loopGesturesPercent)) is a loop)",
      ],
      backtraces: backtrace(of: members.map { graph.nodes[$0] }), path: drawn,
      view: focus.flatMap { graph.nodes[$0].viewKey?.qualifiedName },
      edges: edges.map { Finding.Edge(from: graph.nodes[$0.from].label, to: graph.nodes[$0.to].label) })
  }

  /// A shortest cycle through the component's busiest update node (else its first node),
  /// closed: the first node again at the end.
  private func cycle(through members: [Int]) -> [Int] {
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

  // MARK: - Over-broad input

  private func overBroadInput(_ pair: NodePair, _ facts: SelfEdge) -> Finding? {
    let count = facts.durations.count
    guard count >= settings.selfMin else { return nil }
    let median = facts.durations.sorted()[(count - 1) / 2]
    guard median > thresholds.orange else { return nil }
    let parent = graph.nodes[Int(pair.from)]
    let child = graph.nodes[Int(pair.to)]
    let cost = facts.durations.reduce(Int64(0)) { $0.saturatingAdd($1) }
    return Finding(
      rule: .overBroadInput, severity: .warning,
      title: "\(parent.label) re-runs \(child.label) for a change of its whole input: "
        + "\(Count.updates(count)) by @self (median \(DurationText.format(median)), "
        + "\(DurationText.format(cost)))",
      nodes: [parent.label, child.label], count: count, costNs: cost, examples: facts.examples.ids,
      evidence: [
        "\(Count.updates(count)) of \(child.label) caused by \(parent.label) with changed: @self "
          + "(the parent passed a new value, not one the child reads); median "
          + "\(DurationText.format(median)) > orange \(DurationText.format(thresholds.orange))"
      ],
      backtraces: [], path: [], view: child.viewKey?.qualifiedName,
      edges: [Finding.Edge(from: parent.label, to: child.label)])
  }

  // MARK: - Backtraces

  private func backtrace(of nodes: [CauseGraph.Node]) -> [Finding.Backtrace] {
    nodes.compactMap { node in
      guard case .source = node.kind, let frames = backtraces[node.label] else { return nil }
      return Finding.Backtrace(source: node.label, frames: frames)
    }
  }
}

/// A value with an empty starting state.
private protocol Defaultable { init() }
