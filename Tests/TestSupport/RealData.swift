import Foundation
import Testing

/// Real exports other people recorded, read in place from the workspace's
/// `../shared/realdata/` (never copied into the project).
public enum RealData {
  /// The folder, beside the repository.
  public static let root = Fixture.root.deletingLastPathComponent().appendingPathComponent("shared/realdata")

  /// The path of `relative` under the folder, or nil when it is absent: then the caller's test
  /// records a failure under `CI=1` (where the folder must be) and a known issue elsewhere.
  public static func path(_ relative: String, sourceLocation: SourceLocation = #_sourceLocation) -> String? {
    let path = root.appendingPathComponent(relative).path
    if FileManager.default.fileExists(atPath: path) { return path }
    Tool.unmet(
      "\(path) is missing: the real exports are beside the repository",
      elsewhere: "the real exports are not beside the repository (\(path))", sourceLocation: sourceLocation)
    return nil
  }
}
