/// Sorting of unsigned integers by their bits, in linear time.
enum RadixSort {
  /// Sorts `keys` in place, least significant 11-bit digit first, through as many digits as the
  /// largest key has; `scratch` is working room (its contents are replaced).
  ///
  /// Several times faster than a comparison sort for the tens of thousands of packed keys that
  /// ``BurstCounter`` sorts at a time.
  static func sort(_ keys: inout [UInt64], scratch: inout [UInt64]) {
    guard keys.count > 1 else { return }
    let largest = keys.max() ?? 0
    let bits = UInt64.bitWidth - largest.leadingZeroBitCount
    guard bits > 0 else { return }
    let digitBits = 11
    let passes = (bits + digitBits - 1) / digitBits
    if scratch.count < keys.count { scratch = [UInt64](repeating: 0, count: keys.count) }
    var counts = [Int](repeating: 0, count: 1 << digitBits)
    let mask = UInt64(1 << digitBits - 1)
    keys.withUnsafeMutableBufferPointer { keys in
      scratch.withUnsafeMutableBufferPointer { scratch in
        counts.withUnsafeMutableBufferPointer { counts in
          var source = keys
          var target = UnsafeMutableBufferPointer(rebasing: scratch[0..<keys.count])
          for pass in 0..<passes {
            let shift = UInt64(pass * digitBits)
            counts.update(repeating: 0)
            for key in source { counts[Int(truncatingIfNeeded: key >> shift & mask)] += 1 }
            var total = 0
            for digit in counts.indices {
              let count = counts[digit]
              counts[digit] = total
              total += count
            }
            for key in source {
              let digit = Int(truncatingIfNeeded: key >> shift & mask)
              target[counts[digit]] = key
              counts[digit] += 1
            }
            swap(&source, &target)
          }
          // After an odd number of passes the sorted keys are in the scratch room.
          if passes % 2 == 1 { _ = keys.update(fromContentsOf: source) }
        }
      }
    }
  }
}
