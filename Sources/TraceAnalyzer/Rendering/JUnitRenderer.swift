/// Renders a ``CheckResult`` as JUnit XML: one test suite, one test case per limit and subject,
/// a `<failure>` with a message for each limit over budget.
///
/// The shape CI systems read (Jenkins, GitLab, Azure, CircleCI, GitHub test reporters):
/// `testsuites` › `testsuite` › `testcase` with `name`, `classname`, `time`, and `failure`
/// with `message` and `type`. Text is escaped for XML 1.0; characters XML cannot carry
/// (control characters other than tab and line breaks) become U+FFFD.
package enum JUnitRenderer {
  package static func render(_ result: CheckResult) -> String {
    let tests = result.results.count
    let failures = result.violations.count + result.unjudged.count
    let skipped = result.waived.count
    var output = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    output +=
      "<testsuites name=\"tracecli check\" tests=\"\(tests)\" failures=\"\(failures)\" errors=\"0\" time=\"0\">\n"
    output +=
      "  <testsuite name=\"\(MarkupText.attribute("budget " + result.budget))\" tests=\"\(tests)\" failures=\"\(failures)\""
      + " errors=\"0\" skipped=\"\(skipped)\" time=\"0\">\n"
    output += "    <properties>\n"
    output += "      <property name=\"trace\" value=\"\(MarkupText.attribute(result.trace))\"/>\n"
    output += "      <property name=\"budget\" value=\"\(MarkupText.attribute(result.budget))\"/>\n"
    output += "    </properties>\n"
    for entry in result.results {
      let name = "\(entry.limit.name): \(entry.subject) \(entry.limit.measure)"
      output += "    <testcase name=\"\(MarkupText.attribute(name))\" classname=\"tracecli.check\" time=\"0\""
      if entry.limit.location != nil { output += " file=\"\(MarkupText.attribute(result.budget))\"" }
      if entry.waived {
        output +=
          ">\n      <skipped message=\"not recorded; --allow-unrecorded lets it pass\"/>\n    </testcase>\n"
        continue
      }
      guard !entry.passed else {
        output += "/>\n"
        continue
      }
      let message =
        entry.judged
        ? "\(entry.subject): \(entry.limit.measure) \(entry.valueText) exceeds max \(entry.maxText)"
        : "\(entry.subject): cannot judge \(entry.limit.measureKey): the recording did not capture \(entry.subject)"
      var details = "\(entry.limit.name)\n\(message) (value \(entry.value), max \(entry.limit.max))"
      if let location = entry.location(in: result.budget) { details += "\nlimit set at \(location)" }
      details += "\ntrace: \(result.trace)"
      output += ">\n"
      output +=
        "      <failure message=\"\(MarkupText.attribute(message))\" type=\"\(entry.judged ? "over budget" : "cannot judge")\">\(MarkupText.text(details))</failure>\n"
      output += "    </testcase>\n"
    }
    if !result.warnings.isEmpty {
      output += "    <system-err>\(MarkupText.text(result.warnings.joined(separator: "\n")))</system-err>\n"
    }
    output += "  </testsuite>\n</testsuites>\n"
    return output
  }
}
