/// Reads `xctrace export` XML tables (files or folders of them) as one trace.
public enum XCTraceReader {
  /// Reads the exports at `paths` (files, or folders whose files are read in name order).
  public static func read<Sink: TraceSink>(paths: [String], makeSink: @escaping @Sendable () -> Sink)
    throws(TraceReadError) -> TraceReading<Sink>
  {
    throw .badData(
      TraceParseError(
        file: paths.first ?? "", line: 0,
        message: "reading xctrace XML exports is not supported yet; convert with a newer tracecli"))
  }
}
