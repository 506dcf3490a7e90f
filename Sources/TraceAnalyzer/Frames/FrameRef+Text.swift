extension FrameRef {
  /// How text names the frame in every command: `#12`, its ``number`` (`#-3` before the
  /// first recorded frame).
  package var label: String { Self.label(number) }

  /// ``label`` of the frame numbered `number`.
  package static func label(_ number: Int64) -> String { "#\(number)" }

  /// The number of the frame `text` names, spelt as ``label`` spells it, with or without the
  /// `#` (`#62`, `62`, `#-3`); nil when it is no frame number.
  package static func number(parsing text: String) -> Int64? {
    var digits = Substring(text)
    if digits.hasPrefix("#") { digits = digits.dropFirst() }
    let magnitude = digits.hasPrefix("-") ? digits.dropFirst() : digits
    guard !magnitude.isEmpty, magnitude.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
    return Int64(digits)
  }
}
