/// Selection of the k-th smallest value in place, in linear expected time.
enum QuickSelect {
  /// The value at 0-based position `index` of `values` once sorted (`index` in bounds); reorders
  /// `values`.
  ///
  /// Three-way partitions around a median of three, so runs of equal values cost one pass;
  /// after a logarithmic number of rounds the rest is sorted, bounding the worst case.
  static func value<Value: Comparable>(
    at index: Int, in values: inout UnsafeMutableBufferPointer<Value>
  ) -> Value {
    precondition(values.indices.contains(index), "selection index out of bounds")
    var low = 0
    var high = values.count - 1
    var rounds = 2 * (Int.bitWidth - values.count.leadingZeroBitCount) + 4
    while low < high {
      if rounds == 0 {
        var rest = UnsafeMutableBufferPointer(rebasing: values[low...high])
        rest.sort()
        return values[index]
      }
      rounds -= 1
      let pivot = median(values[low], values[low + (high - low) / 2], values[high])
      // [low, less) < pivot, [less, scan) == pivot, (greater, high] > pivot.
      var less = low
      var scan = low
      var greater = high
      while scan <= greater {
        let value = values[scan]
        if value < pivot {
          values.swapAt(less, scan)
          less += 1
          scan += 1
        } else if value > pivot {
          values.swapAt(scan, greater)
          greater -= 1
        } else {
          scan += 1
        }
      }
      if index < less {
        high = less - 1
      } else if index > greater {
        low = greater + 1
      } else {
        return pivot
      }
    }
    return values[index]
  }

  private static func median<Value: Comparable>(_ a: Value, _ b: Value, _ c: Value) -> Value {
    max(min(a, b), min(max(a, b), c))
  }
}
