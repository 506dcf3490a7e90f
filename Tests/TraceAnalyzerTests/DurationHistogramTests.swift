import Testing

@testable import TraceAnalyzer

struct DurationHistogramTests {
  @Test func everyValueLiesInItsBucketsBounds() {
    var values: [Int64] = Array(0...300)
    var value: Int64 = 301
    while value < (1 << 42) {
      values += [value - 1, value, value + 1]
      value = value * 3 / 2 + 7
    }
    values.append((1 << 42) - 1)
    for value in values {
      let bucket = DurationHistogram.bucket(of: value)
      #expect(bucket >= 0 && bucket < DurationHistogram.bucketCount, "\(value)")
      #expect(DurationHistogram.bounds(of: bucket).contains(value), "\(value) in bucket \(bucket)")
    }
  }

  @Test func bucketsTileTheLineInOrder() {
    for bucket in 1..<DurationHistogram.bucketCount {
      #expect(
        DurationHistogram.bounds(of: bucket).lowerBound == DurationHistogram.bounds(of: bucket - 1).upperBound
          + 1)
    }
  }

  @Test(arguments: [
    (50, 1, 1), (50, 2, 1), (50, 3, 2), (95, 20, 19), (95, 21, 20), (95, 100, 95), (50, 101, 51),
  ])
  func nearestRank(percent: Int, count: Int, rank: Int) {
    #expect(NearestRank.rank(percent: percent, of: count) == rank)
  }
}
