// swift-tools-version: 6.2
import PackageDescription

let package = Package(
  name: "tracecli",
  platforms: [.macOS(.v15)],
  products: [
    .executable(name: "tracecli", targets: ["tracecli"]),
    .library(name: "TraceModel", targets: ["TraceModel"]),
    .library(name: "TraceAnalyzer", targets: ["TraceAnalyzer"]),
  ],
  targets: [
    // MARK: - Libraries
    // Events and the readers that produce them (JSON Lines, xctrace XML).
    .target(name: "TraceModel", dependencies: ["CZlib"]),
    // Classification, frames, statistics, cause graph, budgets and renderers.
    .target(name: "TraceAnalyzer", dependencies: ["TraceModel"]),

    // The system's zlib (every OS ships it; not a package dependency): gzipped traces.
    .systemLibrary(name: "CZlib", path: "Sources/CZlib", providers: [.apt(["zlib1g-dev"])]),

    // MARK: - Executable
    // A thin shell: arguments in, one library call, text and an exit code out.
    .executableTarget(name: "tracecli", dependencies: ["TraceAnalyzer", "TraceModel"]),

    // MARK: - Tests
    // Fixture lookup, golden files and temporary traces, shared by the test targets.
    .target(name: "TestSupport", path: "Tests/TestSupport"),
    .testTarget(name: "TraceModelTests", dependencies: ["TraceModel", "TestSupport"]),
    .testTarget(name: "TraceAnalyzerTests", dependencies: ["TraceAnalyzer", "TraceModel", "TestSupport"]),
    .testTarget(
      name: "TraceCLITests", dependencies: ["tracecli", "TraceAnalyzer", "TraceModel", "TestSupport", "CZlib"]),
  ],
  swiftLanguageModes: [.v6]
)
