import Dispatch
import Synchronization
import TraceModel

/// Writes one trace as Trace Event Format JSON (the object form Perfetto UI, chrome://tracing
/// and speedscope open), streaming: updates in start order from the sorted runs, each frame as
/// soon as its updates have gone by, then groups, hitches, hangs, the sources that cause
/// something (placed by a partitioned join, see ``ExportSourcePlacement``), the flows of
/// causes (a two-round partitioned join of causes to where their two ends were written) and
/// last the metadata naming the process and its tracks.
///
/// Tracks are thread ids in one process (pid 1); their ids are their sort order: causes,
/// update groups, the main thread, other threads, frames, hitches, hangs, intervals
/// (signposts), each with extra lanes for events that overlap without nesting. Times are µs
/// with three decimals (exact ns).
///
/// A flow is a `ph: "s"` event at the start of the slice it leaves and a `ph: "f"` event with
/// `bp: "e"` at the start of the slice it enters, one pair per cause, with an id of its own.
/// Perfetto's JSON importer binds each to the innermost slice open on its track at its time,
/// after every complete event that starts then, so the export keeps such a slice the innermost
/// at its start: a source's slice has a Causes lane to itself, and an update that starts with
/// an update a cause names goes to another lane (see ``TrackPacker``).
struct ChromeTraceExport {
  /// Track id bases (the `tid` is also the track's sort index).
  enum Family: Int64 {
    case causes = 1
    case groups = 10_000
    case main = 20_000
    /// Each further thread has ``lanes`` ids from here, in order of first sight.
    case threads = 30_000
    case frames = 100_000_000
    case hitches = 100_010_000
    case hangs = 100_020_000
    case intervals = 100_030_000

    /// Track ids a family (or one further thread) has for its lanes.
    static let lanes: Int64 = 9_999
  }

  /// How long a source's slice lasts on the Causes track: 1 µs.
  static let sourceDuration: Int64 = 1_000

  /// The track id of `lane` of `family`, plus `offset` (a further thread's place × lanes).
  static func track(_ family: Family, lane: Int, offset: Int64 = 0) -> Int64 {
    family.rawValue + offset + min(Int64(lane), Family.lanes - 1)
  }

  private var writer: ExportWriter
  private let reading: ExportReading
  private let thresholds: Thresholds
  /// Threads the flow join and the sources' placement may use.
  private let threads: Int
  private var first = true
  /// Events placed on their tracks, waiting to be formatted.
  private var pending: [Pending] = []
  private var pendingFrames: [FrameEvent] = []
  /// The batch formatted while the next is placed (its buffers kept from batch to batch).
  private let batch = PendingBatch()
  /// Whether ``batch`` is being formatted.
  private var inFlight = false
  /// Tracks written to, with their names.
  private var tracks: [Int64: String] = [:]
  private(set) var result = ExportResult()

  init(
    reading: ExportReading, thresholds: Thresholds, threads: Int = 1,
    sink: @escaping (UnsafeRawBufferPointer) -> Bool
  ) {
    self.reading = reading
    self.thresholds = thresholds
    self.threads = threads
    writer = ExportWriter(sink: sink)
  }

  /// Writes the whole file; `partitions` buckets for the flow join.
  mutating func write(partitions: Int, file: String) -> ExportResult {
    writer.append("{\"displayTimeUnit\":\"ns\",\"otherData\":{\"producer\":\"tracecli\",\"trace\":")
    writer.append(quoted: file)
    writer.append(",\"frameBudgetNs\":")
    writer.append(reading.budget)
    writer.append("},\"traceEvents\":[")
    let places = PartitionedSpill<ExportPlace>(partitions: partitions)
    writeUpdates(places: places)
    writeIntervals()
    writeSources(places: places)
    writeFlows(places: places)
    writeMetadata()
    writer.append("\n]}\n")
    writer.flush()
    result.writeFailed = writer.failed
    return result
  }

