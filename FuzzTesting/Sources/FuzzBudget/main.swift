import FuzzSupport
// The budget reader is not public API: Scripts/fuzz.sh builds with -enable-testing for it.
@testable import TraceAnalyzer

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

/// The entry point SwiftPM links as `main`: libFuzzer's driver over the function above.
@_cdecl("FuzzBudget_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
  FuzzDriver.run(argc, argv) { fuzzBudget($0, $1) }
}
