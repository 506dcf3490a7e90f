/// Renders a ``CheckResult`` as JUnit XML: one test suite, one test case per limit and subject,
/// a `<failure>` with a message for each limit over budget.
///
/// The shape CI systems read (Jenkins, GitLab, Azure, CircleCI, GitHub test reporters):
/// `testsuites` › `testsuite` › `testcase` with `name`, `classname`, `time`, and `failure`
/// with `message` and `type`. Text is escaped for XML 1.0; characters XML cannot carry
/// (control characters other than tab and line breaks) become U+FFFD.
public enum JUnitRenderer {
  public static func render(_ result: CheckResult) -> String {
    let tests = result.results.count
    let failures = result.violations.count
    var output = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    output +=
      "<testsuites name=\"tracecli check\" tests=\"\(tests)\" failures=\"\(failures)\" errors=\"0\" time=\"0\">\n"
    output +=
      "  <testsuite name=\"\(attribute("budget " + result.budget))\" tests=\"\(tests)\" failures=\"\(failures)\""
      + " errors=\"0\" skipped=\"0\" time=\"0\">\n"
    output += "    <properties>\n"
    output += "      <property name=\"trace\" value=\"\(attribute(result.trace))\"/>\n"
    output += "      <property name=\"budget\" value=\"\(attribute(result.budget))\"/>\n"
    output += "    </properties>\n"
    for entry in result.results {
      let name = "\(entry.limit.name): \(entry.subject) \(entry.limit.measure)"
      output += "    <testcase name=\"\(attribute(name))\" classname=\"tracecli.check\" time=\"0\""
      if entry.limit.location != nil { output += " file=\"\(attribute(result.budget))\"" }
      guard !entry.passed else {
        output += "/>\n"
        continue
      }
      let message = "\(entry.subject): \(entry.limit.measure) \(entry.valueText) exceeds max \(entry.maxText)"
      var details = "\(entry.limit.name)\n\(message) (value \(entry.value), max \(entry.limit.max))"
      if let location = entry.location(in: result.budget) { details += "\nlimit set at \(location)" }
      details += "\ntrace: \(result.trace)"
      output += ">\n"
      output +=
        "      <failure message=\"\(attribute(message))\" type=\"over budget\">\(text(details))</failure>\n"
      output += "    </testcase>\n"
    }
    if !result.warnings.isEmpty {
      output += "    <system-err>\(text(result.warnings.joined(separator: "\n")))</system-err>\n"
    }
    output += "  </testsuite>\n</testsuites>\n"
    return output
  }

  // MARK: - Escaping

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
