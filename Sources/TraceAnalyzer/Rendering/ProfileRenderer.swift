/// Renders a ``Profile`` as text a person acts on, as the spec's JSON, or as folded stacks.
package enum ProfileRenderer {
  /// Hot app frames listed per node in text.
  static let hotFrameLimit = 5
  /// Fewer samples than this say little about a node: the text says so.
  static let fewSamples = 5
  /// The call tree indents at most this many levels (a recursion thousands deep stays readable).
  static let indentLimit = 40
  /// The call tree drops a branch under this share of the node's samples.
  static let treeFloor = 0.01

  // MARK: - Text

  /// Per node with samples: sampled time against its updates' time, coverage and what it
  /// means, and its hottest app frames; with a focus, that node's call tree and frames.
  package static func render(_ profile: Profile, style: TextStyle = .plain) -> String {
    var out = ""
    out += "Samples: \(Count.text(profile.samples)) (\(DurationText.format(profile.sampledNs)))"
    if profile.samples > 0 {
      out +=
        " · \(Count.text(profile.outsideUpdatesSamples)) outside updates "
        + "(\(DurationText.format(profile.outsideUpdatesNs)))"
    }
    out += "\n"
    if let focus = profile.focus {
      out += "\n" + node(focus, style: style)
      guard focus.samples > 0 else {
        out += "  no samples fell inside its updates\n"
        return out
      }
      out += "\n" + style.bold("Call tree") + " (top-down, branches under 1 % left out)\n"
      out += callTree(profile.stacks, total: focus.sampledNs)
      out += "\n" + style.bold("Frames") + " (self · total)\n"
      for frame in focus.frames.prefix(15) {
        let binary = frame.binary.map { "  (\($0))" } ?? ""
        out +=
          "  \(pad(DurationText.format(frame.selfNs), 9)) · \(pad(DurationText.format(frame.totalNs), 9))  "
          + "\(frame.name)\(binary)\n"
      }
      if focus.frames.count > 15 { out += "  … \(Count.text(focus.frames.count - 15)) more\n" }
      return out
    }
    guard !profile.nodes.isEmpty else {
      out +=
        profile.samples == 0
        ? "No samples: record with the Time Profiler instrument (or write `sample` events) to see where a body's time goes.\n"
        : "No sample fell inside an update.\n"
      return out
    }
    for node in profile.nodes { out += "\n" + self.node(node, style: style) }
    return out
  }

  private static func node(_ node: NodeProfile, style: TextStyle) -> String {
    var out = style.bold(node.label) + "  (\(node.key.description))\n"
    out +=
      "  \(DurationText.format(node.sampledNs)) sampled in \(Count.text(node.samples)) "
      + "\(node.samples == 1 ? "sample" : "samples") of \(DurationText.format(node.updateNs)) in its updates"
    if let verdict = node.verdict {
      out += " (coverage \(percent(node.coverage))): \(verdict.meaning)"
      out +=
        node.samples < fewSamples
        ? " (\(Count.text(node.samples)) \(node.samples == 1 ? "sample" : "samples"): too few to be sure)\n"
        : "\n"
    } else {
      out += "\n"
    }
    for frame in node.hotAppFrames.prefix(hotFrameLimit) {
      let share = node.sampledNs == 0 ? 0 : Double(frame.ns) / Double(node.sampledNs)
      out += "  \(pad(percent(share), 5))  \(frame.name)\n"
    }
    if node.hotAppFrames.count > hotFrameLimit {
      out += "  … \(Count.text(node.hotAppFrames.count - hotFrameLimit)) more app frames\n"
    }
    return out
  }

  /// The stacks as a tree, root first, each branch with its share of `total`.
  private static func callTree(_ stacks: [Profile.StackWeight], total: Int64) -> String {
    // Branches in one array (children by index), walked with a stack of its own: a stack
    // thousands of frames deep neither recurses nor frees a chain of objects.
    var names: [String] = [""]
    var weights: [Int64] = [0]
    var children: [[String: Int]] = [[:]]
    for stack in stacks {
      var branch = 0
      for name in stack.names.isEmpty ? ["(no frames)"] : stack.names {
        let child: Int
        if let found = children[branch][name] {
          child = found
        } else {
          child = names.count
          names.append(name)
          weights.append(0)
          children.append([:])
          children[branch][name] = child
        }
        weights[child] = weights[child].saturatingAdd(stack.ns)
        branch = child
      }
    }
    func ordered(_ branch: Int) -> [Int] {
      children[branch].values.sorted { a, b in
        weights[a] != weights[b] ? weights[a] > weights[b] : ProfileBuilder.precedes(names[a], names[b])
      }
    }
    var out = ""
    var pending = ordered(0).reversed().map { (branch: $0, depth: 0) }
    while let (branch, depth) = pending.popLast() {
      let share = total == 0 ? 0 : Double(weights[branch]) / Double(total)
      guard share >= treeFloor else { continue }
      out +=
        "  \(pad(percent(share), 5))  \(pad(DurationText.format(weights[branch]), 9))  "
        + String(repeating: "  ", count: min(depth, indentLimit)) + names[branch] + "\n"
      pending += ordered(branch).reversed().map { (branch: $0, depth: depth + 1) }
    }
    return out
  }

  // MARK: - JSON

  /// The spec's profile JSON: one node with a focus, else every node with samples.
  package static func renderJSON(_ profile: Profile) -> String {
    var json = JSONWriter()
    if let focus = profile.focus {
      json.object { node(focus, into: &$0) }
    } else {
      json.object { json in
        json.field(
          "nodes",
          array: { json in
            for node in profile.nodes { json.object { self.node(node, into: &$0) } }
          })
        json.field("samples", profile.samples)
        json.field("outsideUpdatesSamples", profile.outsideUpdatesSamples)
        json.field("outsideUpdatesNs", profile.outsideUpdatesNs)
      }
    }
    return json.text + "\n"
  }

  static func node(_ node: NodeProfile, into json: inout JSONWriter) {
    json.field("node", node.label)
    json.field("module", node.key.module)
    json.field("kind", node.key.kind.description)
    json.field("samples", node.samples)
    json.field("sampledNs", node.sampledNs)
    json.field("updateNs", node.updateNs)
    json.field("coverage", node.coverage)
    json.field("verdict", node.verdict?.rawValue)
    json.key("hotAppFrames")
    hotFrames(node.hotAppFrames[...], into: &json)
    json.field(
      "frames",
      array: { json in
        for frame in node.frames {
          json.object { json in
            json.field("name", frame.name)
            json.field("binary", frame.binary)
            json.field("selfNs", frame.selfNs)
            json.field("totalNs", frame.totalNs)
          }
        }
      })
  }

  /// `[{"name":…,"ns":…}, …]`.
  static func hotFrames(_ frames: ArraySlice<Profile.HotFrame>, into json: inout JSONWriter) {
    json.array { json in
      for frame in frames {
        json.object { json in
          json.field("name", frame.name)
          json.field("ns", frame.ns)
        }
      }
    }
  }

  // MARK: - Folded

  /// One line per distinct stack, root first and `;`-separated, and its weight in whole µs:
  /// the input of flamegraph.pl, inferno and speedscope.
  package static func renderFolded(_ profile: Profile) -> String {
    var lines: [String: Int64] = [:]
    for stack in profile.stacks {
      let text =
        stack.names.isEmpty
        ? "(no frames)"
        : stack.names.map { name in
          String(String.UnicodeScalarView(name.unicodeScalars.map { ";\n\r".unicodeScalars.contains($0) ? " " : $0 }))
        }.joined(separator: ";")
      lines[text, default: 0] = lines[text, default: 0].saturatingAdd(stack.ns)
    }
    return lines.sorted { ProfileBuilder.precedes($0.key, $1.key) }.map { text, ns in
      "\(text) \(ns / 1000 + (ns % 1000 >= 500 ? 1 : 0))\n"
    }.joined()
  }

  private static func percent(_ share: Double) -> String { SampleVerdict.percent(share) }

  private static func pad(_ text: String, _ width: Int) -> String {
    String(repeating: " ", count: max(0, width - text.count)) + text
  }
}
