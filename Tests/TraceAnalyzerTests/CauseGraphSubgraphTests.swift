import TestSupport
import Testing

@testable import TraceAnalyzer

/// Narrowing a graph: up- and downstream of a view, depth, cycles, min-count, the edge cap.
struct CauseGraphSubgraphTests {
  /// A graph from `edges` written `"A>B"` (count 1) or `"A>B*5"`; every node is a body node.
  private func graph(_ edges: [String]) -> CauseGraph {
    var names: [String] = []
    var parsed: [CauseGraph.Edge] = []
    func index(_ name: String) -> Int {
      if let found = names.firstIndex(of: name) { return found }
      names.append(name)
      return names.count - 1
    }
    for text in edges {
      let parts = text.split(separator: "*")
      let ends = parts[0].split(separator: ">").map(String.init)
      let count = parts.count > 1 ? Int(parts[1]) ?? 1 : 1
      parsed.append(CauseGraph.Edge(from: index(ends[0]), to: index(ends[1]), label: "update", count: count))
    }
    let nodes = names.map {
      CauseGraph.Node(kind: .update(.body), name: $0, module: "App", user: true, events: 1)
    }
    return CauseGraph(nodes: nodes, edges: parsed)
  }

  private func names(_ graph: CauseGraph) -> [String] { graph.nodes.map(\.name).sorted() }

  private func edges(_ graph: CauseGraph) -> [String] {
    graph.edges.map { "\(graph.nodes[$0.from].name)>\(graph.nodes[$0.to].name)" }.sorted()
  }

  private func around(
    _ graph: CauseGraph, _ view: String, _ direction: CauseGraph.Direction = .upstream, depth: Int? = nil
  )
    -> CauseGraph
  {
    graph.subgraph(around: graph.nodes(matching: view), direction: direction, depth: depth)
  }

  // A and X cause B; B causes V; V causes D; D causes E; Y causes D; Z is unrelated.
  private var sample: CauseGraph { graph(["A>B", "X>B", "B>V", "V>D", "D>E", "Y>D", "Z>Y"]) }

  @Test func isolatedNodesGoExceptFocusedOnes() {
    var whole = sample
    whole.nodes.append(CauseGraph.Node(kind: .update(.body), name: "Alone", module: "App", events: 1))
    whole.nodes.append(CauseGraph.Node(kind: .update(.body), name: "Watched", module: "App", events: 1))
    whole.focus = [whole.nodes.count - 1]
    let kept = whole.withoutIsolatedNodes()
    #expect(names(kept) == ["A", "B", "D", "E", "V", "Watched", "X", "Y", "Z"])
    #expect(edges(kept) == edges(whole))
    #expect(kept.focus.map { kept.nodes[$0].name } == ["Watched"])
    // Nothing to drop: the same graph.
    #expect(sample.withoutIsolatedNodes() == sample)
    #expect(kept.withoutIsolatedNodes() == kept)
  }

  @Test func upstreamKeepsTheNodesWithAPathIntoTheView() {
    let up = around(sample, "V")
    #expect(names(up) == ["A", "B", "V", "X"])
    #expect(edges(up) == ["A>B", "B>V", "X>B"])
    #expect(up.focus.map { up.nodes[$0].name } == ["V"])
  }

  @Test func downstreamKeepsTheViewsEffects() {
    let down = around(sample, "V", .downstream)
    #expect(names(down) == ["D", "E", "V"])
    #expect(edges(down) == ["D>E", "V>D"])
  }

  @Test func bothKeepsCausesAndEffects() {
    let both = around(sample, "V", .both)
    #expect(names(both) == ["A", "B", "D", "E", "V", "X"])
    #expect(edges(both) == ["A>B", "B>V", "D>E", "V>D", "X>B"])
  }

