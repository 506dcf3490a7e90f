import TraceModel

/// Writes the Time Profiler samples of one trace as a speedscope file: the `sampled` profiles of
/// <https://www.speedscope.app/file-format-schema.json>, one per thread with samples (the main
/// thread first, then the others as the trace first names them), samples in time order.
///
/// ```
/// {"$schema":"https://www.speedscope.app/file-format-schema.json","exporter":"tracecli@0.1.0",
/// "name":"trace.jsonl","activeProfileIndex":0,"shared":{"frames":[
/// {"name":"LandmarksApp.body.getter","file":"Landmarks"},
/// …
/// ]},"profiles":[
/// {"type":"sampled","name":"main","unit":"nanoseconds","startValue":2001013321,"endValue":…,"samples":[
/// [5,4,3,2,0],
/// …
/// ],"weights":[
/// 1000000,1000000,…
/// ]}
/// ]}
/// ```
///
/// A frame is a function (a symbol's name and binary, the binary as its `file`), interned once in
/// order of first use; a stack id no symbol defines is `unknown #ID`, an empty stack the frame
/// `(no frames)`. Each distinct stack's text (frame indices, root first) is made once; the samples
/// stream from the sorted runs, twice per thread (its stacks, then its weights in ns), so memory
/// stays flat in the number of samples.
struct SpeedscopeExport {
  /// The name of an empty stack's one frame.
  static let noFrames = "(no frames)"
  /// Weights on one line of the file.
  static let weightsPerLine = 16

  private var writer: ExportWriter
  private let reading: TraceReading<SpeedscopeSink>
  private(set) var result = ExportResult()

  init(reading: TraceReading<SpeedscopeSink>, sink: @escaping (UnsafeRawBufferPointer) -> Bool) {
    self.reading = reading
    writer = ExportWriter(sink: sink)
  }

  /// Writes the whole file; `name` names the profile group, `exporter` the program.
  mutating func write(name: String, exporter: String) -> ExportResult {
    let parts = reading.parts
    result.file = name
    var functions = FunctionCatalog(parts: parts.map { ($0.sink.symbols, $0.symbols) })
    // Frames in order of first use (function -1: an empty stack's), each part's stacks as text.
    var frameOf: [Int: Int] = [:]
    var frames: [Int] = []
    var dangling: [Int64: (samples: Int, line: Int)] = [:]
    let stacks = parts.map { part in
      part.sink.stacks.stacks.enumerated().map { index, ids in
        let path = ids.isEmpty ? [-1] : ids.reversed().map { functions.function(of: $0) }
        var text = "["
        for (position, function) in path.enumerated() {
          let frame = frameOf[function] ?? frames.count
          if frame == frames.count {
            frameOf[function] = frame
            frames.append(function)
          }
          text += position == 0 ? String(frame) : ",\(frame)"
        }
        if !functions.dangling.isEmpty {
          for id in Set(ids) where functions.dangling.contains(id) {
            let line = part.lineOffset + part.sink.stacks.firstLines[index]
            let use = dangling[id]
            dangling[id] = ((use?.samples ?? 0) + part.sink.stackSamples[index], min(use?.line ?? .max, line))
          }
        }
        return Array((text + "]").utf8)
      }
    }
    result.dangling = dangling.map {
      Profile.DanglingSymbol(id: $0.key, samples: $0.value.samples, line: $0.value.line)
    }
    .sorted { $0.id < $1.id }
    writer.append("{\"$schema\":\"https://www.speedscope.app/file-format-schema.json\",\"exporter\":")
    writer.append(quoted: exporter)
    writer.append(",\"name\":")
    writer.append(quoted: name)
    writer.append(",\"activeProfileIndex\":0,\"shared\":{\"frames\":[")
    for (index, function) in frames.enumerated() {
      writer.append(index == 0 ? "\n{\"name\":" : ",\n{\"name\":")
      if function < 0 {
        writer.append(quoted: Self.noFrames)
      } else {
        writer.append(quoted: functions.functions[function].name)
        if let binary = functions.functions[function].binary {
          writer.append(",\"file\":")
          writer.append(quoted: binary)
        }
      }
      writer.append("}")
      writer.flushIfFull()
    }
    writer.append("\n]},\"profiles\":[")
    for thread in threads() where thread.start != .max {
      writer.append(result.profiles == 0 ? "\n" : ",\n")
      result.profiles += 1
      writeProfile(thread, stacks: stacks)
    }
    writer.append("\n]}\n")
    writer.flush()
    result.writeFailed = writer.failed
    return result
  }

