/// A set of non-negative ids as a paged bitmap: 512 bytes per 4096-id page.
///
/// Dense id ranges (what recorders write) cost an eighth of a byte per id, and an insert on the
/// page of the previous one is a bit test on a cached pointer. A class, like ``SymbolTable``:
/// the reader inserts once per update, and a copy-on-write check would cost a runtime call each
/// time.
final class IDSet {
  private var byNumber: [Int64: UnsafeMutablePointer<UInt64>] = [:]
  /// The page of the last insert, in `byNumber`.
  @exclusivity(unchecked) private var lastNumber: Int64 = -1
  @exclusivity(unchecked) private var lastPage: UnsafeMutablePointer<UInt64>?

  init() {}

  deinit {
    for page in byNumber.values { page.deallocate() }
  }

  /// Inserts `id`; returns false when it was present already.
  @inline(__always)
  func insert(_ id: Int64) -> Bool {
    let number = id >> 12
    let page: UnsafeMutablePointer<UInt64>
    if number == lastNumber, let last = lastPage {
      page = last
    } else {
      page = self.page(number)
      lastNumber = number
      lastPage = page
    }
    let bit = Int(truncatingIfNeeded: id & 4095)
    let word = page + (bit >> 6)
    let mask: UInt64 = 1 &<< UInt64(truncatingIfNeeded: bit & 63)
    if word.pointee & mask != 0 { return false }
    word.pointee |= mask
    return true
  }

  /// The page of ids `number << 12 ..< (number + 1) << 12`, made empty when new.
  @inline(never)
  private func page(_ number: Int64) -> UnsafeMutablePointer<UInt64> {
    if let page = byNumber[number] { return page }
    let page = UnsafeMutablePointer<UInt64>.allocate(capacity: 64)
    page.initialize(repeating: 0, count: 64)
    byNumber[number] = page
    return page
  }

  /// Whether `id` is in the set.
  func contains(_ id: Int64) -> Bool {
    guard let page = byNumber[id >> 12] else { return false }
    let bit = Int(id & 4095)
    return page[bit >> 6] & (1 << UInt64(bit & 63)) != 0
  }

  /// The first id of `other` also in `self`, if any.
  func firstCommon(with other: IDSet) -> Int64? {
    var found: Int64?
    for (number, otherPage) in other.byNumber {
      guard let page = byNumber[number] else { continue }
      for word in 0..<64 {
        let common = page[word] & otherPage[word]
        if common != 0 {
          let id = number << 12 + Int64(word * 64 + common.trailingZeroBitCount)
          found = min(found ?? id, id)
        }
      }
    }
    return found
  }
}
