/// What an exported table holds, as far as tracecli is concerned.
enum XCTraceTableKind: Hashable, Sendable, CustomStringConvertible {
  /// `swiftui-updates` (and filtered instances of it): one ``Update`` per row.
  case updates
  /// `swiftui-causes`, `swiftui-full-causes`: one ``Cause`` per row, plus ``Source`` nodes.
  case causes
  /// `swiftui-layout-updates` (Xcode 27): one `other` ``Update`` per row, named by its
  /// description; a cached layout is skipped.
  case layoutUpdates
  /// `swiftui-update-groups`: one ``UpdateGroup`` per row.
  case groups
  /// `hitches`, `hitches-summary`: one ``Hitch`` per distinct start and duration.
  case hitches
  /// `potential-hangs`: one ``Hang`` per row.
  case hangs
  /// `os-signpost-interval` (`OSSignpostIntervals` in some versions): one ``Interval`` per row of
  /// the recorded app.
  case signposts
  /// `device-display-info`: the header's refresh rate.
  case displays
  /// `display-vsyncs-interval`: ``Frame``s.
  case vsyncs
  /// `hitches-frame-lifetimes`: one ``Frame`` per distinct start and duration.
  case frameLifetimes
  /// `time-profile` (Time Profiler): one ``Sample`` per row of a running thread, and the
  /// ``CodeSymbol``s its stack names.
  case samples
  /// `cpu-profile`: samples weighed in CPU cycles, not time; not read (tracecli reads
  /// `time-profile`).
  case cycleSamples
  /// A table tracecli knows but does not map (`swiftui-changes`).
  case unused
  /// Anything else.
  case unknown

  /// The kind of the table `schema` describes: by its name, else (for unnamed tables and
  /// unknown names) by the columns only one kind of table has.
  ///
  /// - Returns: the kind and whether it was inferred from the columns.
  static func of(_ schema: XCTraceSchema) -> (kind: XCTraceTableKind, inferred: Bool) {
    switch schema.name {
    case "swiftui-updates", "SwiftUIFilteredUpdates": return (.updates, false)
    case "swiftui-layout-updates": return (.layoutUpdates, false)
    case "swiftui-causes", "swiftui-full-causes": return (.causes, false)
    case "swiftui-update-groups": return (.groups, false)
    case "hitches", "hitches-summary": return (.hitches, false)
    case "hitches-frame-lifetimes": return (.frameLifetimes, false)
    case "potential-hangs": return (.hangs, false)
    case "os-signpost-interval", "OSSignpostIntervals": return (.signposts, false)
    case "device-display-info": return (.displays, false)
    case "display-vsyncs-interval", "display-vsyncs": return (.vsyncs, false)
    case "swiftui-changes": return (.unused, false)
    case "time-profile": return (.samples, false)
    case "cpu-profile": return (.cycleSamples, false)
    default: break
    }
    if schema.has("update-type") { return (.updates, true) }
    if schema.has("cached") && schema.has("id") && schema.has("description") { return (.layoutUpdates, true) }
    if schema.has("source-node") || schema.has("destination-node") || schema.has("source-node-event-id")
      || schema.has("destination-node-event-id")
    {
      return (.causes, true)
    }
    if schema.has("hang-type") { return (.hangs, true) }
    if schema.has("max-refresh-rate") { return (.displays, true) }
    let groupColumns: Set = [
      "start", "duration", "label", "backtrace", "cause-backtrace", "process", "thread",
    ]
    if schema.name == nil && schema.has("label") && schema.has("duration")
      && schema.columns.allSatisfy({ groupColumns.contains($0.mnemonic) })
    {
      return (.groups, true)
    }
    if schema.name == nil, let weight = schema.index(of: "weight"), schema.has("stack"),
      schema.columns.contains(where: { $0.mnemonic == "sample-time" || $0.engineeringType == "sample-time" })
    {
      return (schema.columns[weight].engineeringType == "cycle-weight" ? .cycleSamples : .samples, true)
    }
    return (.unknown, false)
  }

  /// The table name the kind stands for, in messages.
  var description: String {
    switch self {
    case .updates: "swiftui-updates"
    case .layoutUpdates: "swiftui-layout-updates"
    case .causes: "swiftui-causes"
    case .groups: "swiftui-update-groups"
    case .hitches: "hitches"
    case .hangs: "potential-hangs"
    case .signposts: "os-signpost-interval"
    case .displays: "device-display-info"
    case .vsyncs: "display-vsyncs-interval"
    case .frameLifetimes: "hitches-frame-lifetimes"
    case .samples: "time-profile"
    case .cycleSamples: "cpu-profile"
    case .unused: "swiftui-changes"
    case .unknown: "unknown"
    }
  }
}
