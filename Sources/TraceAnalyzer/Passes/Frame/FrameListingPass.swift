import TraceModel

/// `tracecli frame` as a pass: each part spills its finished main-thread updates of the range
/// in file order (with their ids and views); the finish, once the frames are judged, keeps
/// those of the missed frames it shows: every update that starts between the first and the
/// last start of a frame's work or stretch is one of them (``MissedFrame/firstStart``).
struct FrameListingPass: Pass {
  let selection: FrameSelection

  struct Part: PassPart {
    /// Finished main-thread updates the frames are judged by: start, duration, id, the part's
    /// group of its view.
    let updates = PartitionedSpill<ProfileRecord>(
      partitions: 1, bufferBytes: 1 << 18, stagingBytes: 1 << 18)

    @inline(__always)
    mutating func consumeUpdate(_ update: Update, group: Int?, symbols: SymbolTable) {
      // As the summary spills them for the frames: in the range, finished, on the main thread.
      guard let group, update.isMainThread, !update.isUnfinished else { return }
      updates.append(
        ProfileRecord(
          time: update.start, length: update.duration, id: update.id, thread: 0, group: UInt32(group)),
        partition: 0)
    }
  }

  func makePart(_ context: PartContext) -> Part { Part() }

  func finish(_ read: FinishedRead<Part>) -> FrameListing {
    let missed = read.frames.missed
    let chosen: [MissedFrame]
    switch selection {
    case .worst(let limit):
      chosen = Array(missed.sorted { $0.isWorse(than: $1) }.prefix(limit ?? missed.count))
    case .number(let number):
      chosen = missed.filter { $0.frame.number == number }
    }
    var listing = FrameListing(selection: selection, entries: [], absence: nil, summary: read.summary)
    if case .number(let number) = selection, chosen.isEmpty {
      listing.absence = absence(of: number, read)
      return listing
    }
    // The chosen frames in time order, and the updates of each.
    let index = MissedFrameIndex(chosen.sorted { $0.frame < $1.frame })
    var updates = [[FrameListing.Update]](repeating: [], count: index.frames.count)
    let thresholds = read.run.options.thresholds
    let keys = read.builder.keys
    if !index.isEmpty {
      for (groups, part) in zip(read.builder.groupMaps, read.parts) {
        var hint = 0
        part.pass.updates.forEach(inPartition: 0) { record in
          guard let held = index.index(holding: record.time, hint: &hint) else { return }
          updates[held].append(
            FrameListing.Update(
              id: record.id, key: keys[groups[Int(record.group)]], start: record.time,
              duration: record.length,
              severity: thresholds.classify(record.length)))
        }
      }
    }
    // Missed frames are one a frame (analysis.md): their numbers tell them apart.
    let places = Dictionary(
      index.frames.enumerated().map { ($1.frame.number, $0) }, uniquingKeysWith: { first, _ in first })
    for frame in chosen {
      guard let held = places[frame.frame.number] else { continue }
      let sorted = updates[held].sorted { ($0.start, $0.duration, $0.id) < ($1.start, $1.duration, $1.id) }
      listing.entries.append(FrameListing.Entry(frame: frame, updates: sorted))
    }
    return listing
  }

  /// What frame `number` is when no missed frame has that number: whether it holds updates,
  /// the missed frame whose work or stretch they are part of, and the missed frames near it.
  private func absence(of number: Int64, _ read: FinishedRead<Part>) -> FrameListing.Absence {
    let frames = read.frames
    var holdsUpdates = false
    var partOf: MissedFrame?
    for part in read.parts {
      var times: Range<Int64> = 0..<0
      var current: Int64?
      part.pass.updates.forEach(inPartition: 0) { record in
        if !times.contains(record.time) {
          let found = frames.timeline.lookup(record.time)
          (times, current) = (found.times, found.frame.number)
        }
        guard current == number else { return }
        holdsUpdates = true
        if partOf == nil { partOf = frames.missedFrame(ofMainUpdateAt: record.time) }
      }
    }
    let nearby = frames.missed.map(\.frame.number)
      .sorted {
        ((Int128($0) - Int128(number)).magnitude, $0) < ((Int128($1) - Int128(number)).magnitude, $1)
      }
      .prefix(FrameListing.Absence.nearbyLimit).sorted()
    return FrameListing.Absence(number: number, holdsUpdates: holdsUpdates, partOf: partOf, nearby: nearby)
  }
}
