import TestSupport
import Testing

@testable import TraceModel

struct ReadProgressTests {
  @Test func aReadCountsTheFileOnceInTotalAndEveryByteRead() throws {
    let text = String(repeating: #"{"type":"hitch","start":1,"duration":2}"# + "\n", count: 1000)
    let file = try TemporaryFile(text)
    defer { file.remove() }
    let total = ReadProgress.bytesTotal
    let read = ReadProgress.bytesRead
    _ = try JSONLinesReader.read(path: file.path, threads: 1) { CountingSink() }
    // Other tests read concurrently, so the counts grow by at least this read's bytes.
    #expect(ReadProgress.bytesTotal - total >= Int64(text.utf8.count))
    #expect(ReadProgress.bytesRead - read >= Int64(text.utf8.count))
  }

  @Test func readingAHeaderIsCountedInTheTotalToo() throws {
    let text = """
      {"type":"trace","version":1,"app":"A"}
      {"type":"hitch","start":1,"duration":2}

      """
    let file = try TemporaryFile(text)
    defer { file.remove() }
    #expect(JSONLinesReader.header(path: file.path)?.app == "A")
    // Every read is counted in the total before its bytes are: what was read never exceeds it
    // (the total, loaded second, has only grown meanwhile).
    let read = ReadProgress.bytesRead
    #expect(read <= ReadProgress.bytesTotal)
  }

  @Test func anXMLExportIsCountedToo() throws {
    let path = Fixture.path("xctrace/hitches.xml")
    let size = try #require(try? SystemFile(path: path).size)
    let total = ReadProgress.bytesTotal
    let read = ReadProgress.bytesRead
    _ = try XCTraceReader.read(paths: [path]) { CountingSink() }
    #expect(ReadProgress.bytesTotal - total >= size)
    #expect(ReadProgress.bytesRead - read >= size)
  }
}