  @Test(arguments: [
    (0, ["V"], [String]()), (1, ["B", "V"], ["B>V"]), (2, ["A", "B", "V", "X"], ["A>B", "B>V", "X>B"]),
  ])
  func depthLimitsTheHops(depth: Int, nodes: [String], kept: [String]) {
    let up = around(sample, "V", depth: depth)
    #expect(names(up) == nodes)
    #expect(edges(up) == kept)
  }

  @Test func cyclesTerminateAndShowTheLoop() {
    // Story 7's shape: the loop passes through the view itself.
    let loop = graph([
      "Tap>Toast", "Toast>Content", "Content>Home", "Home>Creation", "Creation>Header",
      "Header>Tags", "Tags>Header", "Header>Toast", "Header>Chips",
    ])
    let up = around(loop, "Home")
    #expect(names(up) == ["Content", "Creation", "Header", "Home", "Tags", "Tap", "Toast"])
    #expect(edges(up).contains("Home>Creation"))
    #expect(!edges(up).contains("Header>Chips"))
    let down = around(loop, "Home", .downstream)
    #expect(names(down) == ["Chips", "Content", "Creation", "Header", "Home", "Tags", "Toast"])
    // Depth 1 around Header: Tags>Header is one hop; Header>Tags>Header would be two.
    let near = around(loop, "Header", depth: 1)
    #expect(edges(near) == ["Creation>Header", "Tags>Header"])
    let nearer = around(loop, "Header", depth: 2)
    #expect(edges(nearer).contains("Header>Tags"))
  }

  @Test func selfLoopsAreKept() {
    let looped = graph(["A>A", "B>A"])
    #expect(edges(around(looped, "A")) == ["A>A", "B>A"])
  }

  @Test func minCountDropsWeakEdgesBeforePathsAreFollowed() throws {
    let weighted = graph(["A>B*1", "B>V*5", "C>V*2"])
    let selection = CauseGraph.Selection(view: "V", minCount: 2)
    let strong = try #require(weighted.selecting(selection))
    #expect(names(strong) == ["B", "C", "V"])
    #expect(edges(strong) == ["B>V", "C>V"])
  }

  @Test func aViewMatchesByNameOrModuleQualifiedName() {
    var graph = graph(["A>V"])
    graph.nodes.append(CauseGraph.Node(kind: .update(.other), name: "V", module: "Other"))
    #expect(graph.nodes(matching: "V").count == 2)
    #expect(graph.nodes(matching: "App.V") == [1])
    #expect(graph.nodes(matching: "Nope").isEmpty)
    #expect(graph.selecting(CauseGraph.Selection(view: "Nope")) == nil)
  }

  @Test func theWholeGraphIsCappedToItsLargestEdges() throws {
    let wide = graph(["A>B*9", "C>D*8", "E>F*1", "G>H*2"])
    let capped = try #require(wide.selecting(CauseGraph.Selection(edgeLimit: 2)))
    #expect(edges(capped) == ["A>B", "C>D"])
    #expect(capped.omitted == CauseGraph.Omission(nodes: 4, edges: 2))
    #expect(
      capped.notes.first?.hasPrefix("only the 2 largest edges are shown: 2 more edges and 4 more nodes")
        == true)
    let all = try #require(wide.selecting(CauseGraph.Selection(edgeLimit: nil)))
    #expect(all.edges.count == 4)
    #expect(all.omitted.isEmpty)
  }

  @Test func storySevenHomeViewDownstreamReachesTheWholeLoop() throws {
    let graph = try TraceAnalysis.causeGraph(paths: [Fixture.path("traces/update-loop.jsonl")])
    let down = try #require(graph.selecting(CauseGraph.Selection(view: "HomeView", direction: .downstream)))
    #expect(
      down.nodes.map(\.label).sorted() == [
        "@Published AppState.toast", "@State HomeViewModel.tags", "ContentView.body", "HeaderView.body",
        "HomeView.body", "TagChipList.body", "View Creation / Reuse",
      ])
    #expect(!down.nodes.contains { $0.label == "Gesture: Tap" })
  }
}
