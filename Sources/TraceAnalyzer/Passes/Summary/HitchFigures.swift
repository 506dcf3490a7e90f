import TraceModel

/// The app's recorded hitches and hangs that start in the range, as gates and diffs measure
/// them (the system's hitches left out; one an hour long or more is counted, never timed).
package struct HitchFigures: Hashable, Sendable {
  package var hitches = 0
  /// Their summed duration, ns.
  package var hitchNs: Int64 = 0
  package var longestHitchNs: Int64 = 0
  package var hangs = 0
  package var longestHangNs: Int64 = 0

  package init() {}

  /// `record with the Hitches and Hangs instruments`, for the `missing` of
  /// `hitches` and `hangs`.
  static func howToRecord(_ missing: [String]) -> String {
    "record with the "
      + missing.map { $0 == "hitches" ? "Hitches" : "Hangs" }.joined(separator: " and ")
      + (missing.count == 1 ? " instrument" : " instruments")
  }

  mutating func addHitch(duration: Int64) {
    hitches += 1
    guard duration < Update.unfinishedDuration else { return }
    hitchNs = hitchNs.saturatingAdd(duration)
    longestHitchNs = max(longestHitchNs, duration)
  }

  mutating func addHang(duration: Int64) {
    hangs += 1
    guard duration < Update.unfinishedDuration else { return }
    longestHangNs = max(longestHangNs, duration)
  }

  mutating func add(_ other: Self) {
    hitches += other.hitches
    hitchNs = hitchNs.saturatingAdd(other.hitchNs)
    longestHitchNs = max(longestHitchNs, other.longestHitchNs)
    hangs += other.hangs
    longestHangNs = max(longestHangNs, other.longestHangNs)
  }
}
