/// A set of frame indices: the distinct frames a finding's events fall in.
///
/// It starts as a `Set`, and once a bitmap of the trace's frames (the span every insert names)
/// is the smaller of the two, keeps those frames as bits: the findings insert once per resolved
/// cause, in no time order, so a hashed set pays a hash each time. Frames outside the span stay
/// in the `Set`.
struct FrameSet {
  /// The frames the bitmap holds (bit 0 is `span.lowerBound`), once it exists.
  private var span: ClosedRange<Int64>?
  private var bits: [UInt64] = []
  private var others: Set<Int64> = []
  /// The number of distinct frames.
  private(set) var count = 0

  init() {}

  /// Whether the frames are kept in a bitmap (for tests).
  var usesBitmap: Bool { !bits.isEmpty }

  /// Inserts `frame`; `span` holds the trace's frames and must be the same on every insert.
  @inline(__always)
  mutating func insert(_ frame: Int64, within span: ClosedRange<Int64>?) {
    if let held = self.span, held.contains(frame) {
      let offset = Int(frame &- held.lowerBound)
      let mask: UInt64 = 1 &<< UInt64(offset & 63)
      if bits[offset >> 6] & mask == 0 {
        bits[offset >> 6] |= mask
        count += 1
      }
      return
    }
    guard others.insert(frame).inserted else { return }
    count += 1
    if self.span == nil, let span, others.count >= Self.words(span) / 2 { makeBitmap(span) }
  }

  /// Whether `frame` is in the set.
  func contains(_ frame: Int64) -> Bool {
    if let span, span.contains(frame) {
      let offset = Int(frame &- span.lowerBound)
      return bits[offset >> 6] & 1 &<< UInt64(offset & 63) != 0
    }
    return others.contains(frame)
  }

  /// Adds the frames of `other`; `span` is the one every insert names.
  mutating func formUnion(_ other: FrameSet, within span: ClosedRange<Int64>?) {
    for frame in other.others { insert(frame, within: span) }
    guard let otherSpan = other.span else { return }
    for (index, word) in other.bits.enumerated() where word != 0 {
      var rest = word
      while rest != 0 {
        insert(otherSpan.lowerBound &+ Int64(index * 64 + rest.trailingZeroBitCount), within: span)
        rest &= rest &- 1
      }
    }
  }

  /// The number of frames in both `self` and `other`.
  func intersectionCount(_ other: FrameSet) -> Int {
    var common = others.reduce(0) { $0 + (other.contains($1) ? 1 : 0) }
    guard let span else { return common }
    for (index, word) in bits.enumerated() where word != 0 {
      var rest = word
      while rest != 0 {
        let frame = span.lowerBound &+ Int64(index * 64 + rest.trailingZeroBitCount)
        if other.contains(frame) { common += 1 }
        rest &= rest &- 1
      }
    }
    return common
  }

  /// The words a bitmap of `span` takes (`Int.max` when too many to count).
  private static func words(_ span: ClosedRange<Int64>) -> Int {
    let frames = UInt64(bitPattern: span.upperBound &- span.lowerBound)
    return frames >= 1 << 40 ? .max : Int(frames / 64 + 1)
  }

  /// Moves the frames of `span` from the `Set` into a bitmap.
  private mutating func makeBitmap(_ span: ClosedRange<Int64>) {
    bits = [UInt64](repeating: 0, count: Self.words(span))
    self.span = span
    for frame in others where span.contains(frame) {
      let offset = Int(frame &- span.lowerBound)
      bits[offset >> 6] |= 1 &<< UInt64(offset & 63)
    }
    others = others.filter { !span.contains($0) }
  }
}
