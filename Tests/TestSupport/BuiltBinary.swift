import Foundation
import Testing

/// The `tracecli` binary of the build under test (the plain build's or a sanitizer's: it lies
/// beside the test bundle), for what an in-process run cannot give: standard input, a full
/// disk, an environment of its own.
public enum BuiltBinary {
  /// What a run of the binary gave.
  public struct Run: Sendable {
    public var status: Int32
    public var output: String
    public var errors: String
  }

  /// The binary's path (it may be missing: ``run(_:standardInput:standardOutput:environment:sourceLocation:)`` fails then).
  public static let path: String = {
    let bundle = Bundle.allBundles.map(\.bundleURL).first { $0.pathExtension == "xctest" }
      ?? URL(fileURLWithPath: CommandLine.arguments[0])
    return bundle.deletingLastPathComponent().appendingPathComponent("tracecli").path
  }()

  /// Runs the binary with `arguments` from the repository's root, standard input and output
  /// from and to the files given (else nothing in, and the output captured), and `environment`
  /// added to this process's. A missing binary is a failure, never a skip.
  public static func run(
    _ arguments: [String], standardInput: String? = nil, standardOutput: String? = nil,
    environment: [String: String] = [:], sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> Run {
    try #require(
      FileManager.default.isExecutableFile(atPath: path),
      "the built binary is missing at \(path): build it with the tests (swift build --build-tests)",
      sourceLocation: sourceLocation)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    process.currentDirectoryURL = Fixture.root
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    process.standardInput =
      try standardInput.map { try FileHandle(forReadingFrom: URL(fileURLWithPath: $0)) } ?? FileHandle.nullDevice
    let output = Pipe()
    process.standardOutput = try standardOutput.map { try FileHandle(forWritingTo: URL(fileURLWithPath: $0)) } ?? output
    // Standard error goes to a file, so that it cannot fill while the output is read.
    let errorsPath = FileManager.default.temporaryDirectory
      .appendingPathComponent("tracecli-test-errors-\(UUID().uuidString)").path
    _ = FileManager.default.createFile(atPath: errorsPath, contents: nil)
    defer { try? FileManager.default.removeItem(atPath: errorsPath) }
    process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errorsPath))
    try process.run()
    let outputData = standardOutput == nil ? output.fileHandleForReading.readDataToEndOfFile() : Data()
    process.waitUntilExit()
    let errorData = FileManager.default.contents(atPath: errorsPath) ?? Data()
    return Run(
      status: process.terminationStatus, output: String(decoding: outputData, as: UTF8.self),
      errors: String(decoding: errorData, as: UTF8.self))
  }
}
