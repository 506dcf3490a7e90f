/// Reads and writes percentages for people: `10%`, `12.5%`.
package enum PercentText {
  /// `text` as a percentage in `range` (the `%` and spaces optional: `10%`, `10`, `10 %`);
  /// nil when it is not one.
  package static func parse(_ text: some StringProtocol, in range: ClosedRange<Double> = 0...100) -> Double? {
    var number = Substring(text).filter { $0 != " " }
    if number.hasSuffix("%") { number.removeLast() }
    guard let value = Double(number), value.isFinite, range.contains(value) else { return nil }
    return value
  }

  /// `10%`, `12.5%`.
  package static func format(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e15 ? "\(Int64(value))%" : "\(value)%"
  }
}
