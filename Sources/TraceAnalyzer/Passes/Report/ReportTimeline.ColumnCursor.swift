extension ReportTimeline {
  /// Finds the column a time falls in, as ``ReportTimeline/index(of:origin:width:count:)``
  /// does, remembering the times of the last column found: times that come in order seldom
  /// divide.
  struct ColumnCursor {
    private let origin: Int64
    private let width: Int64
    private let count: Int
    /// The times that fall in ``column``; empty before the first look-up.
    private var times: Range<Int128> = 0..<0
    private var column = 0

    /// A cursor over `count` columns `width` ns wide from `origin`.
    init(origin: Int64, width: Int64, count: Int) {
      (self.origin, self.width, self.count) = (origin, width, count)
    }

    @inline(__always)
    mutating func column(of time: Int64) -> Int {
      if times.contains(Int128(time)) { return column }
      column = ReportTimeline.index(of: time, origin: origin, width: width, count: count)
      // From `unwrapped` on, the offset from the origin no longer fits in 64 bits: such times
      // go to the last column.
      let past = Int128(Int64.max) + 1
      let unwrapped = Int128(origin) + past
      var low = column == 0 ? Int128(Int64.min) : Int128(origin) + Int128(column) * Int128(width)
      var high = min(Int128(origin) + Int128(column + 1) * Int128(width), unwrapped)
      if column == count - 1 { (low, high) = (min(low, unwrapped, past), past) }
      times = low..<high
      return column
    }
  }

  /// Places times as ``column(of:)`` does.
  func columnCursor() -> ColumnCursor { ColumnCursor(origin: start, width: columnWidth, count: columnCount) }

  /// Places times among the fine lanes' columns, as ``addUpdate(kind:start:duration:severity:label:)``
  /// does.
  func fineColumnCursor() -> ColumnCursor {
    ColumnCursor(origin: start, width: fineColumnWidth, count: columnCount * Self.fineFactor)
  }
}
