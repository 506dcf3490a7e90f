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
    // Bytes, not a string appended scalar by scalar: evidence lines name thresholds (`> 1 ms`).
    var result: [UInt8] = []
    result.reserveCapacity(string.utf8.count + 16)
    for scalar in string.unicodeScalars {
      switch scalar {
      case "&": result += "&amp;".utf8
      case "<": result += "&lt;".utf8
      case ">": result += "&gt;".utf8
      case "\"": result += (inAttribute ? "&quot;" : "\"").utf8
      case "'": result += (inAttribute ? "&apos;" : "'").utf8
      case "\n": result += (inAttribute ? "&#10;" : "\n").utf8
      case "\r": result += "&#13;".utf8
      case "\t": result += (inAttribute ? "&#9;" : "\t").utf8
      case _ where scalar.isASCII && scalar.value >= 0x20: result.append(UInt8(scalar.value))
      case _ where isAllowed(scalar): UTF8.encode(scalar) { result.append($0) }
      default: result += "\u{FFFD}".utf8
      }
    }
    return String(decoding: result, as: UTF8.self)
  }

  /// XML 1.0 `Char`: tab, line breaks, U+0020–U+D7FF, U+E000–U+FFFD, U+10000 and above.
  private static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x09, 0x0A, 0x0D, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: true
    default: false
    }
  }
}
