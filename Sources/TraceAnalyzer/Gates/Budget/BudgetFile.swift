import TraceModel

/// Reads and rewrites budget files, and baselines (small files, read whole).
package enum BudgetFile {
  /// Budget files larger than this are refused (a budget is a page of JSON).
  package static let sizeLimit = 16 << 20

  /// The bytes of the file at `path` (a pipe too); `.noInput` when it cannot be read.
  package static func read(path: String, kind: String = "budget file") throws(TraceReadError) -> [UInt8] {
    try SystemFile.contents(of: path, kind: kind, limit: sizeLimit)
  }

  /// Replaces the file at `path` with `bytes`, whole or not at all (see ``AtomicFile``).
  package static func write(_ bytes: [UInt8], to path: String) throws(AtomicFile.Failure) {
    let file = try AtomicFile(path: path)
    bytes.withUnsafeBytes { _ = file.write($0) }
    try file.commit()
  }
}
