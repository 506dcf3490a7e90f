import Foundation
import TraceAnalyzer

extension TraceCLI {
  /// Where SARIF results point: the trace and the budget file, relative to the working
  /// directory (code scanning resolves them from the repository's root, where CI runs); an
  /// Instruments bundle by its own path, not its exported folder's.
  static func sarifArtifacts(trace: String, budget: String?) -> SARIFRenderer.Artifacts {
    let directory = FileManager.default.currentDirectoryPath
    let trace = TraceBundles.current[trace] ?? trace
    return SARIFRenderer.Artifacts(
      trace: SARIFRenderer.uri(for: trace, workingDirectory: directory),
      budget: budget.map { SARIFRenderer.uri(for: $0, workingDirectory: directory) })
  }
}
