/// Escaping for XML and HTML text: JUnit reports and the HTML report.
enum MarkupText {
  /// `string` escaped for an attribute value in double quotes (line breaks and tabs kept as
  /// character references).
  static func attribute(_ string: String) -> String {
    escape(string, inAttribute: true)
  }

  /// `string` escaped for element content.
  static func text(_ string: String) -> String {
    escape(string, inAttribute: false)
  }

  private static func escape(_ string: String, inAttribute: Bool) -> String {
    // Most text is printable ASCII with nothing to escape: given back as it is.
    if string.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && $0 != 0x26 && $0 != 0x3C && $0 != 0x3E && $0 != 0x22 && $0 != 0x27 }) {
      return string
    }
    var result = ""
    for scalar in string.unicodeScalars {
      switch scalar {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += inAttribute ? "&quot;" : "\""
      case "'": result += inAttribute ? "&apos;" : "'"
      case "\n": result += inAttribute ? "&#10;" : "\n"
      case "\r": result += "&#13;"
      case "\t": result += inAttribute ? "&#9;" : "\t"
      case _ where isAllowed(scalar): result.unicodeScalars.append(scalar)
      default: result += "\u{FFFD}"
      }
    }
    return result
  }

  /// XML 1.0 `Char`: tab, line breaks, U+0020–U+D7FF, U+E000–U+FFFD, U+10000 and above.
  private static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x09, 0x0A, 0x0D, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: true
    default: false
    }
  }
}
