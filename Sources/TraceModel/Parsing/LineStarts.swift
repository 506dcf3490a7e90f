/// Where the lines of a whole text start: turns byte offsets into 1-based lines and columns.
package struct LineStarts: Sendable {
  /// The offset at which each line starts, in order.
  private let starts: [Int]

  /// Indexes the lines of `bytes`; the first starts at `firstLine` (after a byte order mark, say).
  package init(_ bytes: [UInt8], firstLine: Int = 0) {
    var starts = [firstLine]
    for (offset, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") {
      starts.append(offset + 1)
    }
    self.starts = starts
  }

  /// The 1-based line and column (in bytes) of the byte at `offset`.
  package func location(of offset: Int) -> (line: Int, column: Int) {
    // The last line start at or before `offset`.
    var low = 0
    var high = starts.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if starts[middle] <= offset { low = middle } else { high = middle - 1 }
    }
    return (low + 1, offset - starts[low] + 1)
  }
}
