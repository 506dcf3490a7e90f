import TraceModel

/// Writes one flat JSON object per update (JSON Lines).
///
/// It is the shape DuckDB's `read_ndjson`, Spark and BigQuery load as it is:
///
/// ```
/// {"run":"runs/a.jsonl","app":"Landmarks","device":"iPhone 16 Pro","id":100,"kind":"body","module":"Landmarks","view":"LandmarkListItemView","label":"LandmarkListItemView.body","start":1000100000,"duration":1400000,"severity":"red","frame":12,"frameMissed":true,"thread":"main","skipped":false,"group":1,"unfinished":false}
/// ```
///
/// Rows come in start order. `frame` is the frame of the update's start (null before the first
/// explicit frame); `frameMissed` whether that frame's main-thread work ran past its deadline,
/// so a frame's rows wait until its last update has gone by. An unfinished update has a null
/// `duration` and severity `none`. Times and durations are ns.
struct RowsExport {
  private var writer: ExportWriter
  private let thresholds: Thresholds
  private(set) var result = ExportResult()

  init(thresholds: Thresholds, sink: @escaping (UnsafeRawBufferPointer) -> Bool) {
    self.thresholds = thresholds
    writer = ExportWriter(sink: sink)
  }

  /// Writes the rows of one run.
  mutating func write(_ reading: ExportReading, run: String) {
    var prefix = ExportWriter.quoted(run)
    prefix = Array("{\"run\":".utf8) + prefix + Array(",\"app\":".utf8)
    prefix += reading.header?.app.map(ExportWriter.quoted) ?? Array("null".utf8)
    prefix += Array(",\"device\":".utf8)
    prefix += reading.header?.device.map(ExportWriter.quoted) ?? Array("null".utf8)
    var frames = FrameFollower(timeline: reading.timeline, red: thresholds.red)
    // The rows of the current frame, written once the frame is done.
    var pending: [(ExportRecord, ExportReading.Key)] = []
    var pendingFrame: Int64?
    reading.forEachUpdate { record, key in
      let (frame, done) = frames.advance(to: record.start)
      if frame != pendingFrame {
        flush(&pending, frame: pendingFrame, missed: done?.overrunNs != nil, prefix: prefix)
        pendingFrame = frame
      }
      if key.isMainThread && record.isFinished { frames.add(start: record.start, duration: record.duration) }
      if frame == nil {
        row(record, key, frame: nil, missed: false, prefix: prefix)
      } else {
        pending.append((record, key))
      }
    }
    flush(&pending, frame: pendingFrame, missed: frames.finish()?.overrunNs != nil, prefix: prefix)
    writer.flush()
    result.writeFailed = writer.failed
  }

  private mutating func flush(
    _ pending: inout [(ExportRecord, ExportReading.Key)], frame: Int64?, missed: Bool, prefix: [UInt8]
  ) {
    for (record, key) in pending { row(record, key, frame: frame, missed: missed, prefix: prefix) }
    pending.removeAll(keepingCapacity: true)
  }

  private mutating func row(
    _ record: ExportRecord, _ key: ExportReading.Key, frame: Int64?, missed: Bool, prefix: [UInt8]
  ) {
    writer.append(bytes: prefix)
    writer.append(",\"id\":")
    writer.append(record.id)
    writer.append(",\"kind\":")
    writer.append(kind: key.kind)
    writer.append(",\"module\":")
    writer.append(raw: key.module)
    writer.append(",\"view\":")
    writer.append(raw: key.name)
    writer.append(",\"label\":")
    writer.append(raw: key.label)
    writer.append(",\"start\":")
    writer.append(record.start)
    writer.append(",\"duration\":")
    if record.isFinished { writer.append(record.duration) } else { writer.append("null") }
    writer.append(",\"severity\":")
    if record.isFinished {
      writer.append(severityOf: record.duration, thresholds, counting: &result)
    } else {
      writer.append("\"none\"")
      result.unfinished += 1
    }
    writer.append(",\"frame\":")
    if let frame { writer.append(frame) } else { writer.append("null") }
    writer.append(",\"frameMissed\":")
    writer.append(missed)
    writer.append(",\"thread\":")
    writer.append(raw: key.threadName)
    writer.append(",\"skipped\":")
    writer.append(record.skipped)
    writer.append(",\"group\":")
    if record.group == ExportRecord.noGroup { writer.append("null") } else { writer.append(record.group) }
    writer.append(",\"unfinished\":")
    writer.append(!record.isFinished)
    writer.append("}\n")
    writer.flushIfFull()
    result.updates += 1
    result.events += 1
  }
}
