/// One line of a trace, decoded.
@usableFromInline package enum TraceEvent: Hashable, Sendable {
  case header(TraceHeader)
  case frame(Frame)
  case group(UpdateGroup)
  case update(Update)
  case source(Source)
  case cause(Cause)
  case hitch(Hitch)
  case hang(Hang)
  case symbol(CodeSymbol)
  case sample(Sample)
  case interval(Interval)

  /// The earliest time the event mentions (its `start` or `time`), if any; anchors the grid.
  @usableFromInline package var time: Int64? {
    switch self {
    case .header(let header): header.start
    case .frame(let frame): frame.start
    case .group(let group): group.start
    case .update(let update): update.start
    case .source(let source): source.time
    case .cause(let cause): cause.time
    case .hitch(let hitch): hitch.start
    case .hang(let hang): hang.start
    case .symbol: nil
    case .sample(let sample): sample.time
    case .interval(let interval): interval.start
    }
  }
}
