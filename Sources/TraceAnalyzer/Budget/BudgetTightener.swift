/// Lowers a budget file's limits to what a trace measured: a ratchet that never raises one.
///
/// Only the numbers change, in place, at the locations the parser recorded: key order, names,
/// notes, spacing and every other byte of the file stay as written. A duration keeps its unit
/// and is rounded up to three decimals of it (`"2.225ms"`), so the trace that tightened the
/// budget still passes it.
public enum BudgetTightener {
  /// One rewritten limit.
  public struct Change: Hashable, Sendable, CustomStringConvertible {
    public var file: String
    public var limit: BudgetLimit
    /// The value's text before and after (JSON tokens, quotes included).
    public var old: String
    public var new: String

    /// `perf-budget.json:7:14: lowered "p95 time at most 3.00 ms" (p95) from "3ms" to "2.225ms"`.
    public var description: String {
      let location = limit.location.map { "\(file):\($0.line):\($0.column)" } ?? file
      return "\(location): lowered \"\(limit.name)\" (\(limit.scope) \(limit.measure)) from \(old) to \(new)"
    }
  }

  /// The budget file's bytes with every limit that `result` beats lowered to the measured
  /// value (the largest over the limit's subjects), and what changed, in file order.
  public static func tighten(_ bytes: [UInt8], result: CheckResult) -> (bytes: [UInt8], changes: [Change]) {
    var measured: [BudgetLimit: Int64] = [:]
    var order: [BudgetLimit] = []
    for entry in result.results where entry.limit.valueRange != nil {
      if measured[entry.limit] == nil { order.append(entry.limit) }
      measured[entry.limit] = max(measured[entry.limit] ?? .min, entry.value)
    }
    var changes: [(range: Range<Int>, change: Change)] = []
    for limit in order {
      guard let value = measured[limit], value < limit.max, let range = limit.valueRange,
        range.upperBound <= bytes.count, let (text, ns) = literal(value, like: limit.literal), ns < limit.max
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

  /// `value` written like `literal`, and the ns (or count) that text stands for.
  static func literal(_ value: Int64, like literal: BudgetLimit.Literal) -> (String, Int64)? {
    switch literal {
    case .none: return nil
    case .integer: return (String(value), value)
    case .duration(let unit, let spaced):
      let scale: Int64
      switch unit {
      case "ns": scale = 1
      case "us", "µs", "μs": scale = 1_000
      case "ms": scale = 1_000_000
      case "s": scale = 1_000_000_000
      default: return nil
      }
      let step = max(1, scale / 1000)
      let steps = value / step + (value % step == 0 ? 0 : 1)
      let perUnit = scale / step
      var number = String(steps / perUnit)
      var fraction = String(steps % perUnit)
      if perUnit > 1 && steps % perUnit != 0 {
        fraction = String(repeating: "0", count: String(perUnit - 1).count - fraction.count) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        number += "." + fraction
      }
      return ("\"\(number)\(spaced ? " " : "")\(unit)\"", steps * step)
    }
  }
}
