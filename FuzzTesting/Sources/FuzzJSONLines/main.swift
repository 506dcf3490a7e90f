import TraceAnalyzer

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One input: written to a temporary file and diagnosed (reader, summary, cause graph and
/// every findings rule) as `tracecli diagnose` does. Any outcome but a crash, a leak or a hang
/// is fine: malformed input must end in a located error.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSONLines(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
  let path = FuzzInput.write(start, count, suffix: "jsonl")
  _ = try? TraceAnalysis.diagnose(paths: [path], options: AnalysisOptions(threads: 1 + count % 2))
  return 0
}

/// libFuzzer's driver, from the entry point SwiftPM gives an executable target.
@_silgen_name("LLVMFuzzerRunDriver")
private func runDriver(
  _ argc: UnsafeMutablePointer<CInt>,
  _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
  _ callback: @convention(c) (UnsafeRawPointer, Int) -> CInt
) -> CInt

@_cdecl("FuzzJSONLines_main")
public func fuzzMain(
  _ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> CInt {
  var count = argc
  var arguments = argv
  return runDriver(&count, &arguments) { fuzzJSONLines($0, $1) }
}
