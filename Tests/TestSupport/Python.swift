import Foundation

/// python3, which runs the independent reference implementation (`Scripts/reference/`).
public enum Python {
  /// The path of python3, if it is installed.
  public static let executable: String? = Tool.python3.path

  /// Runs python3 with `arguments`; returns its standard output and exit status (its standard
  /// error is dropped).
  public static func run(_ arguments: [String]) throws -> (output: Data, status: Int32) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable ?? "/usr/bin/python3")
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (data, process.terminationStatus)
  }
}
