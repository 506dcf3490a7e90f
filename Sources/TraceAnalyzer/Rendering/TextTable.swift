/// Aligns rows of cells into columns: numbers right-aligned, the last column left-aligned.
struct TextTable {
  var header: [String]
  var rows: [[Cell]] = []
  /// Columns aligned left (besides the last); the rest are right-aligned.
  var leftAligned: Set<Int> = []

  /// A cell: its plain text (for width) and how it is shown (maybe coloured).
  struct Cell {
    var text: String
    var shown: String

    init(_ text: String, shown: String? = nil) {
      self.text = text
      self.shown = shown ?? text
    }
  }

  init(header: [String], leftAligned: Set<Int> = []) {
    self.header = header
    self.leftAligned = leftAligned
  }

  mutating func add(_ cells: [Cell]) { rows.append(cells) }

  func render(indent: String = "  ", style: TextStyle) -> String {
    var widths = header.map(\.count)
    for row in rows {
      for (column, cell) in row.enumerated() { widths[column] = max(widths[column], cell.text.count) }
    }
    let last = header.count - 1
    func line(_ cells: [Cell]) -> String {
      var parts: [String] = []
      for (column, cell) in cells.enumerated() {
        let padding = String(repeating: " ", count: widths[column] - cell.text.count)
        if column == last {
          parts.append(cell.shown)
        } else if leftAligned.contains(column) {
          parts.append(cell.shown + padding)
        } else {
          parts.append(padding + cell.shown)
        }
      }
      return indent + parts.joined(separator: "  ")
    }
    var output = style.dim(line(header.map { Cell($0) })) + "\n"
    for row in rows { output += line(row) + "\n" }
    return output
  }
}
