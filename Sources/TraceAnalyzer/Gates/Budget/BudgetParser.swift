import TraceModel

/// Reads a budget file: JSON with every limit's location kept, validated strictly.
///
/// ```
/// {
///   "thresholds": { "orange": "500us", "red": "1ms" },
///   "views": [ { "view": "LandmarkListItemView", "kind": "body", "red": 0, "p95": "400us" } ],
///   "frames": { "missed": 0 },
///   "hitches": { "count": 3, "totalNs": "100ms", "longestNs": "50ms" },
///   "hangs": { "count": 0, "longestNs": "250ms" },
///   "edges": [ { "from": "@Observable LandmarkCollection.landmarks",
///                "to": "LandmarkListItemView.body", "count": 2 } ],
///   "findings": { "forbid": ["update-loop", "fan-out"], "fanOut": 8 },
///   "windows": { "Scroll Feed": { "frames": { "missed": 0 }, "hitches": { "count": 0 } } }
/// }
/// ```
///
/// Unknown keys, wrong types, negative or fractional counts, durations without a unit and
/// entries without a limit are errors with the file's line and column: a budget never passes
/// by being misread. Whether the views and edges it names exist is checked against the trace
/// (``BudgetCheck``).
package enum BudgetParser {
  /// Parses the bytes of a budget file named `file`.
  package static func parse(_ bytes: [UInt8], file: String) throws(BudgetError) -> Budget {
    let root = try Reader.document(bytes, file: file)
    return try Reader(file: file).budget(root)
  }

  /// Keys of a limit entry that are not measures.
  static let viewKeys = ["view", "kind", "name", "note"]
  static let edgeKeys = ["from", "to", "label", "name", "note", "count"]
  static let topKeys = [
    "version", "note", "thresholds", "range", "trace", "kinds", "views", "frames", "edges", "findings",
    "hitches", "hangs", "windows",
  ]
  /// Keys of a `"windows"` entry: the sections of limits.
  static let windowKeys = [
    "note", "trace", "kinds", "views", "frames", "edges", "findings", "hitches", "hangs",
  ]
  /// Keys of the `findings` section: the rules to forbid, and the rules' thresholds.
  static var findingKeys: [String] { ["forbid", "note"] + FindingRules.thresholds.map(\.key) }
}

/// The validating walk over a parsed budget file.
private struct Reader: LocatedFileReader {
  let file: String

  /// The budget `root` holds; `window` for a `"windows"` entry (its sections of limits alone).
  func budget(_ root: LocatedJSON, window: String? = nil) throws(BudgetError) -> Budget {
    let what = window.map { "window \"\($0)\"" } ?? "the budget"
    let members = try object(root, what: what)
    var budget = Budget(file: file)
    try checkKeys(
      members, allowed: window == nil ? BudgetParser.topKeys : BudgetParser.windowKeys, what: what)
    for member in members {
      let value = member.value
      switch member.key {
      case "version":
        let version = try integer(value, key: "version")
        guard version == 1 else {
          throw error(value, "unsupported budget version \(version) (this tracecli reads version 1)")
        }
      case "note":
        _ = try string(value, key: "note")
      case "thresholds":
        try thresholds(value, into: &budget)
      case "range":
        budget.range = try range(value)
      case "trace":
        budget.limits += try limits(value, scope: .trace, measures: BudgetMeasure.statistics, what: "trace")
      case "kinds":
        let kinds = try object(value, what: "\"kinds\"")
        for kindMember in kinds {
          guard let kind = UpdateKind(name: kindMember.key) else {
            throw BudgetError(
              file: file, location: kindMember.keyLocation,
              message: "unknown update kind \"\(kindMember.key)\" (expected body, representable or other)")
          }
          budget.limits += try limits(
            kindMember.value, scope: .kind(kind), measures: BudgetMeasure.statistics, what: "\"\(kind)\"")
        }
      case "views":
        if let byName = value.members {
          for entry in byName { budget.limits += try view(entry.value, named: entry) }
        } else {
          for entry in try array(value, key: "views") { budget.limits += try view(entry) }
        }
      case "frames", "hitches", "hangs":
        let scope: BudgetScope =
          member.key == "frames" ? .frames : member.key == "hitches" ? .hitches : .hangs
        budget.limits += try limits(
          value, scope: scope, measures: scope.sectionMeasures ?? [], what: "\"\(member.key)\"")
      case "edges":
        for entry in try array(value, key: "edges") { budget.limits += try edge(entry) }
      case "findings":
        try findings(value, into: &budget)
      case "windows":
        for entry in try object(value, what: "\"windows\"") {
          guard !entry.key.isEmpty else {
            throw BudgetError(
              file: file, location: entry.keyLocation, message: "a window needs a name (an interval's name)")
          }
          let inner = try self.budget(entry.value, window: entry.key)
          for var limit in inner.limits {
            limit.window = entry.key
            limit.name = "\(entry.key): \(limit.name)"
            budget.limits.append(limit)
          }
          if let settings = inner.findingSettings { budget.windowFindingSettings[entry.key] = settings }
          budget.windowLocations[entry.key] = entry.keyLocation
        }
      default:
        break
      }
    }
    if let orange = budget.orange, let red = budget.red, orange > red {
      throw BudgetError(
        file: file, location: root.location, message: "the orange threshold must not be above the red one")
    }
    guard !budget.limits.isEmpty else {
      throw error(root, "\(what) sets no limit; add e.g. \"frames\": { \"missed\": 0 }")
    }
    return budget
  }

