/// A set of non-negative ids as a paged bitmap: 512 bytes per 4096-id page.
///
/// Dense id ranges (what recorders write) cost an eighth of a byte per id.
struct IDSet {
  private var pageIndex: [Int64: Int] = [:]
  private var words: [UInt64] = []
  private var lastPage: Int64 = -1
  private var lastBase = 0

  /// Inserts `id`; returns false when it was present already.
  mutating func insert(_ id: Int64) -> Bool {
    let page = id >> 12
    if page != lastPage {
      if let base = pageIndex[page] {
        lastBase = base
      } else {
        lastBase = words.count
        words.append(contentsOf: repeatElement(0, count: 64))
        pageIndex[page] = lastBase
      }
      lastPage = page
    }
    let bit = Int(id & 4095)
    let index = lastBase + bit >> 6
    let mask: UInt64 = 1 << UInt64(bit & 63)
    if words[index] & mask != 0 { return false }
    words[index] |= mask
    return true
  }

  /// Whether `id` is in the set.
  func contains(_ id: Int64) -> Bool {
    guard let base = pageIndex[id >> 12] else { return false }
    let bit = Int(id & 4095)
    return words[base + bit >> 6] & (1 << UInt64(bit & 63)) != 0
  }

  /// The first id of `other` also in `self`, if any.
  func firstCommon(with other: IDSet) -> Int64? {
    var found: Int64?
    for (page, otherBase) in other.pageIndex {
      guard let base = pageIndex[page] else { continue }
      for word in 0..<64 {
        let common = words[base + word] & other.words[otherBase + word]
        if common != 0 {
          let id = page << 12 + Int64(word * 64 + common.trailingZeroBitCount)
          found = min(found ?? id, id)
        }
      }
    }
    return found
  }
}
