/// Benjamini–Hochberg adjustment: the q value of each of many p values tested at once.
///
/// `q₍ᵢ₎ = min over j ≥ i of p₍ⱼ₎ · m / j` (p sorted ascending, capped at 1), so that flagging
/// every q below α keeps the expected share of false discoveries under α.
package enum BenjaminiHochberg {
  /// The q values of `p`, in the order given.
  package static func adjust(_ p: [Double]) -> [Double] {
    let m = Double(p.count)
    let order = p.indices.sorted { p[$0] < p[$1] || (p[$0] == p[$1] && $0 < $1) }
    var q = [Double](repeating: 1, count: p.count)
    var smallest = 1.0
    for rank in order.indices.reversed() {
      let index = order[rank]
      smallest = min(smallest, p[index] * m / Double(rank + 1))
      q[index] = smallest
    }
    return q
  }
}
