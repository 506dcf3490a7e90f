import TestSupport
import Testing

@testable import TraceAnalyzer

/// The longest updates a view's findings cite: the three longest, ties by the earlier start,
/// then the smaller id, however they arrive and however the parts are merged; an update below a
/// full list's floor changes nothing.
struct LongestUpdatesTests {
  private typealias Example = FindingsPass.Example

  private static func reference(_ examples: [Example]) -> [Example] {
    Array(
      examples.sorted { ($1.duration, $0.start, $0.id) < ($0.duration, $1.start, $1.id) }
        .prefix(FindingsPass.LongestUpdates.limit))
  }

  @Test func theLongestAreKeptInOrderWithTiesAndRepeats() {
    var random = SplitMix(seed: 5)
    for round in 0..<300 {
      let examples = (0..<Int(random.next() % 12)).map { _ in
        Example(
          id: Int64(random.next() % 4), start: Int64(random.next() % 4), duration: Int64(random.next() % 4))
      }
      let mains = examples.map { _ in random.next() % 2 == 0 }
      var whole = FindingsPass.LongestUpdates()
      var halves = (FindingsPass.LongestUpdates(), FindingsPass.LongestUpdates())
      for (index, example) in examples.enumerated() {
        // An update shorter than a list's floor leaves that list as it is.
        let (before, floors) = (whole, whole.floors)
        whole.add(example, isMain: mains[index])
        if example.duration < floors.any { #expect(whole.any == before.any) }
        if example.duration < floors.main { #expect(whole.main == before.main) }
        #expect(
          whole.any.count < FindingsPass.LongestUpdates.limit || whole.floors.any == whole.any.last?.duration)
        if index < examples.count / 2 {
          halves.0.add(example, isMain: mains[index])
        } else {
          halves.1.add(example, isMain: mains[index])
        }
      }
      halves.0.merge(halves.1)
      let main = zip(examples, mains).filter(\.1).map(\.0)
      #expect(whole.any == Self.reference(examples), "round \(round)")
      #expect(whole.main == Self.reference(main), "round \(round)")
      #expect(halves.0.any == whole.any && halves.0.main == whole.main, "round \(round)")
    }
  }
}
