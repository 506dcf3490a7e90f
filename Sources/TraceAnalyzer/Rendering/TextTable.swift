/// Aligns rows of cells into columns: numbers right-aligned, the last column left-aligned.
struct TextTable {
  var header: [String]
  var rows: [[Cell]] = []

  /// A cell: its plain text (for width) and how it is shown (maybe coloured).
  struct Cell {
    var text: String
    var shown: String

    init(_ text: String, shown: String? = nil) {
      self.text = text
      self.shown = shown ?? text
    }
  }

  init(header: [String]) { self.header = header }

  mutating func add(_ cells: [Cell]) { rows.append(cells) }

  func render(indent: String = "  ", style: TextStyle) -> String {
    var widths = header.map(\.count)
    for row in rows {
      for (column, cell) in row.enumerated() { widths[column] = max(widths[column], cell.text.count) }
    }
    let last = header.count - 1
    func line(_ cells: [Cell], headerLine: Bool) -> String {
      var parts: [String] = []
      for (column, cell) in cells.enumerated() {
        let padding = String(repeating: " ", count: widths[column] - cell.text.count)
        if column == last {
          parts.append(cell.shown)
        } else if column == 0 && last > 0 && !(Double(cell.text) != nil) && !headerLine {
          parts.append(cell.shown + padding)
        } else {
          parts.append(padding + cell.shown)
        }
      }
      return indent + parts.joined(separator: "  ")
    }
    var output = style.dim(line(header.map { Cell($0) }, headerLine: true)) + "\n"
    for row in rows { output += line(row, headerLine: false) + "\n" }
    return output
  }
}
