import TraceAnalyzer

/// One input: a budget file, parsed (and its errors located) in memory.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzBudget(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
  let bytes = Array(UnsafeRawBufferPointer(start: start, count: count))
  if let budget = try? BudgetParser.parse(bytes, file: "budget.json") {
    _ = BudgetTightener.tighten(bytes, result: CheckResult(trace: "t", budget: "budget.json", results: []))
    _ = budget.limits.map(\.name)
  }
  return 0
}

/// libFuzzer's driver, from the entry point SwiftPM gives an executable target.
@_silgen_name("LLVMFuzzerRunDriver")
private func runDriver(
  _ argc: UnsafeMutablePointer<CInt>,
  _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
  _ callback: @convention(c) (UnsafeRawPointer, Int) -> CInt
) -> CInt

@_cdecl("FuzzBudget_main")
public func fuzzMain(
  _ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> CInt {
  var count = argc
  var arguments = argv
  return runDriver(&count, &arguments) { fuzzBudget($0, $1) }
}
