/// Several buffers of values read and reordered as one collection, so that the parts of a
/// percentile scan need not copy their values together.
struct ValueSegments: RandomAccessCollection, MutableCollection {
  private let segments: [UnsafeMutableBufferPointer<UInt32>]
  let startIndex = 0
  let endIndex: Int

  init(_ segments: [UnsafeMutableBufferPointer<UInt32>]) {
    self.segments = segments.filter { !$0.isEmpty }
    endIndex = segments.reduce(0) { $0 + $1.count }
  }

  subscript(position: Int) -> UInt32 {
    get {
      let (segment, offset) = locate(position)
      return segments[segment][offset]
    }
    nonmutating set {
      let (segment, offset) = locate(position)
      segments[segment][offset] = newValue
    }
  }

  /// The segment holding `position` and the offset in it.
  @inline(__always)
  private func locate(_ position: Int) -> (Int, Int) {
    precondition(position >= 0 && position < endIndex, "index out of range")
    var offset = position
    var segment = 0
    while offset >= segments[segment].count {
      offset -= segments[segment].count
      segment += 1
    }
    return (segment, offset)
  }
}