  // MARK: - Updates and frames

  private mutating func writeUpdates(places: PartitionedSpill<ExportPlace>) {
    let causeEnds = reading.parts.reduce(into: IDFilter()) { $0.formUnion($1.sink.causeEnds) }
    batch.causeEnds = causeEnds
    batch.thresholds = thresholds
    batch.keys = reading.keys
    var packers = [TrackPacker](repeating: TrackPacker(), count: reading.threads.count)
    // Per thread: its place among the threads other than main, and the lanes named so far.
    var threadOrder = [Int64](repeating: -1, count: reading.threads.count)
    var threadsSeen: Int64 = 0
    var named = [Int](repeating: 0, count: reading.threads.count)
    var frames = FrameFollower(timeline: reading.frames.timeline)
    var framePacker = TrackPacker()
    // Nothing the loop captures is retained per update: the packers through a pointer (no
    // uniqueness check of their array either), the filter by its lookup, the spill unowned.
    unowned(unsafe) let places = places
    causeEnds.withLookup { causeEnds in
      packers.withUnsafeMutableBufferPointer { packers in
        reading.forEachUpdate { record, key in
          if key.isMainThread && record.isFinished {
            if let left = frames.add(start: record.start, counts: true).left {
              writeFrame(left, packer: &framePacker)
            }
          }
          guard record.isFinished else {
            result.unfinished += 1
            return
          }
          let end = record.start.saturatingAdd(record.duration)
          // An update a cause may name stays the innermost slice at its start (its flows bind there).
          let lane = packers[key.thread].place(start: record.start, end: end, tag: record.id) {
            !causeEnds.roles(of: $0).isEmpty
          }
          let track: Int64
          if key.isMainThread {
            track = Self.track(.main, lane: lane)
          } else {
            if threadOrder[key.thread] < 0 {
              threadOrder[key.thread] = threadsSeen
              threadsSeen += 1
            }
            track = Self.track(.threads, lane: lane, offset: threadOrder[key.thread] * (Family.lanes + 1))
          }
          if lane >= named[key.thread] {
            let thread = reading.threads[key.thread]
            tracks[track] = lane == 0 ? thread : "\(thread) (\(lane + 1))"
            named[key.thread] = lane + 1
          }
          pending.append(Pending(record: record, track: track))
          if pending.count >= Pending.batchSize { formatPending(places: places) }
        }
      }
    }
    if let left = frames.finish() { writeFrame(left, packer: &framePacker) }
    formatPending(places: places)
    finishFormatting(places: places)
  }

  /// Places a frame on the Frames tracks; its event waits with the updates.
  private mutating func writeFrame(_ held: FrameFollower.Held, packer: inout TrackPacker) {
    let lane = Int64(packer.place(start: held.frame.start, end: held.end))
    let track = Self.track(.frames, lane: Int(lane))
    if tracks[track] == nil { tracks[track] = lane == 0 ? "Frames" : "Frames (\(lane + 1))" }
    pendingFrames.append(FrameEvent(held: held, missed: reading.frames.missed(held.frame)))
    pending.append(
      Pending(
        record: ExportRecord(
          start: 0, duration: 0, id: Int64(pendingFrames.count - 1), group: 0, key: Pending.frame,
          flags: 0),
        track: track))
  }

  /// Finishes the batch in flight, then starts formatting the waiting events as the next (see
  /// ``PendingBatch``).
  private mutating func formatPending(places: PartitionedSpill<ExportPlace>) {
    finishFormatting(places: places)
    guard !pending.isEmpty else { return }
    swap(&pending, &batch.entries)
    swap(&pendingFrames, &batch.frames)
    pending.removeAll(keepingCapacity: true)
    pendingFrames.removeAll(keepingCapacity: true)
    batch.first = first
    first = false
    batch.start()
    inFlight = true
  }

