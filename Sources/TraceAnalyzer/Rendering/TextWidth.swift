/// How wide a line of text is drawn in the report's sans-serif font, estimated without a browser.
///
/// Widths are the wider of Helvetica's regular and bold advance widths (Arial's and Liberation
/// Sans' are the same), in thousandths of the font size, for printable ASCII, so an estimate
/// holds for both weights; other characters count as wide as a digit, and East Asian ones as a
/// full em. `safety` adds room for system fonts a little wider than Helvetica (San Francisco,
/// Segoe UI).
enum TextWidth {
  /// Room added for fonts wider than Helvetica.
  static let safety = 1.1

  /// The estimated width of `text` at `size` px, in px.
  ///
  /// - Complexity: O(n) in the text's Unicode scalars.
  static func estimate(_ text: String, size: Double) -> Double {
    var thousandths = 0
    for scalar in text.unicodeScalars {
      let value = Int(scalar.value)
      if value >= 0x20 && value < 0x7F {
        thousandths += advances[value - 0x20]
      } else if value == 0xD7 {
        thousandths += 584  // ×
      } else if value >= 0x2E80 {
        thousandths += 1_000
      } else {
        thousandths += 556
      }
    }
    return Double(thousandths) / 1_000 * size * safety
  }

  /// Helvetica's advance widths for U+0020 through U+007E (the bold ones, and the regular `@`),
  /// in thousandths of an em.
  private static let advances: [Int] = [
    278, 333, 474, 556, 556, 889, 722, 238, 333, 333, 389, 584, 278, 333, 278, 278,
    556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 333, 333, 584, 584, 584, 611,
    1_015, 722, 722, 722, 722, 667, 611, 778, 722, 278, 556, 722, 611, 833, 722, 778,
    667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 333, 278, 333, 584, 556,
    333, 556, 611, 556, 611, 556, 333, 611, 611, 278, 278, 556, 278, 889, 611, 611,
    611, 611, 389, 556, 333, 611, 556, 778, 556, 556, 500, 389, 280, 389, 584,
  ]
}
