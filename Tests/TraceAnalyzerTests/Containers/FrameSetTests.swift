import TestSupport
import Testing

@testable import TraceAnalyzer

/// ``FrameSet`` against `Set<Int64>`: the same count, membership and intersections, before and
/// after it moves its frames into a bitmap.
struct FrameSetTests {
  @Test(arguments: [1, 2, 3] as [UInt64])
  func countsAndIntersectionsAsASet(seed: UInt64) {
    var random = SplitMix(seed: seed)
    let span: ClosedRange<Int64> = -70...4_000
    var sets = [FrameSet(), FrameSet()]
    var models: [Set<Int64>] = [[], []]
    for step in 0..<6_000 {
      let which = Int(random.next() % 2)
      // Mostly inside the span, with repeats; now and then outside it, at its edges or far off.
      let frame: Int64 =
        switch random.next() % 10 {
        case 0:
          [span.lowerBound - 1, span.upperBound + 1, span.lowerBound, span.upperBound, .min, .max][
            Int(random.next() % 6)]
        default: span.lowerBound + Int64(random.next() % UInt64(span.count))
        }
      sets[which].insert(frame, within: span)
      models[which].insert(frame)
      if step % 500 == 0 {
        #expect(sets[which].count == models[which].count)
      }
    }
    for which in 0..<2 {
      #expect(sets[which].usesBitmap)
      #expect(sets[which].count == models[which].count)
      for frame in span.lowerBound - 3...span.upperBound + 3 {
        #expect(sets[which].contains(frame) == models[which].contains(frame))
      }
      #expect(sets[which].contains(.min) == models[which].contains(.min))
    }
    let common = models[0].intersection(models[1]).count
    #expect(sets[0].intersectionCount(sets[1]) == common)
    #expect(sets[1].intersectionCount(sets[0]) == common)
    #expect(common > 100)
  }

  @Test func smallSetsAndUnboundedSpansStayHashed() {
    var few = FrameSet()
    var unbounded = FrameSet()
    var none = FrameSet()
    for frame in Int64(0)..<40 {
      few.insert(frame * 3, within: 0...1_000_000)
      unbounded.insert(frame * 3, within: Int64.min...Int64.max)
      none.insert(frame * 3, within: nil)
    }
    for set in [few, unbounded, none] {
      #expect(!set.usesBitmap)
      #expect(set.count == 40)
      #expect(set.contains(39 * 3) && !set.contains(1))
    }
    #expect(few.intersectionCount(none) == 40)
    // A hashed set against a bitmap, both ways (a loop's gesture frames against its frames).
    var many = FrameSet()
    for frame in Int64(-5)..<5_000 where frame % 2 == 0 { many.insert(frame, within: -5...5_000) }
    #expect(many.usesBitmap && !few.usesBitmap)
    let common = (0..<40).filter { $0 * 3 % 2 == 0 }.count
    #expect(few.intersectionCount(many) == common)
    #expect(many.intersectionCount(few) == common)
  }
}

extension FrameSetTests {
  @Test(arguments: [4, 40, 4_000] as [Int64])
  func aUnionHoldsTheFramesOfBoth(frames: Int64) {
    let span: ClosedRange<Int64> = 0...4_000
    var random = SplitMix(seed: UInt64(frames))
    var sets = [FrameSet(), FrameSet()]
    var models: [Set<Int64>] = [[], []]
    for which in 0..<2 {
      for _ in 0..<frames {
        // Mostly inside the span (a bitmap once there are enough), some outside it.
        let frame = random.next() % 9 == 0 ? -1 - Int64(random.next() % 50) : Int64(random.next() % 4_001)
        sets[which].insert(frame, within: span)
        models[which].insert(frame)
      }
    }
    var union = sets[0]
    union.formUnion(sets[1], within: span)
    let model = models[0].union(models[1])
    #expect(union.count == model.count)
    #expect((-60...4_010).allSatisfy { union.contains(Int64($0)) == model.contains(Int64($0)) })
  }
}