  // MARK: - Sections

  private func thresholds(_ value: LocatedJSON, into budget: inout Budget) throws(BudgetError) {
    let members = try object(value, what: "\"thresholds\"")
    try checkKeys(members, allowed: ["orange", "red"], what: "\"thresholds\"")
    for member in members {
      let ns = try duration(member.value, key: member.key).ns
      if member.key == "orange" { budget.orange = ns } else { budget.red = ns }
    }
  }

  /// `"findings": { "forbid": ["update-loop"], "fanOut": 8, "loopGestures": "10%", … }`.
  private func findings(_ value: LocatedJSON, into budget: inout Budget) throws(BudgetError) {
    let members = try object(value, what: "\"findings\"")
    try checkKeys(members, allowed: BudgetParser.findingKeys, what: "\"findings\"")
    var settings = FindingSettings()
    for member in members {
      let key = member.key
      switch key {
      case "note":
        _ = try string(member.value, key: key)
      case "forbid":
        guard case .array(let elements) = member.value.kind else {
          throw error(
            member.value, "\"forbid\" must be an array of rule names, found \(member.value.typeName)")
        }
        for element in elements {
          let name = try nonEmpty(element, key: "forbid")
          guard let rule = FindingRule(named: name) else {
            throw error(
              element,
              "unknown rule \"\(name)\" (expected one of "
                + FindingRule.allCases.map(\.rawValue).joined(separator: ", ") + ")"
                + Suggestion.didYouMean(name, among: FindingRule.allCases.map(\.rawValue), quote: "\""))
          }
          budget.limits.append(
            BudgetLimit(
              scope: .finding(rule), measure: .finding, max: 0, location: element.location,
              valueRange: element.range))
        }
      default:
        guard let threshold = FindingRules.thresholds.first(where: { $0.key == key }) else { continue }
        switch threshold.unit {
        case .count: settings.set(threshold, count: Int(clamping: try integer(member.value, key: key)))
        case .percent: settings.set(threshold, percent: try percent(member.value, key: key))
        }
      }
    }
    budget.findingSettings = settings
  }

  /// A percentage from 0 to 100: a number, or a string such as `"10%"`.
  private func percent(_ value: LocatedJSON, key: String) throws(BudgetError) -> Double {
    let text: String
    switch value.kind {
    case .number(let number, _): text = number
    case .string(let string): text = string
    default: throw error(value, "\"\(key)\" must be a percentage such as \"10%\", found \(value.typeName)")
    }
    guard let percent = PercentText.parse(text) else {
      throw error(value, "\"\(key)\" must be a percentage from 0% to 100%")
    }
    return percent
  }

  private func range(_ value: LocatedJSON) throws(BudgetError) -> TimeRange {
    let members = try object(value, what: "\"range\"")
    try checkKeys(members, allowed: ["from", "to"], what: "\"range\"")
    var range = TimeRange()
    for member in members {
      let ns = try duration(member.value, key: member.key).ns
      if member.key == "from" { range.from = ns } else { range.to = ns }
    }
    if let from = range.from, let to = range.to, from >= to {
      throw error(value, "\"from\" must be before \"to\"")
    }
    return range
  }

  /// A view entry of the `views` array, or of the `views` object (`named`: its member).
  private func view(_ entry: LocatedJSON, named: LocatedJSON.Member? = nil) throws(BudgetError)
    -> [BudgetLimit]
  {
    let members = try object(entry, what: "a view limit")
    let query: String
    let queryLocation: TextLocation
    if let named {
      if let extra = members.first(where: { $0.key == "view" }) {
        throw BudgetError(
          file: file, location: extra.keyLocation,
          message: "\"view\" is the key of this entry already (\"\(named.key)\")")
      }
      query = named.key
      queryLocation = named.keyLocation
    } else {
      guard let viewMember = members.first(where: { $0.key == "view" }) else {
        throw error(
          entry, "a view limit needs \"view\": the view's name (View or Module.View, or * for every view)")
      }
      query = try string(viewMember.value, key: "view")
      queryLocation = viewMember.value.location
    }
    guard !query.isEmpty else {
      throw BudgetError(file: file, location: queryLocation, message: "the view's name must not be empty")
    }
    var kind: UpdateKind?
    if let kindMember = members.first(where: { $0.key == "kind" }) {
      let text = try string(kindMember.value, key: "kind")
      guard let parsed = UpdateKind(name: text) else {
        throw error(
          kindMember.value, "unknown update kind \"\(text)\" (expected body, representable or other)")
      }
      kind = parsed
    }
    let selector = ViewSelector(query: query, kind: kind, location: queryLocation)
    return try limits(
      entry, scope: .view(selector), measures: BudgetMeasure.statistics, what: "a view limit",
      extraKeys: ["view", "kind"])
  }