  /// Formats what is left of the batch in flight, then writes its pieces in order and puts
  /// the updates a cause may name in `places` for the flow join (in order).
  private mutating func finishFormatting(places: PartitionedSpill<ExportPlace>) {
    guard inFlight else { return }
    inFlight = false
    batch.finish()
    for piece in batch.pieces.prefix(batch.pieceCount) {
      writer.append(large: piece.writer.bytes)
      writer.flushIfFull()
      result.events += piece.counts.events
      result.updates += piece.counts.updates
      result.red += piece.counts.red
      result.orange += piece.counts.orange
      result.frames += piece.counts.frames
      result.missedFrames += piece.counts.missedFrames
      for place in piece.places { places.append(place, id: place.id) }
    }
  }

  /// Formats entries `range` of `batch` into `piece`: the text, the counts, and the places of
  /// the updates a cause may name (their filter's lookups, a cache miss each, made here too).
  fileprivate static func format(_ batch: PendingBatch, _ range: Range<Int>, into piece: PendingBatch.Piece) {
    // Locals for the loop: no retain of the arrays or exclusivity check per event.
    var writer = piece.writer
    var counts = ExportResult()
    var placed = piece.places
    writer.removeAll()
    placed.removeAll(keepingCapacity: true)
    let frames = batch.frames
    let first = batch.first
    let causeEnds = batch.causeEnds
    let thresholds = batch.thresholds
    batch.entries.withUnsafeBufferPointer { entries in
      batch.keys.withUnsafeBufferPointer { keys in
        for index in range {
          format(
            entries[index], keys: keys, frames: frames, first: first && index == 0, thresholds: thresholds,
            into: &writer, counting: &counts)
        }
      }
      // Only updates a cause may name wait for the flow join.
      for index in range where entries[index].record.key != Pending.frame {
        let entry = entries[index]
        if !causeEnds.roles(of: entry.record.id).isEmpty {
          placed.append(ExportPlace(id: entry.record.id, start: entry.record.start, track: entry.track))
        }
      }
    }
    piece.writer = writer
    piece.counts = counts
    piece.places = placed
  }

  /// Writes one waiting event: an update, or a frame.
  private static func format(
    _ entry: Pending, keys: UnsafeBufferPointer<ExportReading.Key>, frames: [FrameEvent], first: Bool,
    thresholds: Thresholds,
    into writer: inout ExportWriter, counting result: inout ExportResult
  ) {
    result.events += 1
    guard entry.record.key != Pending.frame else {
      writer.append(first ? "\n" : ",\n")
      formatFrame(frames[Int(entry.record.id)], track: entry.track, into: &writer, counting: &result)
      return
    }
    let key = keys[Int(entry.record.key)]
    let record = entry.record
    // The key's two pieces, and at most 166 bytes around them: the separator (2), the track
    // (20), `ts` and `dur` (6 + 21, 7 + 21), the id (14 + 20), the severity (8) with `skipped`
    // (11), `false` with `group` (14), and the group with the closing braces (22).
    writer.write(atMost: key.chromeHead.count + key.chromeArgs.count + 192) { out in
      if first { out.put("\n") } else { out.put(",\n") }
      out.put(raw: key.chromeHead)
      out.put(entry.track)
      out.put(",\"ts\":")
      out.put(microseconds: record.start)
      out.put(",\"dur\":")
      out.put(microseconds: record.duration)
      out.put(",\"args\":{\"id\":")
      out.put(record.id)
      out.put(raw: key.chromeArgs)
      out.put(severityOf: record.duration, thresholds, counting: &result)
      out.put(",\"skipped\":")
      if record.skipped { out.put("true,\"group\":") } else { out.put("false,\"group\":") }
      if record.group == ExportRecord.noGroup {
        out.put("null}}")
      } else {
        out.put(record.group)
        out.put("}}")
      }
    }
    result.updates += 1
  }

