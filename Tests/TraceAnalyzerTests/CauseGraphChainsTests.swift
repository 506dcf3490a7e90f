import TestSupport
import Testing

@testable import TraceAnalyzer
@testable import TraceModel

/// `why` in the library: the backward search over the spills and its limits.
struct CauseGraphChainsTests {
  private func explain(
    _ text: String, _ target: TraceAnalysis.WhyTarget, limits: CauseChains.Limits = CauseChains.Limits()
  ) throws -> CauseChains {
    let file = try TemporaryFile(text)
    defer { file.remove() }
    guard
      case .explained(let chains) = try TraceAnalysis.why(paths: [file.path], target: target, limits: limits)
    else {
      Issue.record("no explanation")
      return CauseChains(
        target: CauseChains.Event(id: -1, node: .unknown(-1)), chains: [], chainsFound: 0, file: "",
        limits: limits)
    }
    return chains
  }

  /// One update caused by `fanIn` updates, each caused by a tap.
  private func fanIn(_ count: Int) -> String {
    var text = #"{"type":"update","id":0,"kind":"body","view":"Target","start":100000,"duration":1}"# + "\n"
    for id in 1...count {
      text += #"{"type":"source","id":\#(id + 100_000),"kind":"gesture","label":"Tap","time":\#(id)}"# + "\n"
      text +=
        #"{"type":"update","id":\#(id),"kind":"body","view":"Cause\#(id)","start":\#(id),"duration":1}"#
        + "\n"
      text += #"{"type":"cause","from":\#(id + 100_000),"to":\#(id)}"# + "\n"
      text += #"{"type":"cause","from":\#(id),"to":0}"# + "\n"
    }
    return text
  }

  @Test func chainsAreListedNewestFirstAndCappedByTheChainLimit() throws {
    let chains = try explain(fanIn(30), .id(0), limits: CauseChains.Limits(chains: 5))
    #expect(chains.chainsFound == 30)
    #expect(chains.chains.count == 5)
    #expect(
      chains.chains.map { $0.hops[0].event.node.name } == [
        "Cause30", "Cause29", "Cause28", "Cause27", "Cause26",
      ])
    #expect(chains.chains.allSatisfy { $0.end == .gesture && $0.hops.count == 2 })
    #expect(!chains.truncated)
  }

  @Test func theSearchStopsAtItsEventLimit() throws {
    let chains = try explain(fanIn(30), .id(0), limits: CauseChains.Limits(chains: nil, events: 10))
    #expect(chains.truncated)
    #expect(chains.chains.count == 9)
    #expect(chains.chains.allSatisfy { $0.end == .searchLimit })
    let text = WhyRenderer.render(chains)
    #expect(text.contains("the search stopped after 10 events: some causes were not followed"))
  }

  @Test func aSourceCanBeExplainedToo() throws {
    let chains = try explain(fanIn(2), .id(100_001))
    #expect(chains.target.node.kind == .source(.gesture))
    #expect(chains.chains.map(\.end) == [.noCause])
  }

  @Test func theSearchIsTheSameHoweverTheSpillsArePartitioned() throws {
    let path = Fixture.path("traces/update-loop.jsonl")
    var results: [CauseChains] = []
    for (partitions, buffer) in [(1, 1 << 20), (16, 1_024), (64, 2_048)] {
      let reading = try TraceInput.read(paths: [path], name: "loop", threads: 1) {
        WhySink(partitions: partitions, bufferBytes: buffer)
      }
      let search = CauseChainSearch(parts: reading.parts, header: reading.header, file: "loop")
      let target = try #require(search.update(ofView: "HeaderView", at: 1_500_000_000).event)
      results.append(search.chains(of: target, limits: CauseChains.Limits()))
    }
    #expect(results[0] == results[1])
    #expect(results[0] == results[2])
    #expect(results[0].chains.count == 1)
    #expect(results[0].chains.allSatisfy { if case .cycle = $0.end { true } else { false } })
  }
}
