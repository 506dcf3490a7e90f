extension SourceKind {
  /// The kind of a cause-graph node, read from the label Instruments gives it.
  ///
  /// `@State …`, `@Binding …`, `@StateObject …` are ``state``; `@Observable …`,
  /// `@Published …`, `@ObservedObject …`, `@EnvironmentObject …` ``observable``;
  /// `External Environment`, `External: …` ``environment``; `EnvironmentWriter: …`
  /// ``environmentWriter``; `Gesture…`, `Preference…`, `Transaction…` their kinds;
  /// `View Creation / Reuse` ``creation``; anything else ``other``.
  @usableFromInline package init(nodeLabel label: String) {
    let prefixes: [(String, SourceKind)] = [
      ("@State", .state), ("@Binding", .state), ("State change", .state),
      ("@Observable", .observable), ("@Published", .observable), ("@ObservedObject", .observable),
      ("@EnvironmentObject", .observable),
      ("External Environment", .environment), ("External:", .environment),
      ("EnvironmentWriter", .environmentWriter),
      ("Gesture", .gesture), ("Preference", .preference), ("Transaction", .transaction),
      ("View Creation", .creation),
    ]
    self = prefixes.first { label.hasPrefix($0.0) }?.1 ?? .other
  }
}
