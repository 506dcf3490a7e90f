/// The chains of causes behind one update (or source): `tracecli why`.
///
/// Each chain starts at the target and walks its `cause` events backwards, one event per
/// hop, until a root: a gesture, an external environment change, an event nothing caused, or
/// an id no event defines. A chain that reaches a node (view type or source) already on it is
/// cut there and marked: that is an update loop. Chains are listed newest first: at every
/// fork the cause with the latest time comes first.
package struct CauseChains: Hashable, Sendable {
  /// One update or source event on a chain.
  package struct Event: Hashable, Sendable {
    package var id: Int64
    /// The event's node (its label, kind, module); the node's counts are not filled in.
    package var node: CauseGraph.Node
    /// An update's start or a source's time, relative to the trace start (ns).
    package var offset: Int64?
    /// An update's duration (ns).
    package var duration: Int64?
    package var skipped: Bool
    /// For a source: where its value was set (innermost first), as the trace's first event
    /// of that source recorded it.
    package var backtrace: [String]

    /// How far the event lies from `offset` (relative to the trace start): 0 or nil when it
    /// runs at `offset` (or has no time), positive when it starts later, negative when it ended
    /// earlier (ns).
    package func distance(from offset: Int64) -> Int64? {
      guard let start = self.offset else { return nil }
      let end = start.saturatingAdd(max(duration ?? 0, 1))
      if offset < start { return start.saturatingSubtract(offset) }
      if offset >= end { return (end - 1).saturatingSubtract(offset) }
      return nil
    }

    package init(
      id: Int64, node: CauseGraph.Node, offset: Int64? = nil, duration: Int64? = nil, skipped: Bool = false,
      backtrace: [String] = []
    ) {
      self.id = id
      self.node = node
      self.offset = offset
      self.duration = duration
      self.skipped = skipped
      self.backtrace = backtrace
    }
  }

  /// One step back: the `cause` event into the previous event, and the event it came from.
  package struct Hop: Hashable, Sendable {
    /// `update`, `creation`, or as written.
    package var label: String
    /// The cause's own time relative to the trace start (ns), when it has one.
    package var offset: Int64?
    package var changed: String?
    package var valueType: String?
    /// The cause's 1-based line in the file.
    package var line: Int
    /// The cause side.
    package var event: Event

    package init(
      label: String, offset: Int64?, changed: String? = nil, valueType: String? = nil, line: Int, event: Event
    ) {
      self.label = label
      self.offset = offset
      self.changed = changed
      self.valueType = valueType
      self.line = line
      self.event = event
    }
  }

  /// Why a chain stops where it does.
  package enum End: Hashable, Sendable {
    /// A gesture: the person's action.
    case gesture
    /// An external environment change.
    case environment
    /// No `cause` event names the last event as its target.
    case noCause
    /// The last event's id is defined by no event (`unknown #ID`).
    case dangling
    /// The last event's node is already on the chain, at this position (0: the target,
    /// `k`: the event of hop `k`): an update loop, cut here.
    case cycle(Int)
    /// The chain reached the hop limit.
    case depthLimit
    /// The search stopped (``Limits/events`` reached) before following this event's causes.
    case searchLimit
  }

  /// One chain, from the target back to its root.
  package struct Chain: Hashable, Sendable {
    package var hops: [Hop]
    package var end: End

    package init(hops: [Hop], end: End) {
      self.hops = hops
      self.end = end
    }

    /// The event the chain ends at (the target when it has no hop).
    package func last(from target: Event) -> Event { hops.last?.event ?? target }
  }

  /// How far the search goes.
  package struct Limits: Hashable, Sendable {
    /// Hops followed from the target at most.
    package var depth: Int
    /// Chains listed at most (nil: all found).
    package var chains: Int?
    /// Events visited at most; beyond, chains end in ``End/searchLimit``.
    package var events: Int

    package init(depth: Int = 32, chains: Int? = 20, events: Int = 20_000) {
      self.depth = depth
      self.chains = chains
      self.events = events
    }
  }

  package var target: Event
  /// The chains listed, newest first.
  package var chains: [Chain]
  /// All chains found (more than listed when ``Limits/chains`` cut the list).
  package var chainsFound: Int
  /// The search reached ``Limits/events``: some causes were not followed.
  package var truncated: Bool
  /// The trace's display name.
  package var file: String
  package var limits: Limits

  package init(
    target: Event, chains: [Chain], chainsFound: Int, truncated: Bool = false, file: String, limits: Limits
  ) {
    self.target = target
    self.chains = chains
    self.chainsFound = chainsFound
    self.truncated = truncated
    self.file = file
    self.limits = limits
  }

  /// What a `why` query found: the chains, or why there are none.
  package enum Outcome: Hashable, Sendable {
    case explained(CauseChains)
    /// No update or source has this id.
    case noSuchID(Int64, file: String)
    /// No view matches the query; the closest view names.
    case noSuchView(String, file: String, suggestions: [String])
  }
}
