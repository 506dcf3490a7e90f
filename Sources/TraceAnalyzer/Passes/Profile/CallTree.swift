/// The samples of one node by call path, root first: each vertex a function under its caller's
/// vertex, with the weight of the samples whose stack runs through it there.
///
/// Vertex 0 is the root (no function: every sample). Functions are indices into the profile's
/// ``FunctionCatalog``.
///
/// - Complexity: adding a stack is O(its length); the tree holds at most the summed lengths of
///   the distinct stacks added.
struct CallTree {
  /// By vertex: its function (-1 for the root).
  private(set) var functions: [Int] = [-1]
  /// By vertex: the summed weight of the samples through it, ns.
  private(set) var weights: [Int64] = [0]
  /// By vertex: its children, in the order first added.
  private(set) var children: [[Int]] = [[]]
  /// By vertex: its children by function.
  private var index: [[Int: Int]] = [[:]]

  /// Adds `ns` of samples whose stack is `path`, root first.
  mutating func add(_ path: some Sequence<Int>, ns: Int64) {
    var vertex = 0
    weights[0] = weights[0].saturatingAdd(ns)
    for function in path {
      let next: Int
      if let found = index[vertex][function] {
        next = found
      } else {
        next = functions.count
        functions.append(function)
        weights.append(0)
        children.append([])
        index.append([:])
        children[vertex].append(next)
        index[vertex][function] = next
      }
      weights[next] = weights[next].saturatingAdd(ns)
      vertex = next
    }
  }

  /// The number of vertices, the root included.
  var count: Int { functions.count }
}
