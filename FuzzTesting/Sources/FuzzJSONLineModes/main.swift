import FuzzSupport

// The parser's two modes are not public API: Scripts/fuzz.sh builds with -enable-testing for them.
@testable import TraceModel

/// One input: each line read as the reader reads it (the scanner's plain mode first, with the
/// line's end unknown, then with it known, then the strict mode) and by the strict mode alone.
///
/// Both must give the same event, or the same error at the same column, and count the same
/// unknown keys; anything else stops the run (the differential test of
/// JSONLinesParserDifferentialTests, driven by coverage instead of a seed).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSONLineModes(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
  var strict = JSONLinesParser()
  var reader = JSONLinesParser()
  let lines = UnsafeRawBufferPointer(start: start, count: count)
    .split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
  for line in lines {
    // The readers' layout: the line, its `\n`, then zeros.
    let padded = Array(line) + [UInt8(ascii: "\n")] + [UInt8](repeating: 0, count: 24)
    padded.withUnsafeBufferPointer { buffer in
      let base = buffer.baseAddress!
      let expected = outcome(
        of: { () throws(LineError) in try strict.parseStrictly(base, count: line.count) }, strict)
      // The reader's own dispatch, and the length its path found.
      var length = line.count
      let outcomeRead = outcome(
        of: { () throws(LineError) in
          let read = try reader.readLine(base, count: line.count)
          length = read.length
          return read.event
        }, reader)
      let read = length == line.count ? outcomeRead : "length \(length)"
      if expected != read || strict.unknownKeys != reader.unknownKeys
        || strict.unknownTypes != reader.unknownTypes
      {
        fatalError(
          "the modes disagree on \(String(decoding: line, as: UTF8.self).debugDescription):\n  strict: \(expected)\n  reader: \(read)\n  unknown keys \(strict.unknownKeys) and \(reader.unknownKeys)"
        )
      }
    }
  }
  return 0
}

/// An event as the line the writer makes of it (with an update's thread), or the error.
private func outcome(of parse: () throws(LineError) -> TraceEvent?, _ parser: JSONLinesParser) -> String {
  do {
    guard let event = try parse() else { return "nothing" }
    var text = JSONLinesWriter.line(for: event, symbols: parser.symbols)
    if case .update(let update) = event, let thread = update.thread {
      text += " thread \(parser.symbols[thread]) main \(update.isMainThread)"
    }
    return text
  } catch {
    return "error \(error.column): \(error.message) (syntax: \(error.isSyntax))"
  }
}

/// The entry point SwiftPM links as `main`: libFuzzer's driver over the function above.
@_cdecl("FuzzJSONLineModes_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
  FuzzDriver.run(argc, argv) { fuzzJSONLineModes($0, $1) }
}
