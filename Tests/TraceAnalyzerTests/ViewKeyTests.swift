import Testing

@testable import TraceAnalyzer

/// One name resolver: every way tracecli prints a view names it back.
struct ViewKeyTests {
  private static let row = ViewKey(module: "Landmarks", kind: .body, name: "LandmarkListItemView")
  private static let map = ViewKey(module: "Landmarks", kind: .representable, name: "MapView")
  private static let layout = ViewKey(module: "SwiftUI", kind: .other, name: "Layout")

  @Test(arguments: [
    (row, "LandmarkListItemView", true), (row, "Landmarks.LandmarkListItemView", true),
    (row, "LandmarkListItemView.body", true), (row, "Landmarks.LandmarkListItemView.body", true),
    (row, "Landmarks.LandmarkListItemView (body)", true), (row, "LandmarkListItemView (body)", true),
    (row, "LandmarkListItemView.update", false), (row, "Landmarks.LandmarkListItemView (other)", false),
    (row, "Other.LandmarkListItemView", false), (row, "LandmarkListItem", false),
    (map, "MapView.update", true), (map, "Landmarks.MapView (representable)", true),
    (map, "MapView.body", false),
    (layout, "Layout", true), (layout, "SwiftUI.Layout (other)", true), (layout, "Layout.body", false),
  ])
  func namesTracecliPrintsAreNamesItAccepts(key: ViewKey, query: String, matches: Bool) {
    #expect(key.matches(query) == matches)
  }

  @Test func theSummaryAndGraphSpellingsNameTheView() {
    #expect(Self.row.matches(Self.row.description))
    #expect(Self.row.matches(CauseGraph.Node(kind: .update(.body), name: Self.row.name).label))
    #expect(Self.map.matches(CauseGraph.Node(kind: .update(.representable), name: Self.map.name).label))
  }

  @Test func aSourceIsNamedByItsLabel() {
    let graph = CauseGraph(
      nodes: [
        CauseGraph.Node(kind: .source(.gesture), name: "Gesture: Tap"),
        CauseGraph.Node(kind: .update(.body), name: "Row", module: "App"),
      ],
      edges: [CauseGraph.Edge(from: 0, to: 1, label: "update", count: 1)])
    #expect(graph.nodes(matching: "Gesture: Tap") == [0])
    #expect(graph.nodes(matching: "Row.body") == [1])
    #expect(graph.nodes(matching: "Gesture") == [])
  }
}
