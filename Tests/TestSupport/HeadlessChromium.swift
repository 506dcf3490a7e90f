import Foundation

/// Pages opened in headless Chromium, read back after their scripts ran.
public enum HeadlessChromium {
  /// The text a script of the page at `path` wrote into its (last) `<pre id="id">`, entities
  /// decoded; nil when there is none.
  ///
  /// Chromium (at `chromium`) runs the page for `budget` ms of virtual time in a window of
  /// `width` × `height` and dumps the DOM.
  public static func text(
    ofPre id: String, page path: String, chromium: String, width: Int = 1400, height: Int = 1000,
    budget: Int = 5000
  ) throws -> String? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: chromium)
    process.arguments = [
      "--headless", "--no-sandbox", "--disable-gpu", "--window-size=\(width),\(height)",
      "--virtual-time-budget=\(budget)", "--dump-dom", "file://\(path)",
    ]
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    try process.run()
    let dom = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    guard let start = dom.range(of: "<pre id=\"\(id)\">", options: .backwards),
      let end = dom.range(of: "</pre>", range: start.upperBound..<dom.endIndex)
    else { return nil }
    return dom[start.upperBound..<end.lowerBound].replacingOccurrences(of: "&lt;", with: "<")
      .replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&amp;", with: "&")
  }
}
