import Foundation
import Testing

/// A program some tests need (python3 for the reference, dot, chromium): required in CI, a
/// known issue elsewhere.
public struct Tool: Sendable {
  public let name: String
  /// Where it is looked for, in order.
  let candidates: [String]
  /// How CI installs it.
  let install: String

  public static let python3 = Tool(
    name: "python3", candidates: ["/usr/bin/python3", "/usr/local/bin/python3", "/opt/homebrew/bin/python3"],
    install: "apt-get install python3")
  public static let dot = Tool(
    name: "dot (Graphviz)", candidates: ["/usr/bin/dot", "/usr/local/bin/dot", "/opt/homebrew/bin/dot"],
    install: "apt-get install graphviz")
  public static let chromium = Tool(
    name: "chromium",
    candidates: [
      "/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome",
      "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome",
      "/Applications/Chromium.app/Contents/MacOS/Chromium",
    ],
    install: "apt-get install chromium")

  /// Whether the tests run in CI (`CI` set and not empty), where every tool must be installed.
  public static let isCI = ProcessInfo.processInfo.environment["CI"].map { !$0.isEmpty } ?? false

  /// The tool's path, if it is installed.
  public var path: String? { candidates.first { FileManager.default.isExecutableFile(atPath: $0) } }

  /// The tool's path; when it is missing, a failure in CI and a known issue elsewhere, and nil
  /// (the caller returns).
  public func require(sourceLocation: SourceLocation = #_sourceLocation) -> String? {
    if let path { return path }
    Self.unmet(
      "\(name) is not installed; CI must install it (\(install))",
      elsewhere: "\(name) is not installed: the test cannot run (\(install))", sourceLocation: sourceLocation)
    return nil
  }

  /// Something a test needs is missing: a failure saying `inCI` in CI, a known issue saying
  /// `elsewhere` on other machines.
  public static func unmet(_ inCI: String, elsewhere: String, sourceLocation: SourceLocation) {
    if isCI {
      Issue.record(Comment(rawValue: inCI), sourceLocation: sourceLocation)
    } else {
      withKnownIssue(Comment(rawValue: elsewhere)) { Issue.record("missing", sourceLocation: sourceLocation) }
    }
  }
}
