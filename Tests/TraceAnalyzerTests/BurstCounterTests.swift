import TestSupport
import Testing

@testable import TraceAnalyzer

/// Fan-out's bursts: cut in lanes by edge on several threads, from starts several threads
/// added, they are the bursts one thread cuts.
struct BurstCounterTests {
  @Test(arguments: [2, 3, 4])
  func lanesOnSeveralThreadsGiveOneThreadsBursts(threads: Int) {
    var random = SplitMix(seed: UInt64(threads))
    // Edges of a few hundred starts each over two seconds: bursts of every size.
    let span: Int64 = 2_000_000_000
    let starts = (0..<150_000).map { _ in
      (edge: Int(random.next() % 500), start: Int64(random.next() % UInt64(span)))
    }
    let one = BurstCounter(expected: starts.count, low: 0, high: span, threads: 1)
    let many = BurstCounter(expected: starts.count, low: 0, high: span, threads: threads)
    #expect(many.lanes == (threads == 3 ? 2 : threads))
    for (index, item) in starts.enumerated() {
      one.add(edge: item.edge, start: item.start)
      many.add(edge: item.edge, start: item.start, thread: index % threads)
    }
    let expected = one.bursts(edges: 501, gap: 8_000_000, threshold: 3)
    #expect(many.bursts(edges: 501, gap: 8_000_000, threshold: 3) == expected)
    #expect(expected.dropLast().allSatisfy { $0.count > 1 && $0.small > 0 && !$0.large.isEmpty })
    #expect(expected[500] == BurstCounter.Bursts())
  }
}
