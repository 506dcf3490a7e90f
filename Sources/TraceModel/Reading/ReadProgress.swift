import Synchronization

/// How much trace input the readers of this process have consumed: what a progress display
/// polls while a long read runs.
///
/// Process-wide, since a command reads several traces (and some twice); the counts only grow.
@usableFromInline package enum ReadProgress {
  private static let read = Atomic<Int64>(0)
  private static let total = Atomic<Int64>(0)

  /// Bytes read from trace files so far.
  @usableFromInline package static var bytesRead: Int64 { read.load(ordering: .relaxed) }

  /// Bytes of every trace file opened for reading so far (each read counts once more).
  @usableFromInline package static var bytesTotal: Int64 { total.load(ordering: .relaxed) }

  /// Notes that a reader will read `bytes` (``ChunkReader``, the one reader of trace files,
  /// counts each range it is made for, and each byte it reads).
  static func willRead(_ bytes: Int64) {
    total.add(bytes, ordering: .relaxed)
  }

  /// Notes that a reader has read `bytes` more.
  static func didRead(_ bytes: Int) {
    read.add(Int64(bytes), ordering: .relaxed)
  }
}
