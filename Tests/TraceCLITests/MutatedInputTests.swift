import Foundation
import TestSupport
import Testing

@testable import tracecli

/// Shipped traces and exports with random damage (seeded, so reproducible): every run ends
/// with a result, or with exit 65 and a located message; never a crash or a usage error.
@Suite(.tags(.slow), .notInQuickLoop)
struct MutatedInputTests {
  /// Bytes that make JSON and XML go wrong in interesting ways.
  private static let splices: [String] = [
    "{", "}", "[", "]", "\"", "\\", ",", ":", "\n", "\r\n", "-1", "1e99", "9223372036854775808", "null",
    "true", "\"\\ud800\"", "0.5", "\"type\"", "\"update\"", "\"cause\"", "\"frame\"", "<", ">", "&amp;",
    "&#0;", "ref=\"1\"", "id=\"1\"", "</row>", "<sentinel/>", " ",
  ]

  private static func mutate(_ original: [UInt8], _ random: inout SplitMix) -> [UInt8] {
    var bytes = original
    for _ in 0..<Int.random(in: 1...6, using: &random) {
      if bytes.isEmpty { bytes = Array("{}".utf8) }
      let at = Int.random(in: 0..<bytes.count, using: &random)
      switch Int.random(in: 0..<4, using: &random) {
      case 0: bytes.removeSubrange(at..<min(bytes.count, at + Int.random(in: 1...20, using: &random)))
      case 1: bytes.insert(contentsOf: Array(splices.randomElement(using: &random)!.utf8), at: at)
      case 2: bytes[at] = UInt8.random(in: 0...255, using: &random)
      default:
        let from = Int.random(in: 0..<bytes.count, using: &random)
        let copy = bytes[from..<min(bytes.count, from + Int.random(in: 1...200, using: &random))]
        bytes.insert(contentsOf: copy, at: at)
      }
    }
    return bytes
  }

  private static func expectAnswered(_ run: CLIRun, _ arguments: [String], file: String) -> ExitCode {
    switch run.status {
    case .success, .failure:
      #expect(!run.errors.contains("error:"), "\(arguments): \(run.errors)")
    case .dataError:
      let located =
        run.errors.contains { $0 == "\n" }
        && run.errors.range(
          of: #"\#(NSRegularExpression.escapedPattern(for: file)):\d+(:\d+)?: error: "#,
          options: .regularExpression) != nil
      #expect(located, "\(arguments): \(run.errors)")
    default:
      Issue.record("\(arguments) exited \(run.status): \(run.errors)")
    }
    return run.status
  }

  /// Runs `commands` on 60 damaged copies of the fixture `relative`; returns the exit codes seen.
  private static func outcomes(damaging relative: String, with commands: [[String]]) throws -> Set<ExitCode> {
    let original = [UInt8](try Fixture.data(relative))
    let name = (relative as NSString).lastPathComponent
    var random = SplitMix(seed: UInt64(name.utf8.count))
    var outcomes: Set<ExitCode> = []
    for round in 0..<60 {
      let file = try TemporaryFile(bytes: mutate(original, &random), name: "\(round)-\(name)")
      defer { file.remove() }
      for command in commands {
        let arguments = [command[0], file.path] + command.dropFirst()
        outcomes.insert(expectAnswered(CLIRun(arguments), arguments, file: file.path))
      }
    }
    return outcomes
  }

  @Test(arguments: ["favorites-before.jsonl", "environment-churn.jsonl", "minimal.jsonl"])
  func damagedTracesAreAnsweredOrLocated(_ name: String) throws {
    let outcomes = try Self.outcomes(
      damaging: "traces/\(name)",
      with: [["summarize", "--format", "json"], ["cause-graph", "--all", "--format", "json"]])
    // The damage both broke lines and left traces readable.
    #expect(outcomes.contains(.dataError) && outcomes.contains(.success))
  }

  @Test(arguments: ["swiftui-updates.xml", "swiftui-causes.xml", "swiftui-update-groups.xml"])
  func damagedExportsAreAnsweredOrLocated(_ name: String) throws {
    let outcomes = try Self.outcomes(damaging: "xctrace/\(name)", with: [["summarize"]])
    #expect(outcomes.contains(.dataError) && outcomes.contains(.success))
  }
}
