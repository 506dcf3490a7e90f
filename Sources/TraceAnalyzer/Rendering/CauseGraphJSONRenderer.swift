/// Renders a ``CauseGraph`` as the "Cause-graph JSON" of analysis.md, with extra keys.
///
/// `nodes` (`id` `n1`, `n2`, … in the graph's order, `kind`, `label`, `module` — `""` for an
/// update without one, null for a source or unknown node —, `user`, `dimmed`, then `name`,
/// `count` (updates, or a source's events), `skipped`, `focus`) and `edges` (`from`, `to`,
/// `label`, `count`; largest first) come first; then `dangling` (how many causes name an id no
/// event defines, and the first few with their 1-based file lines), `omitted` (what the edge
/// cap left out), `causes` (counted, outside the range, unplaceable) and the selection.
package enum CauseGraphJSONRenderer {
  package static func render(_ graph: CauseGraph) -> String {
    let marks = CauseGraph.FindingMarks(graph)
    var json = JSONWriter()
    json.object { json in
      json.field(
        "nodes",
        array: { json in
          for (index, node) in graph.nodes.enumerated() {
            json.object { json in
              json.field("id", "n\(index + 1)")
              json.field("kind", node.kind.description)
              json.field("label", node.label)
              json.field("module", node.module)
              json.field("user", node.user)
              json.field("dimmed", node.dimmed)
              json.field("name", node.name)
              json.field("count", node.events)
              json.field("skipped", node.skipped)
              json.field("focus", graph.focus.contains(index))
              let rules = marks.nodes[index]?.rules ?? []
              json.field("findings", strings: rules.map(\.rawValue))
            }
          }
        })
      json.field(
        "edges",
        array: { json in
          for (index, edge) in graph.edges.enumerated() {
            json.object { json in
              json.field("from", "n\(edge.from + 1)")
              json.field("to", "n\(edge.to + 1)")
              json.field("label", edge.label)
              json.field("count", edge.count)
              let rules = marks.edges[index]?.rules ?? []
              json.field("findings", strings: rules.map(\.rawValue))
            }
          }
        })
      json.field(
        "dangling",
        object: { json in
          json.field("causes", graph.dangling.count)
          json.field(
            "first",
            array: { json in
              for occurrence in graph.dangling.first {
                json.object { json in
                  json.field("line", occurrence.line)
                  json.field("id", occurrence.id)
                }
              }
            })
        })
      json.field(
        "omitted",
        object: { json in
          json.field("nodes", graph.omitted.nodes)
          json.field("edges", graph.omitted.edges)
        })
      json.field(
        "causes",
        object: { json in
          json.field("counted", graph.causes.counted)
          json.field("outOfRange", graph.causes.outOfRange)
          json.field("unplaced", graph.causes.unplaced)
        })
      json.field("file", graph.file)
      json.field("view", graph.selection.view)
      json.field("direction", graph.selection.direction.description)
      json.field("depth", graph.selection.depth.map(Int64.init))
      json.field("minCount", graph.selection.minCount)
      json.field("edgeLimit", graph.selection.view == nil ? graph.selection.edgeLimit.map(Int64.init) : nil)
      json.field(
        "range",
        object: { json in
          json.field("fromNs", graph.range.from)
          json.field("toNs", graph.range.to)
        })
    }
    return json.text + "\n"
  }
}
