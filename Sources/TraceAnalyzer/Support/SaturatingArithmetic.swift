extension Int64 {
  /// `self + other`, clamped to `Int64.min ... Int64.max` (traces may hold any Int64 times).
  @inline(__always)
  func saturatingAdd(_ other: Int64) -> Int64 {
    let (sum, overflow) = addingReportingOverflow(other)
    guard overflow else { return sum }
    return other > 0 ? .max : .min
  }

  /// `self - other`, clamped to `Int64.min ... Int64.max`.
  @inline(__always)
  func saturatingSubtract(_ other: Int64) -> Int64 {
    let (difference, overflow) = subtractingReportingOverflow(other)
    guard overflow else { return difference }
    return other < 0 ? .max : .min
  }

  /// `value` clamped into Int64.
  init(clamping value: Int128) {
    self = value > Int128(Int64.max) ? .max : value < Int128(Int64.min) ? .min : Int64(value)
  }
}
