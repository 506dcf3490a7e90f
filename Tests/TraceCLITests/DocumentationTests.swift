import Foundation
import TestSupport
import Testing

@testable import tracecli

/// Every `$ tracecli …` example in README.md and docs/*.md prints what the document shows.
///
/// An example runs from the repository root without colour; a line `…` (or `...`) alone in
/// the shown output stands for lines left out; `$ echo $?` after an example shows its exit
/// status. A code block that follows a line `<!-- example: not run -->` is not run (it pipes
/// into other tools or changes files).
struct DocumentationTests {
  struct Example: CustomTestStringConvertible, Sendable {
    var document: String
    var line: Int
    var command: String
    var shown: [String]
    var status: Int32?

    var testDescription: String { "\(document):\(line): \(command)" }
  }

  static var examples: [Example] {
    let root = Fixture.root
    var documents = ["README.md"]
    let docs =
      (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("docs").path)) ?? []
    documents += docs.filter { $0.hasSuffix(".md") }.sorted().map { "docs/\($0)" }
    var examples: [Example] = []
    for document in documents {
      guard let text = try? String(contentsOf: root.appendingPathComponent(document), encoding: .utf8) else {
        continue
      }
      let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
      var inBlock = false
      var skipped = false
      var current: Example?
      func close() {
        if let example = current { examples.append(example) }
        current = nil
      }
      for (index, line) in lines.enumerated() {
        if line.hasPrefix("```") {
          if inBlock {
            close()
          } else {
            skipped = index > 0 && lines[index - 1].hasPrefix("<!-- example: not run")
          }
          inBlock.toggle()
          continue
        }
        guard inBlock, !skipped else { continue }
        if line == "$ echo $?" {
          current?.status = Int32(lines[index + 1]) ?? -1
          continue
        }
        if line.hasPrefix("$ tracecli ") {
          close()
          current = Example(
            document: document, line: index + 1, command: String(line.dropFirst(2)), shown: [])
        } else if current?.status == nil {
          current?.shown.append(line)
        }
      }
    }
    return examples
  }

  /// The words of a shell command line (quotes removed); nil when it needs a shell.
  static func words(_ command: String) -> [String]? {
    var words: [String] = []
    var word = ""
    var quote: Character?
    var started = false
    for character in command {
      if let open = quote {
        if character == open { quote = nil } else { word.append(character) }
      } else if character == "'" || character == "\"" {
        quote = character
        started = true
      } else if character == " " {
        if started { words.append(word) }
        word = ""
        started = false
      } else if "|><;&$`".contains(character) {
        return nil
      } else {
        word.append(character)
        started = true
      }
    }
    if started { words.append(word) }
    return quote == nil ? words : nil
  }

  /// Whether `actual` shows as `shown`, where a `…` line stands for any run of lines.
  static func matches(_ actual: [String], _ shown: [String]) -> Bool {
    let segments = shown.split(omittingEmptySubsequences: false) {
      let trimmed = $0.trimmingCharacters(in: .whitespaces)
      return trimmed == "…" || trimmed == "..."
    }.map(Array.init)
    guard segments.count > 1 else { return actual == shown }
    var position = 0
    for (number, segment) in segments.enumerated() {
      if number == 0 {
        guard actual.starts(with: segment) else { return false }
        position = segment.count
      } else if number == segments.count - 1 {
        return actual.count - segment.count >= position && Array(actual.suffix(segment.count)) == segment
      } else {
        guard
          let found = (position...max(position, actual.count - segment.count)).first(where: {
            $0 + segment.count <= actual.count && Array(actual[$0..<($0 + segment.count)]) == segment
          })
        else { return false }
        position = found + segment.count
      }
    }
    return true
  }

  @Test func theReadmesBudgetIsTheShippedFile() throws {
    let readme = try String(contentsOf: Fixture.root.appendingPathComponent("README.md"), encoding: .utf8)
    let budget = try String(
      contentsOf: Fixture.root.appendingPathComponent("Fixtures/budgets/perf-budget.json"), encoding: .utf8)
    let start = try #require(readme.range(of: "```json\n"))
    let end = try #require(readme.range(of: "```", range: start.upperBound..<readme.endIndex))
    #expect(String(readme[start.upperBound..<end.lowerBound]) == budget)
  }

  @Test func theDocumentsHaveExamples() {
    #expect(Self.examples.count >= 10)
  }

  @Test(arguments: examples)
  func exampleOutputIsWhatTracecliPrints(_ example: Example) throws {
    let words = try #require(
      Self.words(example.command), "needs a shell: mark its block <!-- example: not run -->")
    let run = CLIRun(Array(words.dropFirst()).relativeToRoot)
    let actual = (run.errors + run.output).withoutRoot.split(
      separator: "\n", omittingEmptySubsequences: false
    )
    .map(String.init)
    var shown = example.shown
    while shown.last == "" { shown.removeLast() }
    var printed = actual
    while printed.last == "" { printed.removeLast() }
    #expect(
      Self.matches(printed, shown),
      "\(example.document):\(example.line) prints:\n\(printed.joined(separator: "\n"))")
    if let status = example.status { #expect(run.status.rawValue == status) }
  }
}
