/// Reads the names Instruments writes into cells: update types, threads, processes, node labels.
enum XCTraceNames {
  /// The update kind an `update-type` value stands for, and whether the spelling is known.
  ///
  /// Real exports write `View Body Updates`, `Representable Updates` and `Other Updates`; the
  /// short forms (`View Body`, `Representable`, `Other`) and `Layout` are accepted too. Any
  /// other spelling is read by the words in it (`…Body…`, `…Representable…`), else as other.
  static func updateKind(_ type: String) -> (kind: UpdateKind, known: Bool) {
    switch type {
    case "View Body Updates", "View Body Update", "View Body", "Body", "Body Updates":
      return (.body, true)
    case "Representable Updates", "Representable Update", "Representable":
      return (.representable, true)
    case "Other Updates", "Other Update", "Other", "Layout", "Layout Updates":
      return (.other, true)
    default:
      let lower = type.lowercased()
      if lower.contains("body") { return (.body, false) }
      if lower.contains("representable") { return (.representable, false) }
      return (.other, false)
    }
  }

  /// The trace-format thread of a `thread` cell: nil for the main thread (`Main Thread …`, or
  /// `main 0x…` as some tables spell it), else the thread's name and id without the
  /// `(App, pid: N)` suffix, so that two threads of one queue name stay apart.
  ///
  /// `com.apple.render (0x2f03) (MyApp, pid: 1001)` → `com.apple.render 0x2f03`; an unnamed
  /// `Thread (0x2f03) (MyApp, pid: 1001)` → `Thread 0x2f03`.
  static func thread(_ text: String) -> String? {
    var name = Substring(text).trimmingWhitespace
    if name.isEmpty || name == "main" || name.hasPrefix("Main Thread") { return nil }
    if name.hasSuffix(")"), let open = name.lastIndex(of: "("), name[open...].contains("pid:") {
      name = name[..<open].trimmingWhitespace
    }
    var identifier: Substring?
    if name.hasSuffix(")"), let open = name.lastIndex(of: "("),
      name[name.index(after: open)...].hasPrefix("0x")
    {
      identifier = name[name.index(after: open)..<name.index(before: name.endIndex)]
      name = name[..<open].trimmingWhitespace
    } else if let space = name.lastIndex(of: " "), name[name.index(after: space)...].hasPrefix("0x") {
      identifier = name[name.index(after: space)...]
      name = name[..<space].trimmingWhitespace
    }
    if name == "main" || name.hasPrefix("Main Thread") { return nil }
    if name.isEmpty || name == "Thread" {
      return identifier.map { "Thread \($0)" } ?? String(text)
    }
    return identifier.map { "\(name) \($0)" } ?? String(name)
  }

  /// The name and pid of a `process` cell: `MyApp (1001)` → (`MyApp`, 1001).
  static func process(_ text: String) -> XCTraceProcess {
    var name = Substring(text).trimmingWhitespace
    var pid: Int64?
    if name.hasSuffix(")"), let open = name.lastIndex(of: "("),
      let number = Int64(name[name.index(after: open)..<name.index(before: name.endIndex)])
    {
      pid = number
      name = name[..<open].trimmingWhitespace
    }
    return XCTraceProcess(name: name.isEmpty ? nil : String(name), pid: pid)
  }

  /// The app of a `process` cell: `MyApp (1001)` → `MyApp`.
  static func app(_ process: String) -> String? {
    var name = Substring(process).trimmingWhitespace
    if name.hasSuffix(")"), let open = name.lastIndex(of: "("),
      name[name.index(after: open)..<name.index(before: name.endIndex)].allSatisfy(\.isNumber)
    {
      name = name[..<open].trimmingWhitespace
    }
    return name.isEmpty ? nil : String(name)
  }

  /// The view of updates whose `view-name` Instruments could not tell, kept apart by what
  /// Instruments says of it: `[unknown view: created before tracing started?]` becomes
  /// `(unknown view: created before tracing started?)`, `[unknown view]` `(unknown view)`.
  static func unknownView(_ name: String) -> String {
    var text = Substring(name)
    if text.hasPrefix("[") { text = text.dropFirst() }
    if text.hasSuffix("]") { text = text.dropLast() }
    return "(" + text + ")"
  }

  /// Whether a `view-name` is Instruments' placeholder for a view it could not tell.
  static func isUnknownView(_ name: String) -> Bool {
    name.hasPrefix("[unknown view")
  }

  /// The severities the SwiftUI instrument writes (`Medium` appears in Xcode 27 samples).
  static let severities: Set<String> = ["Very Low", "Low", "Moderate", "Medium", "High", "Very High"]

  /// The owner and property a source's label names.
  ///
  /// `@Observable LandmarkCollection.landmarks` → (`LandmarkCollection`, `landmarks`);
  /// `@State isFavorite` → (nil, `isFavorite`); `@Environment(\.colorScheme)` → (nil,
  /// `colorScheme`); `EnvironmentWriter: ForegroundStyle` → (nil, `ForegroundStyle`);
  /// other labels name neither.
  static func ownerAndProperty(_ label: String) -> (owner: String?, property: String?) {
    var rest: Substring
    if label.hasPrefix("@"), let space = label.firstIndex(of: " ") {
      rest = label[label.index(after: space)...]
    } else if label.hasPrefix("@"), let open = label.firstIndex(of: "(") {
      rest = label[open...]
    } else if label.hasPrefix("EnvironmentWriter:") {
      rest = label.dropFirst("EnvironmentWriter:".count)
    } else {
      return (nil, nil)
    }
    rest = rest.trimmingWhitespace
    if rest.hasSuffix(" [skipped]") { rest = rest.dropLast(" [skipped]".count).trimmingWhitespace }
    if rest.hasPrefix("(") && rest.hasSuffix(")") { rest = rest.dropFirst().dropLast() }
    if rest.hasPrefix("\\.") { rest = rest.dropFirst(2) }
    guard !rest.isEmpty, !rest.contains(" ") else { return (nil, nil) }
    if let dot = rest.lastIndex(of: "."), dot != rest.startIndex, rest.index(after: dot) != rest.endIndex {
      return (String(rest[..<dot]), String(rest[rest.index(after: dot)...]))
    }
    return (nil, String(rest))
  }

  /// Node colours Instruments uses; `blue` marks the app's code or the person's action.
  static let colors: Set<Substring> = [
    "blue", "gray", "grey", "orange", "teal", "red", "green", "purple", "yellow", "pink", "brown",
    "indigo", "cyan", "mint",
  ]

  /// The label and colour of a node cell given only as its `fmt`:
  /// `Label, blue, symbol, n/a, n/a` (the label may itself hold commas).
  static func node(fmt: String) -> (label: String, color: String?) {
    let fields = fmt.split(separator: ", ", omittingEmptySubsequences: false)
    for index in fields.indices.dropFirst() where colors.contains(fields[index]) {
      return (fields[..<index].joined(separator: ", "), String(fields[index]))
    }
    return (fmt, nil)
  }
}
