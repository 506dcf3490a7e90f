import TraceModel

/// Walks `cause` events backwards from one event over the spills of a ``WhySink`` pass.
///
/// Breadth-first, one level of hops at a time: a level asks for the causes whose target is
/// one of the level's events, reading only the cause partitions those ids hash to, then for
/// the events those causes come from, reading only their id partitions. Memory: the spills'
/// blocks, one partition block at a time, and the events found (at most
/// ``CauseChains/Limits/events``).
struct CauseChainSearch {
  /// A cause into an event, with its strings resolved.
  private struct Incoming {
    var from: Int64
    var time: Int64?
    var line: Int
    var label: String
    var changed: String?
    var valueType: String?
  }

  /// One event reached by the search, and how.
  private struct Step {
    var event: CauseChains.Event
    var parent: Int
    var hop: CauseChains.Hop?
    var depth: Int
    var children: [Int] = []
    var end: CauseChains.End?
  }

  private let parts: [TracePart<WhySink>]
  private let mappings: [[UInt32]]
  private let nodes: [CauseGraph.Node]
  private let traceStart: Int64
  private let file: String

  init(parts: [TracePart<WhySink>], header: TraceHeader?, file: String) {
    var catalog = NodeCatalog()
    mappings = parts.map { catalog.merge($0.sink.nodes, symbols: $0.symbols) }
    nodes = catalog.nodes
    self.parts = parts
    let earliest = parts.map(\.sink.earliest).min() ?? .max
    traceStart = header?.start ?? (earliest == .max ? 0 : earliest)
    self.file = file
  }

  // MARK: - Finding the target

  /// The event with `id`, if an update or source has it.
  func event(id: Int64) -> CauseChains.Event? {
    events(Set([id]))[id]
  }

  /// The view keys of every update node (for suggestions).
  var viewKeys: [ViewKey] { nodes.compactMap(\.viewKey) }

  /// The update of a view matching `query` whose `[start, start + duration)` holds `offset`
  /// (relative to the trace start; the latest such start), else the one starting nearest to
  /// it (the earlier on a tie); `matched` is false when no update node matches the query.
  /// The longest finished update of the view `query` names (the earliest, then the smallest id,
  /// of equally long ones); `matched` false when no node is that view's.
  func worstUpdate(ofView query: String) -> (matched: Bool, event: CauseChains.Event?) {
    let matching = Set(nodes.indices.filter { nodes[$0].viewKey?.matches(query) ?? false })
    guard !matching.isEmpty else { return (false, nil) }
    var best: (record: EventRecord, part: Int)?
    for (number, part) in parts.enumerated() {
      for partition in 0..<part.sink.events.partitions {
        part.sink.events.forEach(inPartition: partition) { record in
          guard record.flags & EventRecord.isUpdate != 0, record.duration < Update.unfinishedDuration,
            matching.contains(Int(mappings[number][Int(record.node)]))
          else { return }
          if let current = best?.record,
            (-record.duration, record.time, record.id) >= (-current.duration, current.time, current.id)
          {
            return
          }
          best = (record, number)
        }
      }
    }
    return (true, best.map { event($0.record, part: $0.part) })
  }

  func update(ofView query: String, at offset: Int64) -> (matched: Bool, event: CauseChains.Event?) {
    let matching = Set(nodes.indices.filter { nodes[$0].viewKey?.matches(query) ?? false })
    guard !matching.isEmpty else { return (false, nil) }
    let time = traceStart.saturatingAdd(offset)
    var best: (record: EventRecord, part: Int, containing: Bool)?
    for (number, part) in parts.enumerated() {
      for partition in 0..<part.sink.events.partitions {
        part.sink.events.forEach(inPartition: partition) { record in
          guard record.flags & EventRecord.isUpdate != 0,
            matching.contains(Int(mappings[number][Int(record.node)]))
          else { return }
          let finished = record.duration < Update.unfinishedDuration
          let containing =
            finished && record.time <= time && time < record.time.saturatingAdd(record.duration)
          if let current = best {
            if current.containing != containing {
              if !containing { return }
            } else if containing {
              if (record.time, -record.id) <= (current.record.time, -current.record.id) { return }
            } else {
              let distance = record.time.saturatingSubtract(time).magnitude
              let bestDistance = current.record.time.saturatingSubtract(time).magnitude
              if (distance, record.time, record.id) >= (bestDistance, current.record.time, current.record.id)
              {
                return
              }
            }
          }
          best = (record, number, containing)
        }
      }
    }
    return (true, best.map { event($0.record, part: $0.part) })
  }

  // MARK: - Searching

