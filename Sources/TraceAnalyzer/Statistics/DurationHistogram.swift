/// Log-linear bucket arithmetic for durations: a few buckets per power of two.
///
/// Values below ``perOctave`` ns have a bucket each; above, a bucket spans 1/4 to 1/8 of its
/// values. Finished durations are below 2^42 ns, so ``bucketCount`` buckets cover them all.
/// Every view keeps one histogram in each reader part, so the buckets are few (656 bytes a
/// view): they only place each percentile in a range, which the second pass then resolves
/// exactly.
enum DurationHistogram {
  /// log2 of the buckets per power of two.
  static let subBits = 2
  static let perOctave = 1 << subBits
  static let bucketCount = (42 - subBits) * perOctave + perOctave

  /// The bucket of `value` (`0 ..< 2^42`).
  @inline(__always)
  static func bucket(of value: Int64) -> Int {
    if value < Int64(perOctave) { return Int(value) }
    let exponent = 63 - value.leadingZeroBitCount
    let sub = Int(value >> Int64(exponent - subBits)) & (perOctave - 1)
    return (exponent - subBits + 1) * perOctave + sub
  }

  /// The smallest and largest value of `bucket`.
  static func bounds(of bucket: Int) -> ClosedRange<Int64> {
    if bucket < perOctave { return Int64(bucket)...Int64(bucket) }
    let exponent = bucket / perOctave + subBits - 1
    let sub = Int64(bucket % perOctave)
    let width = Int64(1) << Int64(exponent - subBits)
    let low = (Int64(perOctave) + sub) * width
    return low...(low + width - 1)
  }
}
