import TestSupport
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

  /// Against a dictionary: one symbol a distinct string, whatever the strings share (long
  /// common prefixes and suffixes, lengths around the hash's words), looked up and read back.
  @Test(arguments: [1, 2, 3] as [UInt64])
  func internsAsADictionaryNumbersStrings(seed: UInt64) {
    var random = SplitMix(seed: seed)
    func next() -> UInt64 { random.next() }
    let alphabet = Array("ab/é_.".unicodeScalars)
    let table = SymbolTable()
    var expected: [String: Symbol] = [:]
    var given: Set<Symbol> = []
    for _ in 0..<10_000 {
      var text = ["", "SwiftUI.", "LandmarkListItemView", String(repeating: "x", count: 15)][Int(next() % 4)]
      for _ in 0..<Int(next() % 20) { text.unicodeScalars.append(alphabet[Int(next() % UInt64(alphabet.count))]) }
      if next() % 3 == 0 { text += "View" }
      let symbol = table.intern(text)
      if let known = expected[text] {
        #expect(symbol == known, "\(text)")
      } else {
        #expect(given.insert(symbol).inserted, "\(text) has another string's symbol")
        expected[text] = symbol
      }
    }
    #expect(table.count == expected.count)
    for (text, symbol) in expected {
      #expect(table[symbol] == text)
      #expect(table.lookup(text) == symbol)
      let viaBytes = Array(text.utf8).withUnsafeBytes { table.intern($0) }
      #expect(viaBytes == symbol)
    }
    #expect(table.lookup("never interned ✗") == nil)
  }
}