  /// One thread across the parts: its name, its index in each part that saw it, its span.
  private struct Thread {
    var name: String
    /// Per part, the thread's index there (nil where the part never saw it).
    var local: [UInt32?]
    /// The first sample's time and the latest end of a sample (`.max` and `.min` without).
    var start = Int64.max
    var end = Int64.min
  }

  /// The threads of every part, by name: the main thread, then the others in order of first
  /// sight in the trace.
  private func threads() -> [Thread] {
    let parts = reading.parts
    var threads = [Thread(name: "main", local: Array(repeating: 0, count: parts.count))]
    var byName: [String: Int] = [:]
    for (position, part) in parts.enumerated() {
      for (index, symbol) in part.sink.threads.names.enumerated() {
        let name = part.symbols[symbol]
        let global =
          byName[name]
          ?? {
            threads.append(Thread(name: name, local: Array(repeating: nil, count: parts.count)))
            byName[name] = threads.count - 1
            return threads.count - 1
          }()
        threads[global].local[position] = UInt32(index + 1)
      }
    }
    for index in threads.indices {
      for (position, part) in parts.enumerated() {
        guard let local = threads[index].local[position].map(Int.init) else { continue }
        threads[index].start = min(threads[index].start, part.sink.threads.starts[local])
        threads[index].end = max(threads[index].end, part.sink.threads.ends[local])
      }
    }
    return threads
  }

  /// Writes `thread`'s profile: its stacks (`stacks`, per part, by stack index) and weights.
  private mutating func writeProfile(_ thread: Thread, stacks: [[[UInt8]]]) {
    writer.append("{\"type\":\"sampled\",\"name\":")
    writer.append(quoted: thread.name)
    writer.append(",\"unit\":\"nanoseconds\",\"startValue\":")
    writer.append(thread.start)
    writer.append(",\"endValue\":")
    writer.append(thread.end)
    writer.append(",\"samples\":[")
    var samples = ThreadSamples(thread, parts: reading.parts)
    var count = 0
    while let (sample, part) = samples.next() {
      writer.append(count == 0 ? "\n" : ",\n")
      writer.append(bytes: stacks[part][Int(sample.stack)])
      count += 1
      writer.flushIfFull()
    }
    writer.append("\n],\"weights\":[")
    samples = ThreadSamples(thread, parts: reading.parts)
    var written = 0
    while let (sample, _) = samples.next() {
      writer.append(written == 0 ? "\n" : written % Self.weightsPerLine == 0 ? ",\n" : ",")
      writer.append(sample.weight)
      written += 1
      writer.flushIfFull()
    }
    writer.append("\n]}")
    result.events += count
  }

  /// One thread's samples across the parts, in time order (ties in part order): each part's
  /// share of its sorted runs, merged.
  private struct ThreadSamples {
    /// Per part that saw the thread: its samples of it, the part and its next sample.
    private var streams: [(samples: RunMerger<SpeedscopeSample>, part: Int, next: SpeedscopeSample?)] = []

    init(_ thread: Thread, parts: [TracePart<SpeedscopeSink>]) {
      for (position, part) in parts.enumerated() {
        guard let local = thread.local[position] else { continue }
        var samples = RunMerger(ranges: [(part.sink.runs, .first(of: local), .first(of: local + 1))])
        let next = samples.next()?.record
        streams.append((samples, position, next))
      }
    }

    /// The next sample and its part; nil after the last.
    mutating func next() -> (sample: SpeedscopeSample, part: Int)? {
      var earliest: Int?
      for index in streams.indices {
        guard let sample = streams[index].next else { continue }
        if let best = earliest, let other = streams[best].next, other.time <= sample.time { continue }
        earliest = index
      }
      guard let index = earliest, let sample = streams[index].next else { return nil }
      streams[index].next = streams[index].samples.next()?.record
      return (sample, streams[index].part)
    }
  }
}
