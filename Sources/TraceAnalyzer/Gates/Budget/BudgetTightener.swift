/// Lowers a budget file's limits to what a trace measured plus a margin: a ratchet that never
/// raises one.
///
/// A lowered limit becomes the measured value × (1 + margin), rounded up to a readable value:
/// a count to a whole number, a duration to three significant digits in the unit it was
/// written in (`"3ms"` → `"2.45ms"`, not `"2.4428ms"`), so the next run of the same code does
/// not fail by chance. Only the numbers change, in place, at the locations the parser
/// recorded: key order, names, notes, spacing and every other byte of the file stay as written.
package enum BudgetTightener {
  /// One rewritten limit.
  package struct Change: Hashable, Sendable, CustomStringConvertible {
    package var file: String
    package var limit: BudgetLimit
    /// The value's text before and after (JSON tokens, quotes included).
    package var old: String
    package var new: String

    /// Whether the limit's name quotes the old number (`"launch body under 2 ms"`), which it
    /// no longer holds.
    package var nameQuotesOldValue: Bool {
      // A name tracecli made up follows the new value by itself.
      let made = BudgetLimit.defaultName(scope: limit.scope, measure: limit.measure, max: limit.max)
      guard limit.name != (limit.window.map { "\($0): " } ?? "") + made else { return false }
      let number = old.filter { $0.isNumber || $0 == "." }
      guard !number.isEmpty else { return false }
      let numbers = limit.name.split { !($0.isNumber || $0 == ".") }.map { String($0) }
      return numbers.contains(number)
    }

    /// `perf-budget.json:7:14: lowered "p95 time at most 3.00 ms" (p95) from "3ms" to "2.225ms"`.
    package var description: String {
      let location = limit.location.map { "\(file):\($0.line):\($0.column)" } ?? file
      return "\(location): lowered \"\(limit.name)\" (\(limit.scope) \(limit.measure)) from \(old) to \(new)"
    }
  }

  /// The budget file's bytes with every limit that `result` beats lowered to the measured
  /// value (the largest over the limit's subjects) plus `margin` percent, and what changed,
  /// in file order.
  package static func tighten(_ bytes: [UInt8], result: CheckResult, margin: Double = 10)
    -> (bytes: [UInt8], changes: [Change])
  {
    var measured: [BudgetLimit: Int64] = [:]
    var order: [BudgetLimit] = []
    // Frame limits stay: updates a few percent slower can miss many more frames.
    for entry in result.results
    where entry.limit.valueRange != nil && !BudgetMeasure.frames.contains(entry.limit.measure) {
      if measured[entry.limit] == nil { order.append(entry.limit) }
      measured[entry.limit] = max(measured[entry.limit] ?? .min, entry.value)
    }
    var changes: [(range: Range<Int>, change: Change)] = []
    for limit in order {
      guard let value = measured[limit], value < limit.max, let range = limit.valueRange,
        range.upperBound <= bytes.count,
        let (text, ns) = literal(withMargin(value, margin), like: limit.literal), ns < limit.max
      else { continue }
      let old = String(decoding: bytes[range], as: UTF8.self)
      changes.append((range, Change(file: result.budget, limit: limit, old: old, new: text)))
    }
    var output = bytes
    for (range, change) in changes.sorted(by: { $0.range.lowerBound > $1.range.lowerBound }) {
      output.replaceSubrange(range, with: Array(change.new.utf8))
    }
    return (output, changes.sorted { $0.range.lowerBound < $1.range.lowerBound }.map(\.change))
  }

  /// `result` with its orange and red counts taken from `slower`, where they are larger.
  ///
  /// `slower` is the same trace measured with both thresholds divided by 1 + margin: what a
  /// run whose every update takes the margin longer would count. Lowered to those, the limits
  /// leave the margin as headroom.
  package static func withHeadroom(_ result: CheckResult, slower: CheckResult) -> CheckResult {
    var adjusted = result
    for (index, entry) in result.results.enumerated()
    where entry.limit.measure == .orange || entry.limit.measure == .red {
      if let match = slower.results.first(where: { $0.limit == entry.limit && $0.subject == entry.subject }) {
        adjusted.results[index].value = max(entry.value, match.value)
      }
    }
    return adjusted
  }

  /// `thresholds` for measuring `withHeadroom`'s slower run: both divided by 1 + `margin`
  /// percent.
  package static func slowerThresholds(_ thresholds: Thresholds, margin: Double) -> Thresholds {
    var slower = thresholds
    let factor = 1 + max(0, margin) / 100
    slower.orange = Int64((Double(thresholds.orange) / factor).rounded(.down))
    slower.red = Int64((Double(thresholds.red) / factor).rounded(.down))
    return slower
  }

  /// `value` × (1 + `margin` percent), rounded up.
  static func withMargin(_ value: Int64, _ margin: Double) -> Int64 {
    let raised = (Double(value) * (1 + max(0, margin) / 100)).rounded(.up)
    return raised >= 9.2e18 ? .max : max(value, Int64(raised))
  }

  /// `value` written like `literal`, rounded up to a readable value, and the ns (or count)
  /// that text stands for.
  static func literal(_ value: Int64, like literal: BudgetLimit.Literal) -> (String, Int64)? {
    switch literal {
    case .none: return nil
    case .integer: return (String(value), value)
    case .duration(let unit, let spaced):
      guard let scale = DurationText.scale(of: unit) else { return nil }
      // Below one of its unit, a value is written in the next smaller one (`"331us"`, not
      // `"0.331ms"`), as a person writes it.
      let smaller = ["s": "ms", "ms": "us", "us": "ns", "µs": "ns", "μs": "ns"][unit]
      if value < scale, let smaller {
        return self.literal(value, like: .duration(unit: smaller, spaced: spaced))
      }
      // Three significant digits of the value in its unit, and never finer than 1 ns.
      var significant: Int64 = 1
      while significant <= value / 1000 { significant *= 10 }
      let step = max(1, significant, scale / 1000)
      let steps = value / step + (value % step == 0 ? 0 : 1)
      let (rounded, overflow) = steps.multipliedReportingOverflow(by: step)
      guard !overflow else { return nil }
      var number = String(rounded / scale)
      if rounded % scale != 0 {
        // At most three decimals: the step is at least a thousandth of the unit.
        var fraction = String(rounded % scale)
        fraction = String(repeating: "0", count: String(scale - 1).count - fraction.count) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        number += "." + fraction
      }
      return ("\"\(number)\(spaced ? " " : "")\(unit)\"", rounded)
    }
  }
}
