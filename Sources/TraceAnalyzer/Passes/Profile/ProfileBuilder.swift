import TraceModel

/// Names the functions of attributed samples: per node its frames, hot app frames and what
/// each hot frame calls (and its icicle, when asked); the folded stacks; the dangling symbol ids.
struct ProfileBuilder {
  /// Every node: the summary's groups first (the attribution's numbers), then the views of
  /// updates outside the inspection range.
  let keys: [ViewKey]
  let attribution: SampleAttribution
  var functions: FunctionCatalog
  /// Per part: its stacks and the lines before it.
  let stacks: [(table: StackTable, lineOffset: Int)]
  let view: String?
  /// Whether to gather the folded stacks.
  let wantsStacks: Bool
  /// The nodes to draw an icicle of (``NodeProfile/icicle``).
  var icicles: Set<ViewKey> = []

  /// A resolved stack: function indices leaf first, and its hot app frame's position.
  private struct Resolved {
    var functions: [Int]
    /// The position in `functions` of the leaf-most app function that is not the entry point.
    var hot: Int?
    /// Each function of the stack once.
    var distinct: [Int]
    /// Each function leafward of the hot one once.
    var calls: [Int]
    /// The ids no symbol defines.
    var dangling: [Int64]
  }

  /// What a node's samples add up to, by function index.
  private struct Tally {
    var samples = 0
    var ns: Int64 = 0
    var selfNs: [Int: Int64] = [:]
    var totalNs: [Int: Int64] = [:]
    /// By hot function index (-1: `(system)`).
    var hot: [Int: Int64] = [:]
    /// By hot function index: the functions leafward of it.
    var calls: [Int: [Int: Int64]] = [:]

    mutating func add(_ stack: Resolved, ns: Int64, samples: Int) {
      self.samples += samples
      self.ns = self.ns.saturatingAdd(ns)
      if let leaf = stack.functions.first {
        selfNs[leaf, default: 0] = selfNs[leaf, default: 0].saturatingAdd(ns)
      }
      for function in stack.distinct {
        totalNs[function, default: 0] = totalNs[function, default: 0].saturatingAdd(ns)
      }
      let hotFunction = stack.hot.map { stack.functions[$0] } ?? -1
      hot[hotFunction, default: 0] = hot[hotFunction, default: 0].saturatingAdd(ns)
      guard stack.hot != nil else { return }
      for function in stack.calls {
        calls[hotFunction, default: [:]][function, default: 0] = calls[hotFunction, default: [:]][
          function, default: 0
        ]
        .saturatingAdd(ns)
      }
    }
  }

  mutating func profile() -> Profile {
    var resolved: [[Resolved?]] = stacks.map { Array(repeating: nil, count: $0.table.stacks.count) }
    var tallies: [Int: Tally] = [:]
    var outside = (samples: 0, ns: Int64(0))
    var total = (samples: 0, ns: Int64(0))
    let matches = view.map { query in keys.indices.filter { keys[$0].matches(query) } }
    let focus = matches.flatMap { $0.count == 1 ? $0[0] : nil }
    // Folded stacks by function indices, for every sample or the focus's.
    var folded: [[Int]: Int64] = [:]
    // The call trees of the nodes to draw, by group.
    var trees: [Int: CallTree] = [:]
    for group in keys.indices where icicles.contains(keys[group]) { trees[group] = CallTree() }
    // Dangling ids: samples whose stack holds it, first line.
    var danglingUse: [Int64: (samples: Int, line: Int)] = [:]
    // In a stable order: by part, stack, group.
    let entries = attribution.weights.sorted {
      ($0.key.part, $0.key.stack, $0.key.group) < ($1.key.part, $1.key.stack, $1.key.group)
    }
    for (key, weight) in entries {
      let part = Int(key.part)
      let index = Int(key.stack)
      let stack: Resolved
      if let found = resolved[part][index] {
        stack = found
      } else {
        let ids = stacks[part].table.stacks[index]
        let indices = ids.map { functions.function(of: $0) }
        let hot = indices.firstIndex { function in
          let entry = functions.functions[function]
          return entry.user && !FunctionCatalog.isEntryPoint(entry.name)
        }
        let dangling =
          functions.dangling.isEmpty ? [] : Array(Set(ids.filter { functions.dangling.contains($0) }))
        stack = Resolved(
          functions: indices, hot: hot, distinct: Self.distinct(indices[...]),
          calls: hot.map { Self.distinct(indices[..<$0]) } ?? [], dangling: dangling)
        resolved[part][index] = stack
      }
      for id in stack.dangling {
        let line = stacks[part].lineOffset + stacks[part].table.firstLines[index]
        let use = danglingUse[id]
        danglingUse[id] = ((use?.samples ?? 0) + weight.samples, min(use?.line ?? .max, line))
      }
      total.samples += weight.samples
      total.ns = total.ns.saturatingAdd(weight.ns)
      let group = Int(key.group)
      if wantsStacks && (focus == nil || focus == group) {
        folded[stack.functions, default: 0] = folded[stack.functions, default: 0].saturatingAdd(weight.ns)
      }
      guard group >= 0 else {
        outside.samples += weight.samples
        outside.ns = outside.ns.saturatingAdd(weight.ns)
        continue
      }
      tallies[group, default: Tally()].add(stack, ns: weight.ns, samples: weight.samples)
      trees[group]?.add(stack.functions.reversed(), ns: weight.ns)
    }
    var nodes = tallies.map { group, tally in node(group, tally, tree: trees[group]) }
    nodes.sort { a, b in
      if a.sampledNs != b.sampledNs { return a.sampledNs > b.sampledNs }
      if a.label != b.label { return Self.precedes(a.label, b.label) }
      return a.key < b.key
    }
    let stackWeights = folded.map { functions, ns in
      Profile.StackWeight(names: functions.reversed().map { self.functions.functions[$0].name }, ns: ns)
    }
    return Profile(
      nodes: nodes, focus: focus.map { node($0, tallies[$0] ?? Tally(), tree: trees[$0]) },
      focusMatches: (matches.map { $0.map { keys[$0] } } ?? []).sorted(),
      samples: total.samples, sampledNs: total.ns, outsideUpdatesSamples: outside.samples,
      outsideUpdatesNs: outside.ns, stacks: stackWeights,
      dangling: danglingUse.map {
        Profile.DanglingSymbol(id: $0.key, samples: $0.value.samples, line: $0.value.line)
      }
      .sorted { $0.id < $1.id })
  }

