import TraceModel

extension TraceAnalysis {
  /// Where a trace comes from: a file, bytes in memory, or an open file descriptor.
  ///
  /// Bytes and descriptors are copied to a temporary file first (removed afterwards), since
  /// the reader splits a trace across threads by file offsets.
  public enum Input: Sendable {
    /// A JSON Lines trace or an xctrace export; `-` is standard input.
    case path(String)
    /// A whole JSON Lines trace or xctrace export.
    case bytes([UInt8])
    /// A descriptor to read to its end (not closed).
    case fileDescriptor(Int32)
  }

  /// Summarizes a trace per the analysis contract: per-view statistics, frames, event counts.
  public static func summarize(_ input: Input, options: AnalysisOptions = AnalysisOptions())
    throws(TraceReadError) -> TraceSummary
  {
    try withPath(input) { path, name throws(TraceReadError) in
      try summarize(paths: [path], name: name, options: options)
    }
  }

  /// Diagnoses a trace: its summary and the findings the contract's rules name.
  public static func diagnose(_ input: Input, options: AnalysisOptions = AnalysisOptions())
    throws(TraceReadError) -> Diagnosis
  {
    try withPath(input) { path, name throws(TraceReadError) in
      try diagnose(paths: [path], name: name, options: options)
    }
  }

  /// Runs `body` on a path holding `input`, and its display name.
  private static func withPath<Value>(
    _ input: Input, _ body: (String, String?) throws(TraceReadError) -> Value
  ) throws(TraceReadError) -> Value {
    let path: String
    let name: String
    switch input {
    case .path(let given):
      return try body(given, nil)
    case .bytes(let bytes):
      name = "<bytes>"
      path = try bytes.withUnsafeBytes { buffer in
        Result { () throws(TraceReadError) in try SystemFile.spool(buffer, name: name) }
      }.get()
    case .fileDescriptor(let descriptor):
      name = "<descriptor \(descriptor)>"
      path = try SystemFile.spool(descriptor: descriptor, name: name)
    }
    defer { TraceInput.removeSpool([path]) }
    return try body(path, name)
  }
}
