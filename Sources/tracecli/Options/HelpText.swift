/// A command's `--help`, made from its declarations: the usage with every option, what it
/// does, the options, notes, every exit status it can give, and examples.
enum HelpText {
  /// The width help text is wrapped to.
  static let width = 90

  static func render(_ command: any Command.Type) -> String {
    var text = usage(command) + "\n\n" + command.about + "\n\nOPTIONS:\n" + options(command.options)
    if !command.notes.isEmpty { text += "\n" + command.notes + "\n" }
    text += "\nEXIT STATUS:\n"
    for status in command.exitStatuses {
      text += "  " + String(status.code.rawValue).padding(to: 4) + status.meaning + "\n"
    }
    text += "\n" + (command.examples.count == 1 ? "EXAMPLE:" : "EXAMPLES:") + "\n"
    for example in command.examples { text += "  " + example + "\n" }
    return text + "\n"
  }

  /// `USAGE: tracecli name <trace> [--format text|json] [--orange <duration>] …`, each form
  /// on a line of its own, the options (and the command's ``Command/synopsisEnd``) wrapped
  /// under the last.
  static func usage(_ command: any Command.Type) -> String {
    let lead = "USAGE: tracecli \(command.name) "
    let indent = String(repeating: " ", count: lead.count)
    var lines = command.synopsis.enumerated().map { ($0.offset == 0 ? lead : indent) + $0.element }
    let items = command.options.filter { !$0.names.contains("--help") }.map { option in
      "[\(option.names[0])\(option.value.map { " " + $0 } ?? "")]"
    }
    for item in items + (command.synopsisEnd.isEmpty ? [] : [command.synopsisEnd]) {
      if lines[lines.count - 1].count + 1 + item.count > width {
        lines.append(indent + item)
      } else {
        lines[lines.count - 1] += " " + item
      }
    }
    return lines.joined(separator: "\n")
  }

  /// The options, a row each: the spellings and value, then the help lines in a column.
  static func options(_ options: [Option]) -> String {
    let column = min(29, (options.map(\.synopsis.count).max() ?? 0) + 2)
    var text = ""
    for option in options {
      let head = "  " + option.synopsis
      var lines = option.help
      if head.count + 2 > column + 2 {
        text += head + "\n"
      } else {
        text += head.padding(to: column + 2) + (lines.isEmpty ? "" : lines.removeFirst()) + "\n"
      }
      for line in lines { text += String(repeating: " ", count: column + 2) + line + "\n" }
    }
    return text
  }
}

extension String {
  /// The string padded with spaces to `width` characters (at least one space after it).
  func padding(to width: Int) -> String {
    self + String(repeating: " ", count: Swift.max(1, width - count))
  }
}
