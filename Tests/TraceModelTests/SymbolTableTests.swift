import Testing

@testable import TraceModel

struct SymbolTableTests {
  @Test func internsEqualBytesToOneSymbol() {
    let table = SymbolTable()
    let a = table.intern("LandmarkListItemView")
    let b = table.intern("LandmarkList")
    #expect(table.intern("LandmarkListItemView") == a)
    #expect(a != b)
    #expect(table[a] == "LandmarkListItemView")
    #expect(table.lookup("LandmarkList") == b)
    #expect(table.lookup("Nope") == nil)
    #expect(table.intern("") == table.intern(""))
  }

  @Test func survivesGrowthWithThousandsOfStrings() {
    let table = SymbolTable()
    let symbols = (0..<5000).map { table.intern("View\($0)-" + String(repeating: "é", count: $0 % 13)) }
    #expect(table.count == 5000)
    for (index, symbol) in symbols.enumerated() {
      #expect(table[symbol] == "View\(index)-" + String(repeating: "é", count: index % 13))
    }
  }
}
