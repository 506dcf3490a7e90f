import TraceModel

/// Writes one flat JSON object per update (JSON Lines).
///
/// It is the shape DuckDB's `read_ndjson`, Spark and BigQuery load as it is:
///
/// ```
/// {"run":"runs/a.jsonl","app":"Landmarks","device":"iPhone 16 Pro","id":100,"kind":"body","module":"Landmarks","view":"LandmarkListItemView","label":"LandmarkListItemView.body","start":1000100000,"duration":1400000,"severity":"red","frame":{"kind":"recorded","index":12},"frameNumber":12,"frameMissed":true,"thread":"main","skipped":false,"group":1,"unfinished":false}
/// ```
///
/// Rows come in start order. `frame` is the frame that contains the update's start
/// (`{"kind":"recorded","index":i}` or `{"kind":"grid","start":N}`) and `frameNumber` its number;
/// `frameMissed` whether the update is in a frame that missed its deadline (its work's or its
/// stretch's), null for an update no deadline judges (unfinished, off the main thread). An
/// unfinished update has a null `duration` and severity `none`. Times and durations are ns.
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
    var frames = FrameFollower(timeline: reading.frames.timeline)
    var missed: MissedFrame?
    reading.forEachUpdate { record, key in
      let judged = key.isMainThread && record.isFinished
      let frame = frames.add(start: record.start, counts: judged).frame
      var frameMissed: Bool?
      if judged {
        if missed?.holds(mainUpdateAt: record.start) != true {
          missed = reading.frames.missedFrame(ofMainUpdateAt: record.start)
        }
        frameMissed = missed != nil
      }
      row(record, key, frame: frame, missed: frameMissed, prefix: prefix)
    }
    writer.flush()
    result.writeFailed = writer.failed
  }

  private mutating func row(
    _ record: ExportRecord, _ key: ExportReading.Key, frame: FrameRef, missed: Bool?, prefix: [UInt8]
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
    writer.append(frame: frame)
    writer.append(",\"frameMissed\":")
    if let missed { writer.append(missed) } else { writer.append("null") }
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
