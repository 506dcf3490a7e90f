import CZlib

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

extension SystemFile {
  /// Whether the file at `path` starts with gzip's magic bytes.
  package static func isGzip(_ path: String) -> Bool {
    guard let file = try? SystemFile(path: path) else { return false }
    var magic: (UInt8, UInt8) = (0, 0)
    let count = withUnsafeMutableBytes(of: &magic) { file.read(into: $0.baseAddress!, count: 2, at: 0) }
    return count == 2 && magic == (0x1F, 0x8B)
  }

  /// Decompresses the gzip file at `path` (several members, as `cat a.gz b.gz` makes, in turn)
  /// into a new temporary file through the system's zlib, and returns its path; the caller
  /// removes it. A stream is read on one thread (it cannot be split); memory is two buffers.
  ///
  /// - Parameter name: how errors name the file.
  /// - Throws: ``TraceReadError/badData(_:)`` for data that does not decompress (a truncated
  ///   or damaged file), ``TraceReadError/noInput(path:reason:)`` when it cannot be read or the
  ///   copy cannot be written.
  package static func spool(gzip path: String, name: String) throws(TraceReadError) -> String {
    let source = try SystemFile(path: path)
    return try spool(name: name) { (output: Int32) throws(TraceReadError) in
      let inputSize = 1 << 20
      let outputSize = 1 << 20
      let input = UnsafeMutablePointer<UInt8>.allocate(capacity: inputSize)
      let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: outputSize)
      var stream = z_stream()
      defer {
        inflateEnd(&stream)
        input.deallocate()
        buffer.deallocate()
      }
      func failure(_ message: String) -> TraceReadError {
        .badData(TraceParseError(file: name, line: 0, message: "a gzip file that does not decompress: \(message)"))
      }
      // 15 + 32: the largest window, and a gzip (or zlib) header detected.
      guard inflateInit2_(&stream, 15 + 32, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
        throw failure("zlib would not start")
      }
      var offset: Int64 = 0
      var ended = false
      while true {
        if stream.avail_in == 0 {
          let count = source.read(into: input, count: inputSize, at: offset)
          guard count >= 0 else { throw .noInput(path: name, reason: describe(errno)) }
          if count == 0 { break }
          offset += Int64(count)
          stream.next_in = input
          stream.avail_in = UInt32(count)
          if ended {
            // Zeros after the last member are padding (as gzip takes them); else another member.
            if UnsafeBufferPointer(start: input, count: count).allSatisfy({ $0 == 0 }) {
              stream.avail_in = 0
              continue
            }
            inflateReset(&stream)
            ended = false
          }
        }
        stream.next_out = buffer
        stream.avail_out = UInt32(outputSize)
        let status = inflate(&stream, Z_NO_FLUSH)
        let produced = outputSize - Int(stream.avail_out)
        if produced > 0 && !writeAll(output, buffer, count: produced) {
          throw .noInput(path: name, reason: "cannot write a decompressed copy (\(describe(errno)))")
        }
        switch status {
        case Z_STREAM_END:
          ended = true
          let rest = UnsafeBufferPointer(start: stream.next_in, count: Int(stream.avail_in))
          if rest.allSatisfy({ $0 == 0 }) {
            stream.avail_in = 0
          } else {
            inflateReset(&stream)
            ended = false
          }
        case Z_OK, Z_BUF_ERROR:
          break
        default:
          throw failure(stream.msg.map { String(cString: $0) } ?? "error \(status)")
        }
      }
      guard ended else { throw failure("it ends before its data does (a truncated file?)") }
    }
  }
}
