import Foundation
import TestSupport
import Testing

/// The libraries' public API stays small (at most 60 types and 400 declarations, counted in
/// their sources), and the README states its real number of types.
struct PublicAPITests {
  /// The `public` and `open` declarations in `source`, one line each (attributes dropped).
  static func publicDeclarations(in source: String) -> [Substring] {
    source.split(separator: "\n").compactMap { line -> Substring? in
      var rest = line.drop { $0 == " " }
      // Attributes, with their arguments: `@inlinable`, `@available(*, deprecated)`.
      while rest.first == "@" {
        var depth = 0
        rest = rest.drop { character in
          if character == "(" { depth += 1 }
          if character == ")" { depth -= 1 }
          return depth > 0 || character != " "
        }
        rest = rest.drop { $0 == " " }
      }
      return rest.hasPrefix("public ") || rest.hasPrefix("open ") ? rest : nil
    }
  }

  /// Whether `declaration` (from ``publicDeclarations(in:)``) declares a type.
  static func declaresType(_ declaration: Substring) -> Bool {
    let words = declaration.split(separator: " ").drop {
      ["public", "open", "final", "indirect"].contains($0)
    }
    let kinds: Set<Substring> = ["struct", "enum", "class", "protocol", "actor", "typealias"]
    return words.first.map(kinds.contains) ?? false
  }

  /// The public declarations of the sources of `module`.
  static func publicDeclarations(ofModule module: String) throws -> [Substring] {
    let folder = Fixture.root.appendingPathComponent("Sources").appendingPathComponent(module)
    let files = try #require(FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String])
    return try files.filter { $0.hasSuffix(".swift") }.sorted().flatMap { file in
      publicDeclarations(in: try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8))
    }
  }

  @Test func theCounterSeesDeclarationsOnly() {
    let source = """
      /// A public type, in a comment.
      public struct Summary: Sendable {
        @inlinable public init() {}
        @available(*, deprecated, message: "use views") public var rows: Int { 0 }
        @usableFromInline package var scratch = 0
        var internalCount = 0
        public static func == (lhs: Self, rhs: Self) -> Bool { true }
      }
      @frozen public enum Kind { case body }
      public final class Table {}
      open class Base {}
      """
    let declarations = Self.publicDeclarations(in: source)
    #expect(declarations.count == 7)
    #expect(declarations.filter(Self.declaresType).count == 4)
  }

  @Test func theLibrariesPublicAPIIsSmallAndTheReadmeSaysHowSmall() throws {
    let declarations = try ["TraceModel", "TraceAnalyzer"].flatMap(Self.publicDeclarations(ofModule:))
    let types = declarations.filter(Self.declaresType)
    #expect(types.count <= 60, "public types: \(types.map { String($0) })")
    #expect(declarations.count <= 400)
    let readme = try String(contentsOf: Fixture.root.appendingPathComponent("docs/architecture.md"), encoding: .utf8)
    let stated = readme.firstMatch(of: /nothing more \((\d+) types\)/).flatMap { Int($0.1) }
    #expect(stated == types.count, "docs/architecture.md: \"The public API is that and nothing more (N types)\"")
  }
}
