import TraceModel

/// The functions of a trace's sampled stacks: symbols that share name and binary are one
/// function; an id no symbol defines is a function of its own, `unknown #ID`.
struct FunctionCatalog {
  struct Function: Hashable {
    var name: String
    var binary: String?
    /// The app's own code (any of its symbols says so).
    var user: Bool
  }

  private struct Key: Hashable {
    var name: String
    var binary: String?
  }

  private(set) var functions: [Function] = []
  private var bySymbol: [Int64: Int] = [:]
  private var byKey: [Key: Int] = [:]
  /// The ids no symbol defines, among those ``function(of:)`` was asked for.
  private(set) var dangling: Set<Int64> = []

  /// The catalog of every part's symbols, each part with the strings of its events.
  init(parts: [(symbols: [CodeSymbol], strings: SymbolTable)]) {
    for (symbols, strings) in parts {
      for symbol in symbols {
        let index = add(name: strings[symbol.name], binary: symbol.binary.map { strings[$0] })
        if symbol.user { functions[index].user = true }
        bySymbol[symbol.id] = index
      }
    }
  }

  /// The function symbol `id` names.
  mutating func function(of id: Int64) -> Int {
    if let found = bySymbol[id] { return found }
    dangling.insert(id)
    let index = add(name: "unknown #\(id)", binary: nil)
    bySymbol[id] = index
    return index
  }

  private mutating func add(name: String, binary: String?) -> Int {
    let key = Key(name: name, binary: binary)
    if let found = byKey[key] { return found }
    functions.append(Function(name: name, binary: binary, user: false))
    byKey[key] = functions.count - 1
    return functions.count - 1
  }

  /// Whether `name` is the app's entry point (`main`, `….main()`, `…$main()`): under every
  /// main-thread stack, never where time went.
  static func isEntryPoint(_ name: String) -> Bool {
    name == "main" || name.hasSuffix(".main()") || name.hasSuffix("$main()")
  }
}
