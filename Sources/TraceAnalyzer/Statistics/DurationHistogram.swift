/// Log-linear bucket arithmetic for durations: 32 buckets per power of two.
///
/// Values below 32 ns have a bucket each; above, a bucket spans 1/32 to 1/64 of its values.
/// Finished durations are below 2^42 ns, so 1216 buckets cover them all.
enum DurationHistogram {
  static let bucketCount = 1216

  /// The bucket of `value` (`0 ..< 2^42`).
  @inline(__always)
  static func bucket(of value: Int64) -> Int {
    if value < 32 { return Int(value) }
    let exponent = 63 - value.leadingZeroBitCount
    let sub = Int(value >> Int64(exponent - 5)) & 31
    return (exponent - 4) * 32 + sub
  }

  /// The smallest and largest value of `bucket`.
  static func bounds(of bucket: Int) -> ClosedRange<Int64> {
    if bucket < 32 { return Int64(bucket)...Int64(bucket) }
    let exponent = bucket / 32 + 4
    let sub = Int64(bucket % 32)
    let width = Int64(1) << Int64(exponent - 5)
    let low = (32 + sub) * width
    return low...(low + width - 1)
  }
}
