/// The tables tracecli reads from a recording: the one list the bundle exporter, the printed
/// export loop and the reader follow.
package enum XCTraceTables {
  /// The tables, each group in order of preference: the first one present wins, and the reader
  /// leaves out the others of its group (they hold the same rows again).
  package static let choices: [[String]] = [
    ["swiftui-updates", "SwiftUIFilteredUpdates"],
    ["swiftui-layout-updates"],
    ["swiftui-update-groups"],
    ["swiftui-causes", "swiftui-full-causes"],
    // iOS 26 devices give `hitches`, iOS 18 devices `hitches-summary` only.
    ["hitches", "hitches-summary"],
    ["potential-hangs"],
    ["device-display-info"],
    ["display-vsyncs-interval", "display-vsyncs"],
    // Frames' lifetimes (commit to screen): the app's rate when nothing better gives it.
    ["hitches-frame-lifetimes"],
    // Time Profiler's samples (`cpu-profile` weighs them in cycles, not time: not read).
    ["time-profile"],
    // Signpost intervals (Points of Interest, os_signpost): the windows of `--window`.
    ["os-signpost-interval", "OSSignpostIntervals"],
  ]

  /// Every table of every group: what a person exports by hand (a recording lacks some).
  package static var all: [String] { choices.flatMap { $0 } }

  /// The tables of `schemas` (a run's, from its table of contents) that tracecli reads: the
  /// first present of each group.
  package static func chosen(in schemas: [String]) -> [String] {
    let present = Set(schemas)
    return choices.compactMap { group in group.first { present.contains($0) } }
  }

  /// The tables of `schemas` that another of its group, present too, is preferred to.
  package static func superseded(in schemas: Set<String>) -> Set<String> {
    var superseded = Set<String>()
    for group in choices {
      guard let first = group.firstIndex(where: schemas.contains) else { continue }
      superseded.formUnion(group[(first + 1)...].filter(schemas.contains))
    }
    return superseded
  }
}
