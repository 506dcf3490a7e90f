import Foundation
import Testing

/// Real exports other people recorded, read in place from the workspace's
/// `../shared/realdata/` (never copied into the project).
public enum RealData {
  /// The folder, beside the repository.
  public static let root = Fixture.root.deletingLastPathComponent().appendingPathComponent("shared/realdata")

  /// The path of `relative` under the folder, or nil when it is absent: then the caller's test
  /// records a failure under `CI=1` (where the folder must be) and a known issue elsewhere, or
  /// with `TRACECLI_NO_REALDATA=1` (a CI without the folder).
  public static func path(_ relative: String, sourceLocation: SourceLocation = #_sourceLocation) -> String? {
    let path = root.appendingPathComponent(relative).path
    if FileManager.default.fileExists(atPath: path) { return path }
    // A CI that has no copy of them says so (the project's GitHub workflow): a known issue.
    if ProcessInfo.processInfo.environment["TRACECLI_NO_REALDATA"].map({ !$0.isEmpty }) ?? false {
      withKnownIssue(
        "the real exports are not on this machine (TRACECLI_NO_REALDATA)", sourceLocation: sourceLocation
      ) {
        Issue.record("\(path) is missing")
      }
      return nil
    }
    Tool.unmet(
      "\(path) is missing: the real exports are beside the repository",
      elsewhere: "the real exports are not beside the repository (\(path))", sourceLocation: sourceLocation)
    return nil
  }
}
