import TraceAnalyzer
import TraceModel

/// The Instruments `.trace` bundles of a command line, each replaced by a temporary folder of its
/// exported tables before the command runs, and removed afterwards.
///
/// Takes the options that concern bundles only: `--run N` (the run to read) and
/// `--xctrace-timeout <seconds>` (how long one export may take; default 600).
struct TraceBundles {
  /// Each exported folder and how messages name it (`Run.trace[run 1]`).
  private(set) var folders: [(folder: String, name: String)] = []
  /// Each exported folder's bundle, as given.
  private(set) var bundlePaths: [String: String] = [:]

  /// The bundle paths of the command running now, by exported folder (for outputs that name a
  /// trace by its path, as SARIF does).
  @TaskLocal static var current: [String: String] = [:]

  /// Replaces every bundle among `arguments` by the folder of its exported tables.
  ///
  /// - Parameters:
  ///   - note: receives lines for standard error (retries).
  ///   - progress: receives progress lines (for a terminal).
  /// - Throws: ``UsageError`` for a bad `--run` or `--xctrace-timeout`, or bundle options
  ///   without a bundle; ``XCTraceBundleError`` or ``TraceReadError`` when a bundle cannot be exported.
  mutating func prepare(
    _ arguments: [String], command: String, options: [Option], environment: [String: String],
    note: (String) -> Void, progress: (String) -> Void
  ) throws -> [String] {
    var rest: [String] = []
    var run: Int?
    var timeout: Int64?
    var index = 0
    var onlyPositionals = false
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      if !onlyPositionals,
        let name = ["--run", "--xctrace-timeout"].first(where: {
          argument == $0 || argument.hasPrefix($0 + "=")
        })
      {
        var value: String
        if argument == name {
          guard index < arguments.count else { throw UsageError("\(name) needs a value", command: command) }
          value = arguments[index]
          index += 1
        } else {
          value = String(argument.dropFirst(name.count + 1))
        }
        if name == "--run" {
          guard let number = Int(value), number >= 0, value.allSatisfy(\.isNumber) else {
            throw UsageError("--run '\(value)' is not a run number", command: command)
          }
          run = number
        } else {
          guard let parsed = Self.timeout(value), parsed > 0 else {
            throw UsageError(
              "--xctrace-timeout '\(value)' is not a time; write seconds (e.g. 600) or a duration (e.g. 90s)",
              command: command)
          }
          timeout = parsed
        }
        continue
      }
      if argument == "--" { onlyPositionals = true }
      rest.append(argument)
    }
    // The traces are the command's positionals, told from option values by its declared options.
    let traces = try Arguments(rest, command: command, options: options).positionalIndexes
    let bundles = traces.filter { TraceInput.isInstrumentsBundle(rest[$0]) }
    guard !bundles.isEmpty else {
      if run != nil || timeout != nil {
        let option = run != nil ? "--run" : "--xctrace-timeout"
        throw UsageError("\(option) is for Instruments .trace bundles, and none was given", command: command)
      }
      return arguments
    }
    let named = environment["TRACECLI_XCTRACE"].flatMap { $0.isEmpty ? nil : $0 }
    guard let program = XCTraceProcess.find(environment: environment) else {
      throw XCTraceBundleError.unavailable(bundle: rest[bundles[0]], named: named)
    }
    var exporter = XCTraceBundleExporter(program: program, run: run)
    if let timeout { exporter.timeout = timeout }
    exporter.temporaryFolder = environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 }
    for position in bundles {
      let bundle = rest[position]
      let exported = try exporter.export(bundle, note: note, progress: progress)
      folders.append((exported.folder, "\(bundle.trimmingTrailingSlashes)[run \(exported.run)]"))
      bundlePaths[exported.folder] = bundle.trimmingTrailingSlashes
      rest[position] = exported.folder
    }
    return rest
  }

  /// Removes the exported folders.
  func removeAll() {
    for entry in folders { SystemFile.removeFolder(entry.folder) }
  }

  /// `text` with the exported folders' paths replaced by the bundles' names.
  func renamed(_ text: String) -> String {
    var text = text
    for entry in folders where text.contains(entry.folder) {
      text = text.replacing(entry.folder, with: entry.name)
    }
    return text
  }

  /// A timeout: a bare number of seconds (`600`, `0.5`), or a duration (`90s`, `500ms`), in ns.
  static func timeout(_ text: String) -> Int64? {
    if let seconds = Double(text), seconds.isFinite, text.allSatisfy({ $0.isNumber || $0 == "." }) {
      return seconds * 1e9 < 9e18 ? Int64(seconds * 1e9) : nil
    }
    return DurationText.parse(text)
  }
}

/// A stream that shows the exported folders of ``TraceBundles`` by their bundles' names.
struct BundleRenamingStream<Base: TextOutputStream>: TextOutputStream {
  var base: Base
  let bundles: TraceBundles

  mutating func write(_ string: String) {
    base.write(bundles.renamed(string))
  }
}

extension String {
  /// The path without trailing slashes (`Run.trace/` → `Run.trace`).
  fileprivate var trimmingTrailingSlashes: String {
    var path = Substring(self)
    while path.count > 1 && path.hasSuffix("/") { path = path.dropLast() }
    return String(path)
  }
}
