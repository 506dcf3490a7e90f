import Foundation
import TestSupport
import Testing

/// The project builds on macOS too: Linux-only API (`Glibc`, `Musl`, `/proc`, `sched_*`)
/// appears only inside an `#if` whose branch is Linux's.
struct PortabilityTests {
  /// A use of Linux-only API outside a Linux branch: file, line, text.
  struct Use: CustomStringConvertible {
    var file: String
    var line: Int
    var text: String
    var description: String { "\(file):\(line): \(text)" }
  }

  static var linuxOnly: Regex<Substring> { #/\bGlibc\b|\bMusl\b|\/proc\b|\bsched_[a-z_]+/# }
  static var linuxCondition: Regex<Substring> { #/canImport\((?:Glibc|Musl)\)|os\(Linux\)/# }

  /// The Linux-only uses in `source` outside Linux branches (comments left out).
  static func unguardedUses(in source: String, file: String) -> [Use] {
    // One entry an open `#if`: whether its current branch is Linux's.
    var branches: [Bool] = []
    var uses: [Use] = []
    let linuxOnly = Self.linuxOnly
    let linuxCondition = Self.linuxCondition
    for (index, rawLine) in source.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let line = rawLine.trimmingCharacters(in: .whitespaces)
      // A negated condition (`#if !os(Linux)`) is no Linux branch.
      if line.hasPrefix("#if ") {
        branches.append(line.contains(linuxCondition) && !line.contains("!"))
      } else if line.hasPrefix("#elseif ") {
        if !branches.isEmpty {
          branches[branches.count - 1] = line.contains(linuxCondition) && !line.contains("!")
        }
      } else if line.hasPrefix("#else") {
        // The other branch of `#if canImport(Darwin)` is Linux's here (the project builds on both).
        if !branches.isEmpty { branches[branches.count - 1] = !branches[branches.count - 1] }
      } else if line.hasPrefix("#endif") {
        _ = branches.popLast()
      } else if !line.hasPrefix("//") {
        let code = line.split(separator: "//", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        if code.contains(linuxOnly) && !branches.contains(true) {
          uses.append(Use(file: file, line: index + 1, text: line))
        }
      }
    }
    return uses
  }

  @Test func sourcesUseLinuxOnlyAPIOnlyInLinuxBranches() throws {
    let sources = Fixture.root.appendingPathComponent("Sources")
    let enumerator = try #require(FileManager.default.enumerator(atPath: sources.path))
    var files = 0
    var uses: [Use] = []
    for case let path as String in enumerator where path.hasSuffix(".swift") {
      let text = try String(contentsOf: sources.appendingPathComponent(path), encoding: .utf8)
      uses += Self.unguardedUses(in: text, file: "Sources/" + path)
      files += 1
    }
    #expect(files > 100)
    #expect(
      uses.isEmpty,
      "Linux-only API outside #if canImport(Glibc) / os(Linux):\n\(uses.map(\.description).joined(separator: "\n"))"
    )
  }

  @Test func theScannerFindsWhatItLooksFor() {
    let source = """
      #if canImport(Glibc)
        import Glibc
      #elseif canImport(Darwin)
        import Darwin
        let n = sched_getcpu()
      #endif
      #if canImport(Darwin)
        import Darwin
      #else
        let status = fopen("/proc/self/status", "r")
      #endif
      let cpus = sched_getaffinity(0, 0, nil)  // outside any #if
      #if !os(Linux)
        import Glibc
      #endif
      // a comment naming /proc is fine
      """
    #expect(Self.unguardedUses(in: source, file: "x.swift").map(\.line) == [5, 12, 14])
  }
}