  private func edge(_ entry: LocatedJSON) throws(BudgetError) -> [BudgetLimit] {
    let members = try object(entry, what: "an edge limit")
    var selector = EdgeSelector(from: nil, to: nil)
    for member in members {
      switch member.key {
      case "from":
        selector.from = try nonEmpty(member.value, key: "from")
        selector.fromLocation = member.value.location
      case "to":
        selector.to = try nonEmpty(member.value, key: "to")
        selector.toLocation = member.value.location
      case "label":
        selector.label = try nonEmpty(member.value, key: "label")
      default:
        break
      }
    }
    guard selector.from != nil || selector.to != nil else {
      throw error(
        entry, "an edge limit needs \"from\" or \"to\" (node labels, e.g. \"LandmarkListItemView.body\")")
    }
    return try limits(
      entry, scope: .edge(selector), measures: [.count], what: "an edge limit",
      extraKeys: ["from", "to", "label"])
  }

  /// The limits of one entry: its measure keys, named by the entry's `name` unless a measure
  /// has its own.
  private func limits(
    _ entry: LocatedJSON, scope: BudgetScope, measures: [BudgetMeasure], what: String,
    extraKeys: [String] = []
  ) throws(BudgetError) -> [BudgetLimit] {
    let members = try object(entry, what: what)
    try checkKeys(members, allowed: extraKeys + ["name", "note"] + measures.flatMap(\.keys), what: what)
    var entryName: String?
    if let nameMember = members.first(where: { $0.key == "name" }) {
      entryName = try nonEmpty(nameMember.value, key: "name")
    }
    if let note = members.first(where: { $0.key == "note" }) { _ = try string(note.value, key: "note") }
    var result: [BudgetLimit] = []
    var seen: [BudgetMeasure: LocatedJSON.Member] = [:]
    for member in members {
      guard let measure = BudgetMeasure(key: member.key), measures.contains(measure) else { continue }
      if let first = seen[measure] {
        throw BudgetError(
          file: file, location: member.keyLocation,
          message:
            "\"\(member.key)\" limits \(measure) again (\"\(first.key)\" on line \(first.keyLocation.line))")
      }
      seen[measure] = member
      result.append(
        try limit(member.value, key: member.key, scope: scope, measure: measure, entryName: entryName))
    }
    guard !result.isEmpty else {
      let example =
        measures.contains(.red) ? "\"red\": 0" : measures.contains(.missed) ? "\"missed\": 0" : "\"count\": 2"
      throw error(entry, "\(what) sets no limit; add one, e.g. \(example)")
    }
    return result
  }

  /// One measure's value: a number or duration, or `{ "max": …, "name": … }`.
  private func limit(
    _ value: LocatedJSON, key: String, scope: BudgetScope, measure: BudgetMeasure, entryName: String?
  ) throws(BudgetError) -> BudgetLimit {
    var maxValue = value
    var name = entryName
    if let members = value.members {
      try checkKeys(members, allowed: ["max", "name", "note"], what: "\"\(key)\"")
      guard let maxMember = members.first(where: { $0.key == "max" }) else {
        throw error(value, "\"\(key)\" needs \"max\": the largest value that passes")
      }
      maxValue = maxMember.value
      if let nameMember = members.first(where: { $0.key == "name" }) {
        name = try nonEmpty(nameMember.value, key: "name")
      }
      if let note = members.first(where: { $0.key == "note" }) { _ = try string(note.value, key: "note") }
    }
    if measure.isDuration {
      let (ns, literal) = try duration(maxValue, key: key)
      return BudgetLimit(
        scope: scope, measure: measure, max: ns, name: name, location: maxValue.location,
        valueRange: maxValue.range, literal: literal)
    }
    return BudgetLimit(
      scope: scope, measure: measure, max: try integer(maxValue, key: key), name: name,
      location: maxValue.location, valueRange: maxValue.range, literal: .integer)
  }

  // MARK: - Values

  /// A duration: a string with a unit (`"2ms"`, `"400us"`, `"1.5s"`) or an integer of ns.
  private func duration(_ value: LocatedJSON, key: String) throws(BudgetError) -> (
    ns: Int64, literal: BudgetLimit.Literal
  ) {
    switch value.kind {
    case .number:
      return (try integer(value, key: key), .integer)
    case .string(let text):
      guard let unit = DurationText.units.first(where: { text.hasSuffix($0.suffix) })?.suffix,
        let ns = DurationText.parse(text)
      else {
        throw error(
          value,
          "\"\(key)\" must be a duration with a unit (ns, us, µs, ms, s), e.g. \"2ms\"; found \"\(text)\"")
      }
      guard ns >= 0, !text.hasPrefix("-") else {
        throw error(value, "\"\(key)\" must not be negative, found \"\(text)\"")
      }
      let number = text.dropLast(unit.count)
      return (ns, .duration(unit: unit, spaced: number.hasSuffix(" ")))
    default:
      throw error(
        value, "\"\(key)\" must be a duration such as \"2ms\" or an integer of ns, found \(value.typeName)")
    }
  }
}