  /// An update event's text up to its track id (`label` quoted):
  /// `{"ph":"X","cat":"update","name":LABEL,"pid":1,"tid":`.
  static func updateHead(label: [UInt8]) -> [UInt8] {
    Array(#"{"ph":"X","cat":"update","name":"#.utf8) + label + Array(#","pid":1,"tid":"#.utf8)
  }

  /// An update event's `args` from its kind to its severity's key (`module` quoted):
  /// `,"kind":K,"module":M,"severity":`.
  static func updateArgs(kind: UpdateKind, module: [UInt8]) -> [UInt8] {
    Array(#","kind":"#.utf8) + ExportWriter.quoted(kind.description) + Array(#","module":"#.utf8) + module
      + Array(#","severity":"#.utf8)
  }

  /// Writes one frame's event.
  private static func formatFrame(
    _ event: FrameEvent, track: Int64, into writer: inout ExportWriter, counting result: inout ExportResult
  ) {
    let frame = event.held.frame
    writer.append("{\"ph\":\"X\",\"cat\":\"frame\",\"name\":\"")
    writer.append(event.missed == nil ? "Frame" : "Missed frame")
    writer.append("\"")
    writer.append(track: track, start: frame.start, duration: event.held.end.saturatingSubtract(frame.start))
    writer.append(",\"args\":{\"frame\":")
    writer.append(frame: frame)
    writer.append(",\"updates\":")
    writer.append(event.held.updates)
    writer.append(",\"missed\":")
    writer.append(event.missed != nil)
    if let missed = event.missed {
      writer.append(",\"deadlineNs\":")
      writer.append(missed.deadline)
      writer.append(",\"overrunNs\":")
      writer.append(missed.overrunNs)
      writer.append(",\"overrun\":")
      writer.append(quoted: DurationText.format(missed.overrunNs))
      result.missedFrames += 1
    }
    writer.append("}}")
    result.frames += 1
  }

  // MARK: - Groups, hitches, hangs

  private mutating func writeIntervals() {
    var groups = reading.parts.flatMap(\.sink.groups).map { group, label in
      Interval(start: group.start, duration: group.duration, name: label ?? "Update group", id: group.id)
    }
    // A hitch is named by its narrative, else the stage that was late; the system's say so.
    var hitches = reading.parts.flatMap(\.sink.hitches).map { hitch, narrative, cause in
      Interval(
        start: hitch.start, duration: hitch.duration,
        name: (hitch.system ? "System hitch: " : "") + (narrative ?? cause ?? "Hitch")
      ) { args in
        Self.duration(hitch.duration, into: &args)
        if let narrative { args.field("narrative", narrative) }
        if let cause { args.field("cause", cause) }
        args.field("system", hitch.system)
      }
    }
    var hangs = reading.parts.flatMap(\.sink.hangs).map { hang, kind in
      Interval(start: hang.start, duration: hang.duration, name: kind ?? "Hang") { args in
        Self.duration(hang.duration, into: &args)
        if let kind { args.field("kind", kind) }
      }
    }
    // The windows of `--window`: a signpost interval is named by its name, its subsystem and
    // category kept as arguments.
    var intervals = reading.parts.flatMap(\.sink.intervals).map { interval, name, subsystem, category in
      Interval(start: interval.start, duration: interval.duration, name: name) { args in
        if let subsystem { args.field("subsystem", subsystem) }
        if let category { args.field("category", category) }
      }
    }
    for (family, title, category, list) in [
      (Family.groups, "Update Groups", "group", groups), (Family.hitches, "Hitches", "hitch", hitches),
      (Family.hangs, "Hangs", "hang", hangs), (Family.intervals, "Intervals", "interval", intervals),
    ] {
      let sorted = list.sorted { ($0.start, $1.duration) < ($1.start, $0.duration) }
      var packer = TrackPacker()
      for item in sorted {
        let lane = Int64(
          packer.place(
            start: item.start,
            end: item.start.saturatingAdd(item.duration >= Update.unfinishedDuration ? 0 : item.duration)))
        let track = Self.track(family, lane: Int(lane))
        if tracks[track] == nil { tracks[track] = lane == 0 ? title : "\(title) (\(lane + 1))" }
        separate()
        writer.append("{\"ph\":\"X\",\"cat\":\"")
        writer.append(bytes: Array(category.utf8))
        writer.append("\",\"name\":")
        writer.append(quoted: item.name)
        // An hour or more is a sentinel (or absurd): counted, never timed, drawn as an instant.
        let duration = item.duration >= Update.unfinishedDuration ? 0 : max(item.duration, 0)
        writer.append(track: track, start: item.start, duration: duration)
        if let id = item.id {
          writer.append(",\"args\":{\"id\":")
          writer.append(id)
          writer.append("}")
        } else if let args = item.args {
          writer.append(",\"args\":")
          writer.append(bytes: args)
        }
        writer.append("}")
        writer.flushIfFull()
      }
    }
    groups = []
    hitches = []
    hangs = []
    intervals = []
  }

  /// A hitch's or hang's length as arguments: `durationNs` and `duration` (`8.33 ms`), or
  /// `unfinished: true` for an hour or more (a recorder's sentinel).
  private static func duration(_ ns: Int64, into args: inout JSONWriter) {
    if ns >= Update.unfinishedDuration {
      args.field("unfinished", true)
    } else {
      args.field("durationNs", ns)
      args.field("duration", DurationText.format(ns))
    }
  }

  // MARK: - Sources

  /// Writes each source that causes something as a 1 µs slice on the Causes track (see
  /// ``ExportSourcePlacement``), and puts it in `places` for the flows.
  ///
  /// Its args: `id`, `kind`, `source` (the label) and `user`.
  private mutating func writeSources(places: PartitionedSpill<ExportPlace>) {
    var packer = TrackPacker()
    var merger = RunMerger(ExportSourcePlacement.place(reading, updates: places, threads: threads))
    merger.forEach { source, _ in
      let lane = packer.placeApart(start: source.start, end: source.start.saturatingAdd(Self.sourceDuration))
      let track = Self.track(.causes, lane: lane)
      if tracks[track] == nil { tracks[track] = lane == 0 ? "Causes" : "Causes (\(lane + 1))" }
      let name = reading.sourceNames[Int(source.key)]
      separate()
      writer.append("{\"ph\":\"X\",\"cat\":\"source\",\"name\":")
      writer.append(raw: name.label)
      writer.append(track: track, start: source.start, duration: Self.sourceDuration)
      writer.append(",\"args\":{\"id\":")
      writer.append(source.id)
      writer.append(",\"kind\":")
      writer.append(raw: name.kind)
      writer.append(",\"source\":")
      writer.append(raw: name.label)
      writer.append(",\"user\":")
      writer.append(source.flags & ExportSource.user != 0)
      writer.append("}}")
      writer.flushIfFull()
      places.append(ExportPlace(id: source.id, start: source.start, track: track), id: source.id)
      result.sources += 1
    }
  }

  // MARK: - Flows

  /// Writes each cause whose two ends were written (updates or sources) as a flow arrow.
  ///
  /// Round one places each cause's source (by `from` bucket), round two its target (by `to`
  /// bucket). Each round indexes the bucket's causes (usually far fewer than updates) and
  /// scans the bucket's written updates and sources against them.
  private mutating func writeFlows(places: PartitionedSpill<ExportPlace>) {
    let causes = reading.parts.compactMap(\.sink.causes)
    let count = max(1, min(threads, places.partitions))
    let shares = (0..<count).map { share in
      FlowJoinShare(
        partitions: places.partitions * share / count..<places.partitions * (share + 1) / count,
        of: places.partitions)
    }
    concurrently(shares) { $0.placeSources(causes: causes, places: places) }
    concurrently(shares) { $0.placeTargets(shares: shares, places: places) }
    var flows: [ExportFlow] = []
    flows.reserveCapacity(Pending.batchSize)
    for share in shares {
      share.flows.forEachBlock(inPartition: 0) { block in
        for flow in block {
          flows.append(flow)
          if flows.count == Pending.batchSize { formatFlows(&flows) }
        }
      }
    }
    formatFlows(&flows)
  }

  /// Formats waiting flows on both cores (each half into a piece of ``batch``), numbered on from
  /// those written, then writes the halves in order.
  private mutating func formatFlows(_ flows: inout [ExportFlow]) {
    guard !flows.isEmpty else { return }
    let base = Int64(result.flows)
    let isFirst = result.events == 0
    let halves = flows.count >= 2048 ? 2 : 1
    let outputs = batch
    flows.withUnsafeBufferPointer { flows in
      let shared = UnsafeSendable(flows)
      DispatchQueue.concurrentPerform(iterations: halves) { half in
        let range = shared.value.count * half / halves..<shared.value.count * (half + 1) / halves
        let output = outputs.pieces[half]
        var writer = output.writer
        writer.removeAll()
        for index in range {
          Self.format(
            shared.value[index], id: base + Int64(index) + 1, first: isFirst && index == 0, into: &writer)
        }
        output.writer = writer
      }
    }
    for output in outputs.pieces.prefix(halves) {
      writer.append(large: output.writer.bytes)
      writer.flushIfFull()
    }
    result.flows += flows.count
    result.events += 2 * flows.count
    first = false
    flows.removeAll(keepingCapacity: true)
  }

  /// Writes both ends of flow `id`: `ph: "s"` where it leaves, `ph: "f"` with `bp: "e"` (bound
  /// to the enclosing slice) where it enters.
  private static func format(_ flow: ExportFlow, id: Int64, first: Bool, into writer: inout ExportWriter) {
    writer.write(atMost: 320) { out in
      if first { out.put("\n{\"ph\":\"s\",") } else { out.put(",\n{\"ph\":\"s\",") }
      formatEnd(flow, id: id, track: flow.fromTrack, start: flow.fromStart, into: &out)
      out.put(",\n{\"ph\":\"f\",\"bp\":\"e\",")
      formatEnd(flow, id: id, track: flow.toTrack, start: flow.toStart, into: &out)
    }
  }

  /// Writes the rest of one end of flow `id`, after its phase: at most 120 bytes.
  @inline(__always)
  private static func formatEnd(
    _ flow: ExportFlow, id: Int64, track: Int64, start: Int64, into out: inout ExportCursor
  ) {
    if flow.label == 1 {
      out.put("\"cat\":\"cause\",\"name\":\"creation\",\"id\":")
    } else {
      out.put("\"cat\":\"cause\",\"name\":\"update\",\"id\":")
    }
    out.put(id)
    out.put(",\"pid\":1,\"tid\":")
    out.put(track)
    out.put(",\"ts\":")
    out.put(microseconds: start)
    out.put("}")
  }

  // MARK: - Metadata

  private mutating func writeMetadata() {
    let process = [reading.header?.app, reading.header?.device.map { "on \($0)" }].compactMap { $0 }
    separate()
    writer.append("{\"ph\":\"M\",\"name\":\"process_name\",\"pid\":1,\"tid\":0,\"args\":{\"name\":")
    writer.append(quoted: process.isEmpty ? "SwiftUI trace" : process.joined(separator: " "))
    writer.append("}}")
    for (track, name) in tracks.sorted(by: { $0.key < $1.key }) {
      separate()
      writer.append("{\"ph\":\"M\",\"name\":\"thread_name\",\"pid\":1,\"tid\":")
      writer.append(track)
      writer.append(",\"args\":{\"name\":")
      writer.append(quoted: name)
      writer.append("}}")
      separate()
      writer.append("{\"ph\":\"M\",\"name\":\"thread_sort_index\",\"pid\":1,\"tid\":")
      writer.append(track)
      writer.append(",\"args\":{\"sort_index\":")
      writer.append(track)
      writer.append("}}")
    }
    result.tracks = tracks.count
  }

  @inline(__always)
  private mutating func separate() {
    if first {
      writer.append("\n")
      first = false
    } else {
      writer.append(",\n")
    }
    result.events += 1
  }
}

/// An event placed on its track, waiting to be formatted: an update (its record's `key` the
/// index of its key in the reading's) or a frame.
private struct Pending {
  static let batchSize = 1 << 14
  /// The `key` of a frame's record, whose `id` is its index in the batch's frames.
  static let frame: Int32 = -1

  var record: ExportRecord
  var track: Int64
}

/// A group, hitch, hang or named interval as the export draws it.
private struct Interval {
  var start: Int64
  var duration: Int64
  var name: String
  /// A group's id (its one argument, written without a ``JSONWriter``: groups are many).
  var id: Int64?
  /// Its `args` object as JSON, if it has any.
  var args: [UInt8]?

  /// A group.
  init(start: Int64, duration: Int64, name: String, id: Int64?) {
    self.start = start
    self.duration = duration
    self.name = name
    self.id = id
  }

  /// An interval whose `args` object `body` writes (none when it writes nothing).
  init(start: Int64, duration: Int64, name: String, args body: (inout JSONWriter) -> Void) {
    self.start = start
    self.duration = duration
    self.name = name
    var args = JSONWriter(indent: 0)
    args.object(body)
    let text = args.text
    self.args = text == "{}" ? nil : Array(text.utf8)
  }
}

/// A frame with finished main-thread updates, waiting to be formatted, and its verdict when it
/// missed its deadline.
private struct FrameEvent: Sendable {
  var held: FrameFollower.Held
  var missed: MissedFrame?
}

/// One batch of waiting events, formatted in pieces: another thread takes pieces as soon as
/// the batch starts, and the placing thread takes those left once it has placed the next batch
/// (so neither waits while there is work); each piece has a buffer of its own, written in order.
private final class PendingBatch: @unchecked Sendable {
  /// One piece's output.
  final class Piece {
    var writer = ExportWriter(sink: nil)
    var counts = ExportResult()
    /// The piece's updates a cause may name, in order.
    var places: [ExportPlace] = []
  }

  /// Pieces a full batch is cut into, and the fewest events a piece has.
  static let maxPieces = 8
  static let minPieceEntries = 1024

  var entries: [Pending] = []
  var frames: [FrameEvent] = []
  /// Whether the batch holds the file's first event (written without a comma).
  var first = false
  /// The ids causes name.
  var causeEnds = IDFilter()
  var thresholds = Thresholds.instruments
  /// The reading's keys, which the entries' records index.
  var keys: [ExportReading.Key] = []
  let pieces = (0..<PendingBatch.maxPieces).map { _ in Piece() }
  /// The pieces of this batch (fewer for a small one).
  private(set) var pieceCount = 0
  /// The next piece to take.
  private let taken = Atomic<Int>(0)
  private let helper = DispatchGroup()

  /// Starts formatting on another thread.
  func start() {
    pieceCount = max(1, min(Self.maxPieces, entries.count / Self.minPieceEntries))
    taken.store(0, ordering: .relaxed)
    helper.enter()
    DispatchQueue.global().async {
      self.formatPieces()
      self.helper.leave()
    }
  }

  /// Formats the pieces not taken yet, then waits for the other thread's.
  func finish() {
    formatPieces()
    helper.wait()
  }

  private func formatPieces() {
    while true {
      let piece = taken.wrappingAdd(1, ordering: .relaxed).oldValue
      guard piece < pieceCount else { return }
      let range = entries.count * piece / pieceCount..<entries.count * (piece + 1) / pieceCount
      ChromeTraceExport.format(self, range, into: pieces[piece])
    }
  }
}
