/// The one builder of "did you mean": names close to a misspelt one (views, node labels,
/// commands, options, formats, rule names, budget keys), by one threshold, in one phrase.
package enum Suggestion {
  /// How far a name may be from the query: half the query's length, at least 3 edits.
  static func threshold(_ query: String) -> Int { max(3, query.count / 2) }

  /// Up to `limit` of `names` closest to `query` by edit distance (case-insensitive), within
  /// ``threshold(_:)``, closest first, then by name.
  package static func closest(to query: String, among names: [String], limit: Int = 3) -> [String] {
    let lowered = query.lowercased()
    let characters = Array(lowered)
    return Set(names).map { name in
      let distance = editDistance(characters, Array(name.lowercased()))
      // A whole part of a name (`loop` of `update-loop`) is as good as a typo.
      let parts = name.lowercased().split(whereSeparator: { "-._ ".contains($0) })
      return (parts.count > 1 && parts.contains(where: { $0 == lowered }) ? min(distance, 1) : distance, name)
    }
    .filter { $0.0 <= threshold(query) }.sorted { $0 < $1 }.prefix(limit).map(\.1)
  }

  /// `; did you mean 'a' or 'b'?` for `names`, empty without any. Names are quoted as the
  /// medium they come from quotes them: a command line's with `'`, a JSON file's with `"`.
  package static func phrase(_ names: [String], quote: Character = "'") -> String {
    guard !names.isEmpty else { return "" }
    return "; did you mean " + names.map { "\(quote)\($0)\(quote)" }.joined(separator: " or ") + "?"
  }

  /// ``phrase(_:quote:)`` of the one name of `names` closest to `query`.
  package static func didYouMean(_ query: String, among names: [String], quote: Character = "'") -> String {
    phrase(closest(to: query, among: names, limit: 1), quote: quote)
  }

  /// What a command says when `query` names no view of `file`: the closest names, if any.
  package static func noSuchView(_ query: String, in file: String, suggestions: [String]) -> String {
    "no view named '\(query)' in \(file)" + phrase(suggestions)
  }

  /// ``noSuchView(_:in:suggestions:)`` with the names of `keys` closest to `query`.
  package static func noSuchView(_ query: String, in file: String, among keys: [ViewKey]) -> String {
    noSuchView(query, in: file, suggestions: closest(to: query, in: keys))
  }

  /// Up to `limit` qualified names of `keys` closest to `query` (edit distance, then name).
  package static func closest(to query: String, in keys: [ViewKey], limit: Int = 3) -> [String] {
    let names = Set(keys.map(\.qualifiedName))
    let lowered = Array(query.lowercased())
    let scored = names.map { name -> (Int, String) in
      let plain = name.split(separator: ".").last.map(String.init) ?? name
      let distance = min(
        editDistance(lowered, Array(name.lowercased())), editDistance(lowered, Array(plain.lowercased())))
      // A part of the name (`ListItem`) is as good as a typo; a longer query is not.
      let contains = plain.lowercased().contains(query.lowercased())
      return (contains ? min(distance, 1) : distance, name)
    }
    // Within the threshold, and not much farther than the closest.
    let best = scored.map(\.0).min() ?? 0
    let threshold = min(threshold(query), best + 2)
    return scored.filter { $0.0 <= threshold }.sorted { $0 < $1 }.prefix(limit).map(\.1)
  }

  static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous = Array(0...b.count)
    var current = previous
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        current[j] = min(
          previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
      }
      swap(&previous, &current)
    }
    return previous[b.count]
  }
}
