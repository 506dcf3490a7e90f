import TraceAnalyzer

/// A command line after the command name: options (`--name value`, `--name=value`, flags)
/// and positional arguments, consumed as a command asks for them.
struct Arguments {
  /// The options in order, each with the number of positionals before it.
  private var options: [(name: String, value: String?, positionalsBefore: Int)] = []
  /// Every spelling the command declares (for suggesting one).
  private let known: [String]
  private(set) var positionals: [String] = []
  /// Where each positional is among the arguments given.
  private(set) var positionalIndexes: [Int] = []
  /// The number of positionals before `--` (after which everything is one), nil without one.
  private(set) var positionalsBeforeEndOfOptions: Int?
  /// What the parse noticed that is no error (`--from 500`: see ``unitNote(_:value:)``).
  private(set) var notes: [String] = []
  let command: String

  /// Splits `arguments` by the command's declared `options`.
  init(_ arguments: [String], command: String, options declared: [Option]) throws(UsageError) {
    self.command = command
    known = declared.flatMap(\.names)
    let flags = Set(declared.filter(\.isFlag).flatMap(\.names))
    let durations = Set(
      declared.filter { $0.value == "<time>" || $0.value == "<duration>" }.flatMap(\.names))
    var index = 0
    var onlyPositionals = false
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      if onlyPositionals || argument == "-" || !argument.hasPrefix("-") {
        positionals.append(argument)
        positionalIndexes.append(index - 1)
        continue
      }
      if argument == "--" {
        onlyPositionals = true
        positionalsBeforeEndOfOptions = positionals.count
        continue
      }
      var name = argument
      var value: String?
      if let equals = argument.firstIndex(of: "=") {
        name = String(argument[..<equals])
        value = String(argument[argument.index(after: equals)...])
      }
      // An option the command does not know is named as such, before it could take a value.
      guard known.contains(name) else { throw Self.unknownOption(name, known: known, command: command) }
      if flags.contains(name) {
        guard value == nil else { throw UsageError("\(name) takes no value", command: command) }
      } else if value == nil {
        guard index < arguments.count else { throw UsageError("\(name) needs a value", command: command) }
        value = arguments[index]
        index += 1
      }
      options.append((name, value, positionals.count))
      if durations.contains(name), let value, let note = Self.unitNote(name, value: value) {
        notes.append(note)
      }
    }
  }

  /// Whether flag `name` was given.
  mutating func flag(_ name: String) -> Bool {
    assertDeclared(name)
    let found = options.contains { $0.name == name }
    options.removeAll { $0.name == name }
    return found
  }

  /// The number of positionals before flag `name`, which splits them in two; nil when it is not
  /// given, and a usage error when it is given more than once.
  mutating func split(at name: String) throws(UsageError) -> Int? {
    assertDeclared(name)
    let found = options.filter { $0.name == name }
    options.removeAll { $0.name == name }
    guard found.count <= 1 else { throw UsageError("\(name) may be given once", command: command) }
    return found.first?.positionalsBefore
  }

  /// The last value of option `name`.
  mutating func value(_ name: String) -> String? {
    assertDeclared(name)
    let found = options.last { $0.name == name }?.value
    options.removeAll { $0.name == name }
    return found
  }

  /// The file of `-o`/`--output` (the last one given, whichever spelling), if any; `-` names
  /// standard output, as no option does.
  mutating func outputFile() -> String? {
    let names = ["-o", "--output"]
    names.forEach(assertDeclared)
    let found = options.last { names.contains($0.name) }?.value
    options.removeAll { names.contains($0.name) }
    return found == "-" ? nil : found
  }

  /// Every value of a repeatable option `name`, in order.
  mutating func values(_ name: String) -> [String] {
    assertDeclared(name)
    let found = options.filter { $0.name == name }.compactMap(\.value)
    options.removeAll { $0.name == name }
    return found
  }

  /// A duration option (`500us`, `0.8ms`, `2.5s`, bare ns).
  mutating func duration(_ name: String) throws(UsageError) -> Int64? {
    guard let text = value(name) else { return nil }
    guard let value = DurationText.parse(text) else {
      throw UsageError(
        "\(name) '\(text)' is not a duration; write e.g. 500us, 0.8ms or 2.5s", command: command)
    }
    return value
  }

  /// A refresh rate option in Hz (`120`, `59.94`, `120Hz`).
  mutating func refreshRate(_ name: String) throws(UsageError) -> Double? {
    guard let text = value(name) else { return nil }
    var number = Substring(text)
    if number.lowercased().hasSuffix("hz") { number = number.dropLast(2) }
    guard let rate = Double(number), FrameBudget.refreshRates.contains(rate) else {
      throw UsageError(
        "\(name) '\(text)' is not a refresh rate; write the display's rate in Hz, e.g. 60, 120 or 59.94",
        command: command)
    }
    return rate
  }

  /// A non-negative integer option.
  mutating func count(_ name: String) throws(UsageError) -> Int? {
    guard let text = value(name) else { return nil }
    if text.hasPrefix("-"), text.dropFirst().allSatisfy({ $0.isASCII && $0.isNumber }), text.count > 1 {
      throw UsageError("\(name) '\(text)' must be 0 or more", command: command)
    }
    guard !text.isEmpty, text.allSatisfy({ $0.isASCII && $0.isNumber }) else {
      throw UsageError("\(name) '\(text)' is not a whole number", command: command)
    }
    guard let value = Int(text) else {
      throw UsageError("\(name) '\(text)' is too large (at most \(Int.max))", command: command)
    }
    return value
  }

  /// An option whose value must be one of `choices`.
  mutating func choice(_ name: String, _ choices: [String], default fallback: String) throws(UsageError)
    -> String
  {
    try choiceIfGiven(name, choices) ?? fallback
  }

  /// An option whose value, when given, must be one of `choices`.
  mutating func choiceIfGiven(_ name: String, _ choices: [String]) throws(UsageError) -> String? {
    guard let text = value(name) else { return nil }
    guard choices.contains(text) else {
      throw UsageError(
        "\(name) must be one of \(choices.joined(separator: ", ")), not '\(text)'"
          + Suggestion.didYouMean(text, among: choices), command: command)
    }
    return text
  }

  /// Stops a debug build that asks for an option its command does not declare.
  private func assertDeclared(_ name: String) {
    assert(known.contains(name), "\(command) asks for \(name), which it does not declare")
  }

  /// Fails on options nobody asked for.
  func finish() throws(UsageError) {
    if let unknown = options.first { throw Self.unknownOption(unknown.name, known: known, command: command) }
  }

  /// A note for a duration written without a unit where a small number of nanoseconds is
  /// unlikely (`--from 500`): still nanoseconds, as documented, but said.
  private static func unitNote(_ name: String, value: String) -> String? {
    guard let number = Double(value), value.allSatisfy({ $0.isNumber || $0 == "." }), number > 0,
      number < 1_000_000
    else { return nil }
    return
      "tracecli: note: \(name) \(value) means \(value) ns (a duration without a unit is in nanoseconds); "
      + "did you mean \(value)ms?"
  }

  /// `unknown option '-v'; did you mean '--view'?`: the closest spelling, or for a one-letter
  /// option the long ones of that letter (and `tracecli --version` for `-v`).
  static func unknownOption(_ name: String, known: [String], command: String) -> UsageError {
    var message = "unknown option '\(name)'"
    let letter = name.count == 2 && name.hasPrefix("-") ? name.last.map { String($0).lowercased() } : nil
    if let letter {
      let long = known.filter { $0.hasPrefix("--" + letter) }
      if !long.isEmpty { message += Suggestion.phrase(Array(long.prefix(3))) }
      if letter == "v" {
        message +=
          long.isEmpty ? "; for the version, tracecli --version" : " (the version: tracecli --version)"
      }
    } else {
      message += Suggestion.didYouMean(name, among: known)
    }
    return UsageError(message, command: command)
  }

  /// The trace: one JSON Lines file (or `-`), or xctrace exports and folders of them.
  func traces() throws(UsageError) -> [String] {
    guard !positionals.isEmpty else {
      throw UsageError("missing the trace file (use - for standard input)", command: command)
    }
    if positionals.count > 1 && positionals.contains("-") {
      throw UsageError("standard input (-) cannot be combined with other files", command: command)
    }
    return positionals
  }

  /// The analysis options every command shares: `--orange`, `--red`, `--from`, `--to`,
  /// `--window`, `--refresh-rate`, `--threads`.
  ///
  /// `thresholdsMayChange` (`check`, whose budget file may set a threshold not given here)
  /// leaves comparing orange with red to the caller, once the thresholds are final.
  mutating func analysisOptions(thresholdsMayChange: Bool = false) throws(UsageError) -> AnalysisOptions {
    var options = AnalysisOptions()
    options.orange = try duration("--orange")
    options.red = try duration("--red")
    options.range = TimeRange(from: try duration("--from"), to: try duration("--to"))
    options.windows = values("--window")
    if options.windows.contains(where: \.isEmpty) {
      throw UsageError("--window needs a name, e.g. --window 'Scroll Feed'", command: command)
    }
    options.refreshRate = try refreshRate("--refresh-rate")
    options.process = value("--process")
    options.threads = try count("--threads")
    if options.thresholds.orange < 0 || options.thresholds.red < 0 {
      throw UsageError("--orange and --red must not be negative", command: command)
    }
    if !thresholdsMayChange && options.thresholds.orange > options.thresholds.red {
      let red =
        options.red == nil
        ? "the default red threshold, \(DurationText.format(Thresholds.instruments.red)) (give --red too)"
        : "--red"
      throw UsageError("--orange must not be above \(red)", command: command)
    }
    if let from = options.range.from, let to = options.range.to, from >= to {
      throw UsageError("--from must be before --to", command: command)
    }
    return options
  }

  /// The findings rules' thresholds, an option each (``FindingRules``: `--min-red`, `--fan-out`, …).
  mutating func findingSettings(_ base: FindingSettings = FindingSettings()) throws(UsageError)
    -> FindingSettings
  {
    var settings = base
    for threshold in FindingRules.thresholds {
      switch threshold.unit {
      case .count:
        if let value = try count(threshold.option) { settings.set(threshold, count: value) }
      case .percent:
        guard let text = value(threshold.option) else { continue }
        guard let percent = PercentText.parse(text) else {
          throw UsageError("\(threshold.option) '\(text)' is not \(threshold.expected)", command: command)
        }
        settings.set(threshold, percent: percent)
      }
    }
    return settings
  }
}
