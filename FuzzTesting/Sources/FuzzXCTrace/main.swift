import FuzzSupport
import TraceAnalyzer

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One input: an `xctrace export` document (the fuzzer's bytes after an XML declaration),
/// written to a temporary file and summarized.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzXCTrace(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
  let path = FuzzInput.write(start, count, suffix: "xml", prefix: "<?xml version=\"1.0\"?>\n")
  _ = try? TraceAnalysis.summarize(.path(path), options: AnalysisOptions(threads: 1))
  return 0
}

/// The entry point SwiftPM links as `main`: libFuzzer's driver over the function above.
@_cdecl("FuzzXCTrace_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
  FuzzDriver.run(argc, argv) { fuzzXCTrace($0, $1) }
}
