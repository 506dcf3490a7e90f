extension CauseGraph {
  /// One line saying what the graph shows: the file, the view or whole graph, the counts.
  package var headline: String {
    var text = "tracecli cause-graph: \(file)"
    if let view = selection.view {
      text += ", view \(view) (\(selection.direction)"
      if let depth = selection.depth { text += ", depth \(depth)" }
      text += ")"
    } else {
      text += ", whole graph"
    }
    if !range.isUnbounded {
      let from = range.from.map(DurationText.seconds) ?? "start"
      text += ", range \(from) ..< \(range.to.map(DurationText.seconds) ?? "end")"
    }
    if !windows.isEmpty {
      text +=
        ", \(windows.count == 1 ? "window" : "windows") " + windows.map { "'\($0)'" }.joined(separator: ", ")
    }
    if selection.minCount > 1 { text += ", edges counted at least \(selection.minCount) times" }
    return text
      + "; \(nodes.count) \(nodes.count == 1 ? "node" : "nodes"), \(edges.count) \(edges.count == 1 ? "edge" : "edges")"
  }

  /// What a reader must know that the graph does not show.
  ///
  /// Edges left out by the cap, dangling causes, causes the range could not place; empty when
  /// there is nothing to say.
  package var notes: [String] {
    var notes: [String] = []
    if causes.counted == 0 && edges.isEmpty {
      notes.append(
        range.isUnbounded && windows.isEmpty
          ? "the trace has no cause events" : "no cause events in the \(windows.isEmpty ? "range" : "window")"
      )
    }
    if !omitted.isEmpty {
      var text = "only the \(edges.count) largest edges are shown: \(omitted.edges) more "
      text += omitted.edges == 1 ? "edge" : "edges"
      text += " and \(omitted.nodes) more \(omitted.nodes == 1 ? "node" : "nodes") left out"
      if let limit = selection.edgeLimit { text += " (limit \(limit); --all shows everything)" }
      notes.append(text)
    }
    if dangling.count > 0 {
      var places = dangling.first.map { "#\($0.id) on line \($0.line)" }.joined(separator: ", ")
      if dangling.count > dangling.first.count { places += ", …" }
      let subject = dangling.count == 1 ? "cause names" : "causes name"
      notes.append(
        "\(dangling.count) \(subject) an id no update or source defines (\(places)); drawn to unknown #ID nodes"
      )
    }
    if causes.unplaced > 0 {
      let subject = "\(causes.unplaced) \(causes.unplaced == 1 ? "cause" : "causes") without a time"
      notes.append(
        windows.isEmpty
          ? subject + ", whose target has none either, left out of the range"
          : subject
            + " into a source (or a dangling id) left out of the window: only a cause's own time places it")
    }
    return notes
  }
}