  private func node(_ group: Int, _ tally: Tally, tree: CallTree?) -> NodeProfile {
    let catalog = functions.functions
    func time(_ function: Int, selfNs: Int64, totalNs: Int64) -> Profile.FunctionTime {
      Profile.FunctionTime(
        name: catalog[function].name, binary: catalog[function].binary, selfNs: selfNs, totalNs: totalNs)
    }
    let frames = tally.totalNs.map { function, totalNs in
      time(function, selfNs: tally.selfNs[function] ?? 0, totalNs: totalNs)
    }.sorted(by: Self.heavier)
    let hot = tally.hot.map { function, ns in
      Profile.HotFrame(name: function < 0 ? "(system)" : catalog[function].name, ns: ns)
    }.sorted { a, b in a.ns != b.ns ? a.ns > b.ns : Self.precedes(a.name, b.name) }
    // By the hot frame's name: functions of one name in two binaries are one entry, their
    // callees added (in function order, so the result does not depend on hashing).
    var merged: [String: [Int: Int64]] = [:]
    for (hotFunction, called) in tally.calls.sorted(by: { $0.key < $1.key }) {
      for (function, ns) in called {
        merged[catalog[hotFunction].name, default: [:]][function, default: 0] = merged[
          catalog[hotFunction].name, default: [:]][function, default: 0].saturatingAdd(ns)
      }
    }
    var calls: [String: [Profile.FunctionTime]] = [:]
    for (name, called) in merged {
      calls[name] = called.map { function, ns in
        time(function, selfNs: tally.selfNs[function] ?? 0, totalNs: ns)
      }.sorted(by: Self.heavier)
    }
    let key = keys[group]
    let label = RuleContext.label(of: key)
    var node = NodeProfile(
      key: key, label: label, samples: tally.samples, sampledNs: tally.ns,
      updateNs: group < attribution.updateNs.count ? attribution.updateNs[group] : 0, hotAppFrames: hot,
      frames: frames, calls: calls)
    if let tree, tally.samples > 0 {
      node.icicle = Icicle(tree, functions: catalog, label: label, samples: tally.samples)
    }
    return node
  }

  /// `functions` without repeats, in first-seen order.
  private static func distinct(_ functions: ArraySlice<Int>) -> [Int] {
    guard functions.count > 32 else {
      var seen: [Int] = []
      for function in functions where !seen.contains(function) { seen.append(function) }
      return seen
    }
    var set = Set<Int>()
    return functions.filter { set.insert($0).inserted }
  }

  /// Frames by total time, then self time, then name and binary (code point; no binary first).
  static func heavier(_ a: Profile.FunctionTime, _ b: Profile.FunctionTime) -> Bool {
    if a.totalNs != b.totalNs { return a.totalNs > b.totalNs }
    if a.selfNs != b.selfNs { return a.selfNs > b.selfNs }
    if a.name != b.name { return precedes(a.name, b.name) }
    switch (a.binary, b.binary) {
    case (nil, nil): return false
    case (nil, _): return true
    case (_, nil): return false
    case (let x?, let y?): return precedes(x, y)
    }
  }

  /// Code-point order (Swift's `<` on strings is by canonical equivalence, not code points).
  static func precedes(_ a: String, _ b: String) -> Bool {
    a.unicodeScalars.lexicographicallyPrecedes(b.unicodeScalars)
  }
}
