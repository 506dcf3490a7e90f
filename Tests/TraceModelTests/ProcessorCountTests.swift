import Testing

@testable import TraceModel

/// The default reader threads follow the CPUs the process may run on.
struct ProcessorCountTests {
  @Test(arguments: [("0-1", 2), ("0", 1), ("0-3,8,10-11", 7), ("2-1", nil as Int?), ("", nil), ("a-b", nil)])
  func readsAnAffinityList(list: String, count: Int?) {
    #expect(ProcessorCount.count(ofList: list) == count)
  }

  @Test func atLeastOneProcessorIsAvailable() {
    #expect(ProcessorCount.available >= 1)
  }
}
