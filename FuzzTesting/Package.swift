// swift-tools-version: 6.2
// libFuzzer targets for tracecli's readers, built apart from the root package so that
// `swift test` skips them. Build and run them with Scripts/fuzz.sh.
import PackageDescription

let package = Package(
  name: "FuzzTesting",
  platforms: [.macOS(.v15)],
  dependencies: [.package(name: "tracecli", path: "..")],
  targets: [
    // MARK: - One target per input format
    .executableTarget(
      name: "FuzzJSONLines",
      dependencies: ["FuzzSupport", .product(name: "TraceAnalyzer", package: "tracecli")]),
    .executableTarget(
      name: "FuzzJSONLineModes",
      dependencies: ["FuzzSupport", .product(name: "TraceModel", package: "tracecli")]),
    .executableTarget(
      name: "FuzzXCTrace",
      dependencies: ["FuzzSupport", .product(name: "TraceAnalyzer", package: "tracecli")]),
    .executableTarget(
      name: "FuzzBudget", dependencies: ["FuzzSupport", .product(name: "TraceAnalyzer", package: "tracecli")]),

    // MARK: - Shared
    // The input as a file, and libFuzzer's driver.
    .target(name: "FuzzSupport"),
  ],
  swiftLanguageModes: [.v6]
)
