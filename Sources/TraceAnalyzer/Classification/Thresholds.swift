import TraceModel

/// The orange and red cut-offs, in ns: an update is red when longer than `red`, orange when
/// longer than `orange` and not red.
public struct Thresholds: Hashable, Sendable {
  public static let instruments = Thresholds(orange: 500_000, red: 1_000_000)

  public var orange: Int64
  public var red: Int64

  public init(orange: Int64, red: Int64) {
    self.orange = orange
    self.red = red
  }

  /// The severity of an update lasting `duration` ns; nil for gray and for unfinished updates.
  @inlinable package func classify(_ duration: Int64) -> Severity? {
    if duration >= Update.unfinishedDuration { return nil }
    if duration > red { return .red }
    if duration > orange { return .orange }
    return nil
  }
}
