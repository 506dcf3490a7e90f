import TraceModel

/// Where the Perfetto export draws each source that causes something: at its `time`, else at
/// the start of the first written update it causes.
///
/// A partitioned join on disk, like the flows' (see ``ChromeTraceExport``): round one (a run
/// of buckets on each thread) indexes each bucket's sources (by id) and scans the bucket's
/// causes (spilled by `from`); a source with a time is placed there, and each cause from a
/// source without one is spilled by its target. Only when there are such causes, round two
/// scans each bucket's written updates against them, and round three keeps each such source's
/// earliest. The sources come back in sorted runs that merge into start order, for the lanes
/// of the Causes track. A source without a time that
/// causes only sources is not drawn.
enum ExportSourcePlacement {
  /// The sources of `reading` to draw, in start order once merged (runs of their own for each
  /// of up to `threads` threads, round one sharing the partitions out); `places` are the
  /// updates written.
  static func place(
    _ reading: ExportReading, updates places: PartitionedSpill<ExportPlace>, threads: Int
  ) -> [SortedRuns<ExportSourcePlace>] {
    let partitions = places.partitions
    let count = max(1, min(threads, partitions))
    let shares = (0..<count).map { partitions * $0 / count..<partitions * ($0 + 1) / count }
    let shared = UnsafeSendable(reading)
    let found = concurrentMap(shares) { share in
      UnsafeSendable(placeTimed(shared.value, partitions: share, of: partitions))
    }.map(\.value)
    let probes = found.map(\.probes)
    var placed = found.map(\.placed)
    if probes.contains(where: { $0.count > 0 }) {
      let untimed = SortedRuns<ExportSourcePlace>(runLength: 1 << 14, memoryLimit: 1 << 16)
      placeUntimed(probes, updates: places, into: untimed)
      placed.append(untimed)
    }
    return placed
  }

  /// Round one over `share` of the `total` partitions: the sources with a time that cause
  /// something, and the causes from sources without one, spilled by their target.
  private static func placeTimed(_ reading: ExportReading, partitions share: Range<Int>, of total: Int) -> (
    placed: SortedRuns<ExportSourcePlace>, probes: PartitionedSpill<ExportSourceProbe>
  ) {
    let placed = SortedRuns<ExportSourcePlace>(runLength: 1 << 14, memoryLimit: 1 << 16)
    let probes = PartitionedSpill<ExportSourceProbe>(partitions: total, bufferBytes: 1 << 18)
    // The partition's sources (the last of an id wins), their places by id, and which are drawn.
    var sources: [ExportSource] = []
    let index = IDTable()
    var drawn: [Bool] = []
    for partition in share {
      sources.removeAll(keepingCapacity: true)
      index.removeAll()
      drawn.removeAll(keepingCapacity: true)
      for (part, sink) in reading.parts.map(\.sink).enumerated() {
        sink.sources?.forEach(inPartition: partition) { source in
          var source = source
          source.key = reading.sourceMaps[part][Int(source.key)]
          // `insert` replaces the place: an id seen before keeps its first place, new figures.
          if let earlier = index.insert(source.id, UInt64(sources.count)) {
            index.insert(source.id, earlier)
            sources[Int(earlier)] = source
          } else {
            sources.append(source)
            drawn.append(false)
          }
        }
      }
      guard !sources.isEmpty else { continue }
      for sink in reading.parts.map(\.sink) {
        sink.causes?.forEach(inPartition: partition) { cause in
          guard let place = index.find(cause.from).map({ Int($0) }) else { return }
          let source = sources[place]
          if source.flags & ExportSource.hasTime != 0 {
            if !drawn[place] {
              drawn[place] = true
              placed.append(
                ExportSourcePlace(start: source.time, id: source.id, key: source.key, flags: source.flags))
            }
          } else {
            probes.append(
              ExportSourceProbe(
                to: cause.to, source: source.id, start: 0, key: source.key, flags: source.flags),
              id: cause.to)
          }
        }
      }
    }
    return (placed, probes)
  }

  /// Places each source of `probes` (causes from sources without a time, by target) at the
  /// earliest start of its targets among `places`.
  private static func placeUntimed(
    _ probes: [PartitionedSpill<ExportSourceProbe>], updates places: PartitionedSpill<ExportPlace>,
    into placed: SortedRuns<ExportSourcePlace>
  ) {
    let found = PartitionedSpill<ExportSourceProbe>(partitions: places.partitions, bufferBytes: 1 << 18)
    let waiting = ChainedIndex<ExportSourceProbe>()
    for partition in 0..<places.partitions {
      waiting.removeAll()
      for spill in probes { spill.forEach(inPartition: partition) { waiting.insert($0, key: $0.to) } }
      guard !waiting.isEmpty else { continue }
      places.forEach(inPartition: partition) { place in
        waiting.forEach(key: place.id) { probe in
          var probe = probe
          probe.start = place.start
          found.append(probe, id: probe.source)
        }
      }
    }
    var earliest: [Int64: ExportSourceProbe] = [:]
    for partition in 0..<places.partitions {
      earliest.removeAll(keepingCapacity: true)
      found.forEach(inPartition: partition) { probe in
        if let known = earliest[probe.source], known.start <= probe.start { return }
        earliest[probe.source] = probe
      }
      for probe in earliest.values {
        placed.append(
          ExportSourcePlace(start: probe.start, id: probe.source, key: probe.key, flags: probe.flags))
      }
    }
  }
}
