/// Suggests names close to a misspelt one: views, node labels, commands, options, keys.
package enum ViewSuggestions {
  /// Up to `limit` of `names` closest to `query` by edit distance (case-insensitive), within
  /// half the query's length (at least 3), closest first, then by name.
  package static func closest(to query: String, among names: [String], limit: Int = 3) -> [String] {
    let lowered = Array(query.lowercased())
    let threshold = max(3, query.count / 2)
    return Set(names).map { (editDistance(lowered, Array($0.lowercased())), $0) }
      .filter { $0.0 <= threshold }.sorted { $0 < $1 }.prefix(limit).map(\.1)
  }

  /// What a command says when `query` names no view of `file`: the closest names, if any.
  package static func noSuchView(_ query: String, in file: String, suggestions: [String]) -> String {
    var message = "no view named '\(query)' in \(file)"
    if !suggestions.isEmpty { message += "; did you mean \(suggestions.joined(separator: ", "))?" }
    return message
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
    // Within half the query's length, and not much farther than the closest.
    let best = scored.map(\.0).min() ?? 0
    let threshold = min(max(3, query.count / 2), best + 2)
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
