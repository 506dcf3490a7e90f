import TestSupport
import Testing

@testable import TraceAnalyzer

/// The runs of marked columns (the timeline's complete columns, its drawn marks) against a
/// reading of each element: every `true` in exactly one run, runs apart and in order.
struct TrueRunsTests {
  @Test func itFindsTheRunsAtBothEndsAndBetween() {
    #expect([Bool]().trueRuns == [])
    #expect([false, false].trueRuns == [])
    #expect([true].trueRuns == [0..<1])
    #expect([true, true, false, true].trueRuns == [0..<2, 3..<4])
    #expect([false, true, true, false, false, true, true].trueRuns == [1..<3, 5..<7])
  }

  @Test(arguments: [1, 2, 3] as [UInt64])
  func everyMarkIsInOneRunAndRunsAreMaximal(seed: UInt64) {
    var random = SplitMix(seed: seed)
    let marks = (0..<500).map { _ in random.next() % 3 != 0 }
    let runs = marks.trueRuns
    var covered = [Bool](repeating: false, count: marks.count)
    for (number, run) in runs.enumerated() {
      #expect(!run.isEmpty)
      for index in run { covered[index] = true }
      if run.lowerBound > 0 { #expect(!marks[run.lowerBound - 1]) }
      if run.upperBound < marks.count { #expect(!marks[run.upperBound]) }
      if number > 0 { #expect(runs[number - 1].upperBound < run.lowerBound) }
    }
    #expect(covered == marks)
  }
}
