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
  _ = try? TraceAnalysis.summarize(paths: [path], options: AnalysisOptions(threads: 1))
  return 0
}

/// libFuzzer's driver, from the entry point SwiftPM gives an executable target.
@_silgen_name("LLVMFuzzerRunDriver")
private func runDriver(
  _ argc: UnsafeMutablePointer<CInt>,
  _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
  _ callback: @convention(c) (UnsafeRawPointer, Int) -> CInt
) -> CInt

@_cdecl("FuzzXCTrace_main")
public func fuzzMain(
  _ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> CInt {
  var count = argc
  var arguments = argv
  return runDriver(&count, &arguments) { fuzzXCTrace($0, $1) }
}
