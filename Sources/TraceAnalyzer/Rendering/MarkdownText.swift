/// Text for GitHub-flavoured Markdown: escaped inline text and tables.
enum MarkdownText {
  /// `text` with the characters that would start Markdown syntax escaped, line breaks as spaces
  /// (safe inside a table cell).
  static func escape(_ text: String) -> String {
    var result = ""
    for character in text {
      switch character {
      case "\\", "`", "*", "_", "[", "]", "<", ">", "|", "~", "&", "#", "!":
        result.append("\\")
        result.append(character)
      case "\n", "\r", "\r\n":
        result.append(" ")
      default:
        result.append(character)
      }
    }
    return result
  }

  /// `text` as an inline code span (fences longer than any backtick run inside it).
  static func code(_ text: String) -> String {
    let flat = String(text.map { $0 == "\n" || $0 == "\r" || $0 == "\r\n" ? " " : $0 })
    var longest = 0
    var run = 0
    for character in flat {
      run = character == "`" ? run + 1 : 0
      longest = max(longest, run)
    }
    let fence = String(repeating: "`", count: longest + 1)
    let padded = flat.hasPrefix("`") || flat.hasSuffix("`") ? " \(flat) " : flat
    // A pipe ends a table cell even inside a code span (GFM), so it is escaped there too.
    return fence + padded.replacing("|", with: "\\|") + fence
  }

  /// A table: `header` cells, `alignments` (`l` or `r` per column) and rows of cells already
  /// escaped.
  static func table(header: [String], alignments: [Character], rows: [[String]]) -> String {
    var output = "| " + header.joined(separator: " | ") + " |\n"
    output += "|" + alignments.map { $0 == "r" ? "---:|" : "---|" }.joined() + "\n"
    for row in rows { output += "| " + row.joined(separator: " | ") + " |\n" }
    return output
  }
}
