#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The two-sided Mann–Whitney U test of two samples (the runs of a diff's base and head).
///
/// `U` counts the pairs (base, head) with head > base, plus half the ties. p is exact when no two
/// pooled values are equal and both samples hold at most ``exactLimit`` values; otherwise it is
/// the normal approximation with the tie correction and a continuity correction of 0.5. When
/// every value is tied, p = 1. The exact distributions are kept per pair of sample sizes, so one
/// test value serves every figure of a diff.
package struct MannWhitney: Sendable {
  /// The largest sample for which p is exact.
  package static let exactLimit = 20

  /// The result of one test.
  package struct Result: Hashable, Sendable {
    package var u: Double
    package var p: Double
    package var exact: Bool
  }

  /// Cumulative counts of U over every split, per (base size, head size).
  private var cumulative: [Int: [Double]] = [:]

  package init() {}

  /// Tests whether `head` differs from `base` (each non-empty).
  package mutating func test(base: [Int64], head: [Int64]) -> Result {
    let m = base.count
    let n = head.count
    guard m > 0, n > 0 else { return Result(u: 0, p: 1, exact: false) }
    var pooled = base.map { ($0, false) } + head.map { ($0, true) }
    pooled.sort { $0.0 < $1.0 }
    // Mid-ranks; the head's rank sum gives U, the tie groups the variance correction.
    var headRanks = 0.0
    var tieSum = 0.0
    var index = 0
    while index < pooled.count {
      var end = index + 1
      while end < pooled.count && pooled[end].0 == pooled[index].0 { end += 1 }
      let rank = Double(index + 1 + end) / 2
      for position in index..<end where pooled[position].1 { headRanks += rank }
      let ties = Double(end - index)
      tieSum += ties * ties * ties - ties
      index = end
    }
    let u = headRanks - Double(n * (n + 1)) / 2
    let total = m + n
    if tieSum == Double(total * total * total - total) { return Result(u: u, p: 1, exact: false) }
    if tieSum == 0 && m <= Self.exactLimit && n <= Self.exactLimit {
      return Result(u: u, p: exactP(u: Int(u), m: m, n: n), exact: true)
    }
    let mean = Double(m * n) / 2
    let variance =
      Double(m * n) / 12 * (Double(total + 1) - tieSum / (Double(total) * Double(total - 1)))
    guard variance > 0 else { return Result(u: u, p: 1, exact: false) }
    let deviation = variance.squareRoot()
    let lower = Self.normalCDF((u + 0.5 - mean) / deviation)
    let upper = Self.normalCDF(-(u - 0.5 - mean) / deviation)
    return Result(u: u, p: min(1, 2 * min(lower, upper)), exact: false)
  }

  /// `min(1, 2·min(P(U' ≤ u), P(U' ≥ u)))` under the exact distribution.
  private mutating func exactP(u: Int, m: Int, n: Int) -> Double {
    let key = m << 16 | n
    let counts = cumulative[key] ?? Self.cumulativeCounts(m: m, n: n)
    cumulative[key] = counts
    let all = counts[counts.count - 1]
    let atMost = counts[u]
    let atLeast = all - (u > 0 ? counts[u - 1] : 0)
    return min(1, 2 * min(atMost, atLeast) / all)
  }

  /// The number of splits with U ≤ u, for u in 0...m·n, by the recursion on counts: the largest
  /// pooled value is a head value (above all m base values) or a base value (above none).
  static func cumulativeCounts(m: Int, n: Int) -> [Double] {
    // table[i][j] holds the counts for i base and j head values, indexed by U.
    var table = [[[Double]]](repeating: [], count: m + 1)
    for i in 0...m {
      table[i] = [[Double]](repeating: [], count: n + 1)
      for j in 0...n {
        if i == 0 || j == 0 {
          table[i][j] = [1]
          continue
        }
        var counts = [Double](repeating: 0, count: i * j + 1)
        for (value, count) in table[i - 1][j].enumerated() { counts[value] += count }
        for (value, count) in table[i][j - 1].enumerated() { counts[value + i] += count }
        table[i][j] = counts
      }
    }
    var running = 0.0
    return table[m][n].map { count in
      running += count
      return running
    }
  }

  /// Φ(z), the standard normal distribution function.
  static func normalCDF(_ z: Double) -> Double { 0.5 * erfc(-z / 2.0.squareRoot()) }
}