  /// The chains of causes behind `target`.
  func chains(of target: CauseChains.Event, limits: CauseChains.Limits) -> CauseChains {
    var steps = [Step(event: target, parent: -1, hop: nil, depth: 0)]
    var frontier = [0]
    var truncated = false
    while !frontier.isEmpty {
      let incoming = causes(into: Set(frontier.map { steps[$0].event.id }))
      let sources = events(Set(incoming.values.joined().map(\.from)))
      var next: [Int] = []
      for index in frontier {
        let list = incoming[steps[index].event.id] ?? []
        guard !list.isEmpty else {
          steps[index].end = .noCause
          continue
        }
        guard steps.count < limits.events else {
          steps[index].end = .searchLimit
          truncated = true
          continue
        }
        let ordered = list.map { cause in
          (cause, sources[cause.from] ?? CauseChains.Event(id: cause.from, node: .unknown(cause.from)))
        }.sorted { lhs, rhs in
          let left = lhs.0.time ?? lhs.1.offset.map { traceStart.saturatingAdd($0) } ?? .min
          let right = rhs.0.time ?? rhs.1.offset.map { traceStart.saturatingAdd($0) } ?? .min
          return (left, lhs.0.line) > (right, rhs.0.line)
        }
        for (cause, event) in ordered {
          guard steps.count < limits.events else {
            truncated = true
            break
          }
          let hop = CauseChains.Hop(
            label: cause.label, offset: cause.time.map { $0.saturatingSubtract(traceStart) },
            changed: cause.changed,
            valueType: cause.valueType, line: cause.line, event: event)
          var step = Step(event: event, parent: index, hop: hop, depth: steps[index].depth + 1)
          step.end = end(of: step, in: steps, limits: limits)
          steps[index].children.append(steps.count)
          steps.append(step)
          if step.end == nil { next.append(steps.count - 1) }
        }
      }
      frontier = next
    }
    var chains: [CauseChains.Chain] = []
    var found = 0
    // Depth-first over the tree, children newest first: the chains, newest first.
    var stack = [0]
    while let index = stack.popLast() {
      let step = steps[index]
      if step.children.isEmpty {
        found += 1
        if limits.chains.map({ chains.count < $0 }) ?? true {
          chains.append(CauseChains.Chain(hops: hops(to: index, in: steps), end: step.end ?? .noCause))
        }
      }
      stack.append(contentsOf: step.children.reversed())
    }
    return CauseChains(
      target: target, chains: chains, chainsFound: found, truncated: truncated, file: file, limits: limits)
  }

  /// Why the chain stops at `step`, or nil to follow it further.
  private func end(of step: Step, in steps: [Step], limits: CauseChains.Limits) -> CauseChains.End? {
    switch step.event.node.kind {
    case .unknown: return .dangling
    case .source(.gesture): return .gesture
    case .source(.environment): return .environment
    default: break
    }
    var chain: [Int] = []
    var ancestor = step.parent
    while ancestor >= 0 {
      chain.append(ancestor)
      ancestor = steps[ancestor].parent
    }
    // chain: parent, grandparent, …, target; positions on the chain count from the target.
    if let repeated = chain.firstIndex(where: { steps[$0].event.node == step.event.node }) {
      return .cycle(chain.count - 1 - repeated)
    }
    if step.depth >= limits.depth { return .depthLimit }
    return nil
  }

  private func hops(to index: Int, in steps: [Step]) -> [CauseChains.Hop] {
    var hops: [CauseChains.Hop] = []
    var current = index
    while current > 0, let hop = steps[current].hop {
      hops.append(hop)
      current = steps[current].parent
    }
    return hops.reversed()
  }

  // MARK: - Reading the spills

  /// The events with `ids`, reading only their partitions.
  private func events(_ ids: Set<Int64>) -> [Int64: CauseChains.Event] {
    var found: [Int64: CauseChains.Event] = [:]
    guard let first = parts.first else { return found }
    for partition in Set(ids.map { first.sink.events.partition(of: $0) }) {
      for (number, part) in parts.enumerated() {
        part.sink.events.forEach(inPartition: partition) { record in
          if ids.contains(record.id) { found[record.id] = event(record, part: number) }
        }
      }
    }
    return found
  }

  /// The causes whose target is one of `ids`, by target, reading only their partitions.
  private func causes(into ids: Set<Int64>) -> [Int64: [Incoming]] {
    var found: [Int64: [Incoming]] = [:]
    guard let first = parts.first else { return found }
    for partition in Set(ids.map { first.sink.causes.partition(of: $0) }) {
      for part in parts {
        let symbols = part.symbols
        let text = { (symbol: Int32) in symbol < 0 ? nil : symbols[Symbol(rawValue: symbol)] }
        part.sink.causes.forEach(inPartition: partition) { record in
          guard ids.contains(record.to) else { return }
          found[record.to, default: []].append(
            Incoming(
              from: record.from, time: record.flags & WhySink.CauseRecord.hasTime != 0 ? record.time : nil,
              line: part.lineOffset + Int(record.line), label: text(record.label) ?? "update",
              changed: text(record.changed), valueType: text(record.valueType)))
        }
      }
    }
    return found
  }

  private func event(_ record: EventRecord, part: Int) -> CauseChains.Event {
    let isUpdate = record.flags & EventRecord.isUpdate != 0
    return CauseChains.Event(
      id: record.id, node: nodes[Int(mappings[part][Int(record.node)])],
      offset: record.flags & EventRecord.hasTime != 0
        ? record.time.saturatingSubtract(traceStart) : nil,
      duration: isUpdate ? record.duration : nil, skipped: record.flags & EventRecord.skipped != 0,
      backtrace: isUpdate ? [] : backtrace(ofNode: nodes[Int(mappings[part][Int(record.node)])]))
  }

  /// The first backtrace any part holds for the source node `node`.
  private func backtrace(ofNode node: CauseGraph.Node) -> [String] {
    for (number, part) in parts.enumerated() {
      for (local, frames) in part.sink.backtraces where nodes[Int(mappings[number][Int(local)])] == node {
        return frames
      }
    }
    return []
  }
}
