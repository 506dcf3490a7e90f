extension GraphLayout {
  /// A graph as layers of elements, ordered to cross little and placed left to right: its
  /// nodes, and a dummy for each layer an edge passes through.
  struct Layering {
    /// Sweeps of barycentre ordering tried at most.
    static let sweeps = 24
    /// Rounds of pulling elements towards their neighbours.
    static let placementRounds = 24
    /// Rows a layer too wide is cut into at most: a graph wider than that scrolls.
    static let wrapRows = 6

    /// The graph's node count: elements below it are nodes, the rest dummies.
    let nodeCount: Int
    /// By element: its layer, 0 at the top.
    var layer: [Int]
    /// By element: its width (a node's box, a dummy's room).
    var width: [Double]
    /// By element: the room its self-loops and their labels take right of its box.
    var loopRoom: [Double]
    /// By edge: the elements it passes, from its upper end to its lower end (empty for a
    /// self-loop).
    var chains: [[Int]]
    /// By edge: whether it points up (it closed a cycle and was turned around).
    var reversed: [Bool]
    /// By element: the elements it is joined to in the layer above, and in the layer below.
    var uppers: [[Int]]
    var lowers: [[Int]]
    /// By layer: its elements left to right.
    var order: [[Int]]
    /// By element: its index in its layer.
    var position: [Int]

    /// The layering of `graph` whose nodes are `widths` wide and need `loopRoom` right of
    /// their boxes.
    static func make(_ graph: CauseGraph, widths: [Double], loopRoom: [Double], metrics: Metrics) -> Layering
    {
      let reversed = backEdges(graph)
      let ranks = ranks(graph, reversed: reversed)
      var layering = Layering(
        graph, ranks: ranks, reversed: reversed, widths: widths, loopRoom: loopRoom, metrics: metrics)
      layering.reduceCrossings()
      guard let (wrapped, groups) = layering.wrapped(metrics: metrics) else { return layering }
      layering = Layering(
        graph, ranks: wrapped, reversed: reversed, widths: widths, loopRoom: loopRoom, metrics: metrics)
      layering.reduceCrossings()
      layering.alignColumns(groups)
      return layering
    }

    init(
      _ graph: CauseGraph, ranks: [Int], reversed: [Bool], widths: [Double], loopRoom: [Double],
      metrics: Metrics
    ) {
      nodeCount = graph.nodes.count
      layer = ranks
      width = widths
      self.loopRoom = loopRoom
      self.reversed = reversed
      chains = []
      for (index, edge) in graph.edges.enumerated() {
        guard edge.from != edge.to else {
          chains.append([])
          continue
        }
        let (upper, lower) = reversed[index] ? (edge.to, edge.from) : (edge.from, edge.to)
        var chain = [upper]
        for rank in (ranks[upper] + 1)..<ranks[lower] {
          chain.append(layer.count)
          layer.append(rank)
          width.append(metrics.dummyWidth)
          self.loopRoom.append(0)
        }
        chain.append(lower)
        chains.append(chain)
      }
      uppers = Array(repeating: [], count: layer.count)
      lowers = Array(repeating: [], count: layer.count)
      for chain in chains {
        for (upper, lower) in zip(chain, chain.dropFirst()) {
          lowers[upper].append(lower)
          uppers[lower].append(upper)
        }
      }
      order = Array(repeating: [], count: (layer.max() ?? -1) + 1)
      for element in layer.indices { order[layer[element]].append(element) }
      position = Array(repeating: 0, count: layer.count)
      renumber()
    }

    /// Whether `element` is a dummy (a point an edge passes through a layer at).
    func isDummy(_ element: Int) -> Bool { element >= nodeCount }

    // MARK: - Layers

    /// By edge: whether it closes a cycle (self-loops do not).
    ///
    /// Cycles are found by a depth-first search from the nodes without causes (then from the
    /// rest, in index order), following edges in order of their effect.
    static func backEdges(_ graph: CauseGraph) -> [Bool] {
      let count = graph.nodes.count
      var outgoing = [[Int]](repeating: [], count: count)
      var hasCause = [Bool](repeating: false, count: count)
      for (index, edge) in graph.edges.enumerated() where edge.from != edge.to {
        outgoing[edge.from].append(index)
        hasCause[edge.to] = true
      }
      for node in 0..<count {
        outgoing[node].sort { (graph.edges[$0].to, $0) < (graph.edges[$1].to, $1) }
      }
      var state = [UInt8](repeating: 0, count: count)  // 0 new, 1 on the stack, 2 done
      var reversed = [Bool](repeating: false, count: graph.edges.count)
      let roots = (0..<count).filter { !hasCause[$0] } + Array(0..<count)
      for root in roots where state[root] == 0 {
        var stack: [(node: Int, next: Int)] = [(root, 0)]
        state[root] = 1
        while let top = stack.last {
          guard top.next < outgoing[top.node].count else {
            state[top.node] = 2
            stack.removeLast()
            continue
          }
          stack[stack.count - 1].next += 1
          let edge = outgoing[top.node][top.next]
          let to = graph.edges[edge].to
          if state[to] == 1 {
            reversed[edge] = true
          } else if state[to] == 0 {
            state[to] = 1
            stack.append((to, 0))
          }
        }
      }
      return reversed
    }

    /// By node: its layer, the longest path to it once `reversed` edges are turned around; a
    /// node without causes sits just above its nearest effect; no layer is empty.
    static func ranks(_ graph: CauseGraph, reversed: [Bool]) -> [Int] {
      let count = graph.nodes.count
      var successors = [[Int]](repeating: [], count: count)
      var incoming = [Int](repeating: 0, count: count)
      for (index, edge) in graph.edges.enumerated() where edge.from != edge.to {
        let (upper, lower) = reversed[index] ? (edge.to, edge.from) : (edge.from, edge.to)
        successors[upper].append(lower)
        incoming[lower] += 1
      }
      let isSource = incoming.map { $0 == 0 }
      var ranks = [Int](repeating: 0, count: count)
      var queue = (0..<count).filter { incoming[$0] == 0 }
      var head = 0
      while head < queue.count {
        let node = queue[head]
        head += 1
        for next in successors[node] {
          ranks[next] = max(ranks[next], ranks[node] + 1)
          incoming[next] -= 1
          if incoming[next] == 0 { queue.append(next) }
        }
      }
      for node in 0..<count where isSource[node] {
        if let nearest = successors[node].map({ ranks[$0] }).min() { ranks[node] = nearest - 1 }
      }
      let used = Set(ranks).sorted()
      var compact = [Int: Int]()
      for (index, rank) in used.enumerated() { compact[rank] = index }
      return ranks.map { compact[$0] ?? 0 }
    }

    /// Each node's layer once layers too wide for `metrics.maxWidth` are cut into rows.
    ///
    /// Each row is a layer of its own; `groups` holds the rows of each layer cut, each row in
    /// its order (its columns). Nil when no layer is cut.
    ///
    /// A layer's nodes are cut, in order, into runs of one length (the last may be shorter).
    /// The edges into a lower row pass through the rows above it, so a row's width counts a
    /// dummy for each node below it. A layer is cut into the fewest rows that fit, else into
    /// those (at most ``wrapRows``) that make its widest row narrowest, and only when that row
    /// is at most ¾ of the layer uncut.
    func wrapped(metrics: Metrics) -> (ranks: [Int], groups: [[[Int]]])? {
      var ranks = Array(layer.prefix(nodeCount))
      var groups: [[[Int]]] = []
      var shift = 0
      for (rank, elements) in order.enumerated() {
        let nodes = elements.filter { $0 < nodeCount }
        func rows(_ count: Int) -> [[Int]] {
          let size = (nodes.count + count - 1) / count
          return stride(from: 0, to: nodes.count, by: size).map {
            Array(nodes[$0..<min($0 + size, nodes.count)])
          }
        }
        func widest(_ rows: [[Int]]) -> Double {
          var below = 0
          var result = 0.0
          for row in rows.reversed() {
            let span = row.reduce(0) { $0 + width[$1] } + Double(max(row.count - 1, 0)) * metrics.nodeGap
            result = max(result, span + Double(below) * (metrics.dummyWidth + metrics.edgeGap))
            below += row.count
          }
          return result
        }
        let whole = widest([nodes])
        var best = [nodes]
        if whole > metrics.maxWidth {
          var narrowest = whole
          for count in 2..<max(min(nodes.count, Self.wrapRows) + 1, 2) {
            let cut = rows(count)
            let width = widest(cut)
            if width < narrowest {
              narrowest = width
              best = cut
            }
            if width <= metrics.maxWidth { break }
          }
          if narrowest > whole * 0.75 { best = [nodes] }
        }
        for (index, row) in best.enumerated() { for node in row { ranks[node] = rank + shift + index } }
        shift += best.count - 1
        if best.count > 1 { groups.append(best) }
      }
      return groups.isEmpty ? nil : (ranks, groups)
    }

    /// Orders the rows of each cut layer as a grid: each row's nodes in their columns, and
    /// right of each node the edges passing down to the nodes below it in its column.
    mutating func alignColumns(_ groups: [[[Int]]]) {
      var lowerEnd = [Int: Int]()
      for chain in chains where chain.count > 2 {
        for dummy in chain.dropFirst().dropLast() { lowerEnd[dummy] = chain.last }
      }
      for rows in groups {
        var column = [Int: Double]()
        for row in rows { for (index, node) in row.enumerated() { column[node] = Double(index) } }
        for row in rows {
          guard let rank = row.first.map({ layer[$0] }) else { continue }
          let keyed = order[rank].enumerated().map { index, element -> (key: Double, at: Int, element: Int) in
            if let key = column[element] { return (key, index, element) }
            if let end = lowerEnd[element], let key = column[end] { return (key + 0.5, index, element) }
            return (Double(rows[0].count), index, element)
          }
          order[rank] = keyed.sorted { ($0.key, $0.at) < ($1.key, $1.at) }.map(\.element)
        }
      }
      renumber()
    }

    // MARK: - Order

    /// Orders each layer by the barycentre of its neighbours' positions, sweeping down and up,
    /// each sweep followed by swaps of neighbours that cross less; keeps the best order seen.
    mutating func reduceCrossings() {
      guard order.count > 1 else { return }
      var best = order
      var fewest = crossings()
      var sweep = 0
      while fewest > 0 && sweep < Self.sweeps {
        let downward = sweep % 2 == 0
        let layers = downward ? Array(1..<order.count) : Array((0..<order.count - 1).reversed())
        for rank in layers { sortByBarycentre(rank, downward: downward) }
        transpose()
        let count = crossings()
        if count < fewest {
          fewest = count
          best = order
        }
        sweep += 1
      }
      order = best
      renumber()
    }

    private mutating func sortByBarycentre(_ rank: Int, downward: Bool) {
      let keyed = order[rank].map { element -> (key: Double, at: Int, element: Int) in
        let neighbours = downward ? uppers[element] : lowers[element]
        guard !neighbours.isEmpty else { return (Double(position[element]), position[element], element) }
        let mean = Double(neighbours.reduce(0) { $0 + position[$1] }) / Double(neighbours.count)
        return (mean, position[element], element)
      }
      order[rank] = keyed.sorted { ($0.key, $0.at) < ($1.key, $1.at) }.map(\.element)
      for (index, element) in order[rank].enumerated() { position[element] = index }
    }

    /// Swaps neighbours in a layer while that lowers the crossings of their own edges.
    private mutating func transpose() {
      var improved = true
      var rounds = 0
      while improved && rounds < layer.count {
        improved = false
        rounds += 1
        for rank in order.indices where order[rank].count > 1 {
          for index in 0..<(order[rank].count - 1) {
            let (left, right) = (order[rank][index], order[rank][index + 1])
            guard crossings(left, right) > crossings(right, left) else { continue }
            order[rank].swapAt(index, index + 1)
            position[left] = index + 1
            position[right] = index
            improved = true
          }
        }
      }
    }

    /// The crossings of `left`'s and `right`'s edges if `left` is left of `right`.
    private func crossings(_ left: Int, _ right: Int) -> Int {
      func inversions(_ a: [Int], _ b: [Int]) -> Int {
        var count = 0
        for p in a { for q in b where position[p] > position[q] { count += 1 } }
        return count
      }
      return inversions(uppers[left], uppers[right]) + inversions(lowers[left], lowers[right])
    }

    /// Edge crossings between every two neighbouring layers.
    ///
    /// - Complexity: O(s²) in the segments between two layers.
    func crossings() -> Int {
      var count = 0
      for elements in order {
        var segments: [(Int, Int)] = []
        for element in elements {
          for lower in lowers[element] { segments.append((position[element], position[lower])) }
        }
        for i in segments.indices {
          for j in segments.indices where j > i {
            if (segments[i].0 - segments[j].0) * (segments[i].1 - segments[j].1) < 0 { count += 1 }
          }
        }
      }
      return count
    }

    private mutating func renumber() {
      for elements in order { for (index, element) in elements.enumerated() { position[element] = index } }
    }

    // MARK: - Placement

    /// By element: the x of its centre.
    ///
    /// Each layer starts packed and centred; then, in rounds down, up and both ways, each
    /// element's wanted x is the weighted mean of its neighbours' (dummies pull each other
    /// hardest, so long edges run straight), and the layer takes the positions nearest the
    /// wanted ones that keep its order and gaps.
    func xCoordinates(metrics: Metrics) -> [Double] {
      var x = [Double](repeating: 0, count: layer.count)
      for elements in order {
        var cursor = 0.0
        for (index, element) in elements.enumerated() {
          if index > 0 { cursor += separation(elements[index - 1], element, metrics: metrics) }
          x[element] = cursor
        }
        for element in elements { x[element] -= cursor / 2 }
      }
      for round in 0..<Self.placementRounds {
        let phase = round >= Self.placementRounds - 4 ? 2 : round % 2
        let layers = phase == 1 ? Array(order.indices.reversed()) : Array(order.indices)
        for rank in layers where !order[rank].isEmpty {
          let elements = order[rank]
          var wanted: [Double] = []
          var weights: [Double] = []
          for element in elements {
            let neighbours =
              phase == 0 ? uppers[element] : phase == 1 ? lowers[element] : uppers[element] + lowers[element]
            var total = 0.0
            var sum = 0.0
            for neighbour in neighbours {
              let weight = pull(element, neighbour)
              total += weight
              sum += weight * x[neighbour]
            }
            wanted.append(total > 0 ? sum / total : x[element])
            weights.append(total > 0 ? total : 0.01)
          }
          let gaps = zip(elements, elements.dropFirst()).map { separation($0, $1, metrics: metrics) }
          let placed = Self.nearestOrdered(wanted, weights: weights, gaps: gaps)
          for (element, value) in zip(elements, placed) { x[element] = value }
        }
      }
      return x
    }

    /// How hard `a` and `b` pull each other: 8 for two dummies, 2 for a dummy and a node, 1
    /// for two nodes.
    private func pull(_ a: Int, _ b: Int) -> Double {
      switch (isDummy(a), isDummy(b)) {
      case (true, true): 8
      case (false, false): 1
      default: 2
      }
    }

    /// The least distance between the centres of `left` and `right`, neighbours in a layer.
    func separation(_ left: Int, _ right: Int, metrics: Metrics) -> Double {
      let gap =
        isDummy(left) && isDummy(right)
        ? metrics.edgeGap : isDummy(left) || isDummy(right) ? metrics.dummyGap : metrics.nodeGap
      return width[left] / 2 + loopRoom[left] + gap + width[right] / 2
    }

    /// The positions nearest `wanted` (least weighted squares) with each at least `gaps[i]`
    /// right of the one before: an isotonic regression by pooling adjacent violators.
    ///
    /// - Complexity: O(n).
    static func nearestOrdered(_ wanted: [Double], weights: [Double], gaps: [Double]) -> [Double] {
      var offsets = [0.0]
      for gap in gaps { offsets.append((offsets.last ?? 0) + gap) }
      var blocks: [(weight: Double, sum: Double, count: Int)] = []
      for index in wanted.indices {
        blocks.append((weights[index], weights[index] * (wanted[index] - offsets[index]), 1))
        while blocks.count > 1 {
          let (last, before) = (blocks[blocks.count - 1], blocks[blocks.count - 2])
          guard before.sum / before.weight > last.sum / last.weight else { break }
          blocks.removeLast(2)
          blocks.append((before.weight + last.weight, before.sum + last.sum, before.count + last.count))
        }
      }
      var result: [Double] = []
      for block in blocks {
        for _ in 0..<block.count { result.append(block.sum / block.weight + offsets[result.count]) }
      }
      return result
    }
  }
}
