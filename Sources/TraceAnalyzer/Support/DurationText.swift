import TraceModel

/// Reads and writes durations and times for people: `2.5s`, `0.3ms`, `300us`, `300µs`, `1500ns`.
package enum DurationText {
  /// The units a duration may be written in, with their ns; a suffix that ends another (`s`)
  /// comes after it, so the first match is the unit.
  package static let units: [(suffix: String, scale: Int64)] = [
    ("ns", 1), ("us", 1_000), ("µs", 1_000), ("μs", 1_000), ("ms", 1_000_000), ("s", 1_000_000_000),
  ]

  /// The ns of one `unit` (a suffix of ``units``).
  package static func scale(of unit: String) -> Int64? {
    units.first { $0.suffix == unit }?.scale
  }

  /// Parses `text` into ns (a bare integer is ns); nil when it is not a duration.
  package static func parse(_ text: String) -> Int64? {
    for (suffix, scale) in units where text.hasSuffix(suffix) {
      let number = text.dropLast(suffix.count).trimmingWhitespace
      guard let value = Double(number), value.isFinite, isPlainNumber(number) else { return nil }
      let nanoseconds = (value * Double(scale)).rounded()
      guard abs(nanoseconds) < 9.2e18 else { return nil }
      return Int64(nanoseconds)
    }
    return Int64(text)
  }

  private static func isPlainNumber(_ text: Substring) -> Bool {
    !text.isEmpty && text.allSatisfy { $0.isNumber || $0 == "." || $0 == "-" || $0 == "+" }
  }

  /// `a` or `an` before `text` as it is read aloud: `an 8.33 ms grid`, `an 11 ms frame`, `a 16.7 ms grid`.
  package static func article(before text: String) -> String {
    let digits = text.prefix { $0.isNumber }
    let spokenWithVowel = digits.hasPrefix("8") || digits == "11" || digits == "18"
    return spokenWithVowel ? "an" : "a"
  }

  /// Formats `ns` with three significant digits and a unit: `812 ns`, `140 µs`, `1.40 ms`, `2.50 s`.
  package static func format(_ ns: Int64) -> String {
    let magnitude = abs(Double(ns))
    let sign = ns < 0 ? "-" : ""
    switch magnitude {
    case ..<1_000: return "\(ns) ns"
    case ..<1_000_000: return sign + significant(magnitude / 1e3) + " µs"
    case ..<1_000_000_000: return sign + significant(magnitude / 1e6) + " ms"
    default: return sign + significant(magnitude / 1e9) + " s"
    }
  }

  /// Formats a time offset in seconds with millisecond precision: `12.410 s`.
  package static func seconds(_ ns: Int64) -> String {
    let sign = ns < 0 ? "-" : ""
    let magnitude = ns.magnitude
    let millis = (magnitude + 500_000) / 1_000_000
    let fraction = String(millis % 1000)
    return "\(sign)\(millis / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction) s"
  }

  private static func significant(_ value: Double) -> String {
    let decimals = value >= 99.95 ? 0 : value >= 9.995 ? 1 : 2
    let scale = Int64(pow10(decimals))
    let rounded = Int64((value * Double(scale)).rounded())
    guard decimals > 0 else { return String(rounded) }
    let fraction = String(rounded % scale)
    return "\(rounded / scale).\(String(repeating: "0", count: decimals - fraction.count))\(fraction)"
  }

  private static func pow10(_ exponent: Int) -> Double {
    var result = 1.0
    for _ in 0..<exponent { result *= 10 }
    return result
  }
}
