extension Icicle {
  /// The icicle of `tree`, whose vertices name `functions`: the trunk folded into the node's
  /// box, frames under the merge weight in `other` boxes, at most `boxLimit` boxes in
  /// `rowLimit` rows.
  ///
  /// The merge weight starts at ``minimumShare`` of the samples and grows by a quarter until
  /// the boxes fit (a frame is never heavier than its caller, so the boxes left are always a
  /// tree from the top).
  ///
  /// - Complexity: O(n log n) per try for the n vertices with boxes and their children; at
  ///   most about 30 tries.
  init(
    _ tree: CallTree, functions catalog: [FunctionCatalog.Function], label: String, samples: Int,
    boxLimit: Int = Icicle.boxLimit, rowLimit: Int = Icicle.rowLimit
  ) {
    let total = tree.weights[0]
    // The trunk: while one callee holds every sample of its caller.
    var top = 0
    var trunk: [String] = []
    while tree.children[top].count == 1, let only = tree.children[top].first,
      tree.weights[only] == tree.weights[top]
    {
      trunk.append(catalog[tree.functions[only]].name)
      top = only
    }
    let ordered = Self.ordering(tree, catalog)
    var threshold = max(1, Int64((Double(total) * Self.minimumShare).rounded(.up)))
    while Self.count(tree, from: top, threshold: threshold, rows: rowLimit) > boxLimit {
      threshold = threshold.saturatingAdd(max(1, threshold / 4))
    }
    var boxes = [
      Box(name: label, binary: nil, kind: .node, parent: nil, depth: 0, offsetNs: 0, ns: total, functions: 1)
    ]
    var rowsCut = false
    // Depth first, so that each box comes after its caller's.
    var pending: [(vertex: Int, box: Int)] = [(top, 0)]
    while let (vertex, box) = pending.popLast() {
      let depth = boxes[box].depth + 1
      let callees = ordered(vertex)
      guard depth < rowLimit else {
        if callees.contains(where: { tree.weights[$0] > 0 }) { rowsCut = true }
        continue
      }
      var offset = boxes[box].offsetNs
      var own: [(vertex: Int, box: Int)] = []
      var merged = (functions: 0, ns: Int64(0))
      for callee in callees {
        let ns = tree.weights[callee]
        guard ns >= threshold else {
          merged.functions += 1
          merged.ns = merged.ns.saturatingAdd(ns)
          continue
        }
        let function = catalog[tree.functions[callee]]
        own.append((callee, boxes.count))
        boxes.append(
          Box(
            name: function.name, binary: function.binary, kind: function.user ? .user : .system, parent: box,
            depth: depth, offsetNs: offset, ns: ns, functions: 1))
        offset = offset.saturatingAdd(ns)
      }
      if merged.ns > 0 {
        boxes.append(
          Box(
            name: "other", binary: nil, kind: .other, parent: box, depth: depth, offsetNs: offset,
            ns: merged.ns, functions: merged.functions))
      }
      // Reversed, so that the heaviest callee's boxes come first.
      pending.append(contentsOf: own.reversed())
    }
    self.init(
      label: label, samples: samples, totalNs: total, trunk: trunk, boxes: boxes, mergeBelowNs: threshold,
      rowsCut: rowsCut)
  }

  /// The boxes `threshold` gives below `top` in `rows` rows (the top box's included).
  private static func count(_ tree: CallTree, from top: Int, threshold: Int64, rows: Int) -> Int {
    var count = 1
    var pending = [(vertex: top, depth: 0)]
    while let (vertex, depth) = pending.popLast() {
      guard depth + 1 < rows else { continue }
      var merged: Int64 = 0
      for callee in tree.children[vertex] {
        let ns = tree.weights[callee]
        if ns >= threshold {
          count += 1
          pending.append((callee, depth + 1))
        } else {
          merged = merged.saturatingAdd(ns)
        }
      }
      if merged > 0 { count += 1 }
    }
    return count
  }

  /// A vertex's children, heaviest first, then by name and binary (code point).
  private static func ordering(_ tree: CallTree, _ catalog: [FunctionCatalog.Function]) -> (Int) -> [Int] {
    { vertex in
      tree.children[vertex].sorted { a, b in
        if tree.weights[a] != tree.weights[b] { return tree.weights[a] > tree.weights[b] }
        let x = catalog[tree.functions[a]]
        let y = catalog[tree.functions[b]]
        if x.name != y.name { return ProfileBuilder.precedes(x.name, y.name) }
        return ProfileBuilder.precedes(x.binary ?? "", y.binary ?? "")
      }
    }
  }
}
