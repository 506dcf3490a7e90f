import FuzzSupport
import TraceAnalyzer

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One input, diagnosed as `tracecli diagnose` does.
///
/// The bytes are written to a temporary file and read through the reader, the summary, the
/// cause graph and every findings rule. Any outcome but a crash, a leak or a hang is fine:
/// malformed input must end in a located error.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSONLines(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
  let path = FuzzInput.write(start, count, suffix: "jsonl")
  _ = try? TraceAnalysis.diagnose(.path(path), options: AnalysisOptions(threads: 1 + count % 2))
  return 0
}

/// The entry point SwiftPM links as `main`: libFuzzer's driver over the function above.
@_cdecl("FuzzJSONLines_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
  FuzzDriver.run(argc, argv) { fuzzJSONLines($0, $1) }
}
