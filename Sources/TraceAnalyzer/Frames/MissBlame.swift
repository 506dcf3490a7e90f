/// Why a frame missed its deadline.
public enum MissBlame: String, Hashable, Sendable {
  /// One of its updates was red.
  case longUpdate
  /// Many small updates: none was red.
  case accumulation
}
