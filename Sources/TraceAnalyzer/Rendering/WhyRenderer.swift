/// Renders ``CauseChains`` (`tracecli why`) as text or JSON.
///
/// Text lists each chain from the target back to its root, one line per event and one per
/// cause between them, times relative to the trace start:
///
/// ```
/// chain 1 of 1 — root: Gesture: Tap
///   0.201 s  LandmarkListItemView.body #6 · View body · Landmarks · 105 µs
///   0.200 s    ← update, changed landmarks ([Landmark]) · line 7
///   0.200 s  @Observable LandmarkCollection.landmarks #2 · @Observable
///   0.200 s    ← update · line 4
///   0.200 s  Gesture: Tap #1 · Gesture
///            root: a gesture
/// ```
package enum WhyRenderer {
  package static func render(_ chains: CauseChains, style: TextStyle = .plain) -> String {
    let target = chains.target
    var output =
      "why \(style.bold(target.node.label)) #\(target.id) \(target.skipped ? "was checked" : "ran")"
    if let offset = target.offset { output += " at \(DurationText.seconds(offset))" }
    output += "  \(chains.file)\n"
    let count = chains.chainsFound
    output += "  \(count) \(count == 1 ? "chain" : "chains") of causes, newest first; "
    output += "each line was caused by the line below it\n"
    for (number, chain) in chains.chains.enumerated() {
      output += "\nchain \(number + 1) of \(count) — \(title(of: chain, target: target))\n"
      output += line(time: target.offset, text: describe(target))
      for hop in chain.hops {
        var cause = "  ← \(hop.label)"
        if let changed = hop.changed {
          cause += ", changed \(changed)"
          if let valueType = hop.valueType { cause += " (\(valueType))" }
        } else if let valueType = hop.valueType {
          cause += " (\(valueType))"
        }
        output += line(time: hop.offset, text: style.dim(cause + " · line \(hop.line)"))
        output += line(time: hop.event.offset, text: describe(hop.event))
        if !hop.event.backtrace.isEmpty {
          output += String(repeating: " ", count: 13)
          output += style.dim("set at " + hop.event.backtrace.prefix(4).joined(separator: " ← ")) + "\n"
        }
      }
      output += "           " + ending(of: chain, target: target, limits: chains.limits) + "\n"
    }
    if chains.chains.count < count {
      output += "\n\(count - chains.chains.count) more chains not listed (--limit 0 lists them all)\n"
    }
    if chains.truncated {
      output += "\nthe search stopped after \(chains.limits.events) events: some causes were not followed\n"
    }
    return output
  }

  package static func renderJSON(_ chains: CauseChains) -> String {
    var json = JSONWriter()
    json.object { json in
      json.field("file", chains.file)
      json.field("target", object: { json in event(chains.target, into: &json) })
      json.field("chainsFound", chains.chainsFound)
      json.field("truncated", chains.truncated)
      json.field(
        "chains",
        array: { json in
          for chain in chains.chains {
            json.object { json in
              json.field("end", name(of: chain.end))
              if case .cycle(let position) = chain.end {
                json.field("loopsTo", position)
              } else {
                json.field("loopsTo", nil as Int64?)
              }
              json.field(
                "hops",
                array: { json in
                  for hop in chain.hops {
                    json.object { json in
                      json.field("label", hop.label)
                      json.field("timeNs", hop.offset)
                      json.field("changed", hop.changed)
                      json.field("valueType", hop.valueType)
                      json.field("line", hop.line)
                      json.field("event", object: { json in event(hop.event, into: &json) })
                    }
                  }
                })
            }
          }
        })
    }
    return json.text + "\n"
  }

  // MARK: - Pieces

  private static func event(_ event: CauseChains.Event, into json: inout JSONWriter) {
    json.field("id", event.id)
    json.field("kind", event.node.kind.description)
    json.field("label", event.node.label)
    json.field("module", event.node.module)
    json.field("timeNs", event.offset)
    json.field("durationNs", event.duration)
    json.field("skipped", event.skipped)
    if !event.backtrace.isEmpty {
      json.field("backtrace", strings: event.backtrace)
    }
  }

  /// The JSON spelling of an end.
  static func name(of end: CauseChains.End) -> String {
    switch end {
    case .gesture: "gesture"
    case .environment: "environment"
    case .noCause: "noCause"
    case .dangling: "dangling"
    case .cycle: "cycle"
    case .depthLimit: "depthLimit"
    case .searchLimit: "searchLimit"
    }
  }

  private static func line(time: Int64?, text: String) -> String {
    let column = time.map(DurationText.seconds) ?? "—"
    return "  " + String(repeating: " ", count: max(0, 9 - column.count)) + column + "  " + text + "\n"
  }

  private static func describe(_ event: CauseChains.Event) -> String {
    // An unknown node's label is its id already (`unknown #99`).
    let id = event.node.kind == .unknown ? "" : " #\(event.id)"
    var text = "\(event.node.label)\(id) · \(event.node.kind.displayName)"
    if let module = event.node.module, !module.isEmpty { text += " · \(module)" }
    if let duration = event.duration {
      text += " · " + (duration >= 3_600_000_000_000 ? "unfinished" : DurationText.format(duration))
    }
    if event.skipped { text += " · skipped" }
    return text
  }

  private static func title(of chain: CauseChains.Chain, target: CauseChains.Event) -> String {
    let last = chain.last(from: target)
    switch chain.end {
    case .cycle: return "update loop through \(last.node.label)"
    case .depthLimit, .searchLimit: return "cut at \(last.node.label)"
    default: return "root: \(last.node.label)"
    }
  }

  private static func ending(
    of chain: CauseChains.Chain, target: CauseChains.Event, limits: CauseChains.Limits
  ) -> String {
    let last = chain.last(from: target)
    switch chain.end {
    case .gesture: return "root: a gesture (the person's action)"
    case .environment: return "root: an external environment change"
    case .noCause: return "root: no cause names #\(last.id)"
    case .dangling: return "root: no update or source has id #\(last.id) (a dangling cause)"
    case .cycle(let position):
      let earlier = position == 0 ? target : chain.hops[position - 1].event
      return "↻ cycle: \(last.node.label) is already on this chain (#\(earlier.id)): an update loop, cut here"
    case .depthLimit: return "… cut after \(limits.depth) hops (--depth)"
    case .searchLimit: return "… not followed: the search stopped after \(limits.events) events"
    }
  }
}
