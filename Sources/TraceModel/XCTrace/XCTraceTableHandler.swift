/// Receives the tables of an `xctrace export` document as ``XCTraceParser`` meets them.
protocol XCTraceTableHandler {
  /// A table's `<schema>` is complete; its rows follow.
  ///
  /// - Parameter line: the 1-based line of the `<schema>` tag.
  /// - Throws: a message when the table cannot be mapped (the parser adds the location).
  mutating func beginTable(_ schema: XCTraceSchema, line: Int, values: inout XCTraceValueTable)
    throws(XCTraceMappingError)

  /// One `<row>`: `cells[i]` is the value of column `i` (empty when the row has no such cell).
  ///
  /// - Parameter line: the 1-based line of the `<row>` tag.
  mutating func row(_ cells: UnsafeBufferPointer<XCTraceValue>, line: Int, values: inout XCTraceValueTable)
    throws(XCTraceMappingError)

  /// The table (`<node>`) ended after `rows` rows; `line` is that of its `<schema>` (or `<node>`).
  mutating func endTable(rows: Int, line: Int, values: inout XCTraceValueTable)
}
