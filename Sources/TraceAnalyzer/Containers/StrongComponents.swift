/// The strongly connected components of a directed graph (Tarjan's algorithm, iterative).
enum StrongComponents {
  /// The component of each node `0..<nodes`, numbered densely from 0.
  ///
  /// Two nodes share a number exactly when each reaches the other.
  ///
  /// - Complexity: O(nodes + edges).
  static func components(nodes: Int, edges: [(from: Int, to: Int)]) -> [Int] {
    var successors = [[Int]](repeating: [], count: nodes)
    for edge in edges { successors[edge.from].append(edge.to) }
    var index = [Int](repeating: -1, count: nodes)
    var lowLink = [Int](repeating: 0, count: nodes)
    var onStack = [Bool](repeating: false, count: nodes)
    var component = [Int](repeating: -1, count: nodes)
    var stack: [Int] = []
    var next = 0
    var components = 0
    // The depth-first path: each node with the position of its next successor to visit.
    var path: [(node: Int, successor: Int)] = []
    for root in 0..<nodes where index[root] < 0 {
      path.append((root, 0))
      index[root] = next
      lowLink[root] = next
      next += 1
      stack.append(root)
      onStack[root] = true
      while let (node, position) = path.last {
        if position < successors[node].count {
          path[path.count - 1].successor += 1
          let successor = successors[node][position]
          if index[successor] < 0 {
            index[successor] = next
            lowLink[successor] = next
            next += 1
            stack.append(successor)
            onStack[successor] = true
            path.append((successor, 0))
          } else if onStack[successor] {
            lowLink[node] = min(lowLink[node], index[successor])
          }
          continue
        }
        path.removeLast()
        if let parent = path.last { lowLink[parent.node] = min(lowLink[parent.node], lowLink[node]) }
        if lowLink[node] == index[node] {
          while let member = stack.popLast() {
            onStack[member] = false
            component[member] = components
            if member == node { break }
          }
          components += 1
        }
      }
    }
    return component
  }
}
