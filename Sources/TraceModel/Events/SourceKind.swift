/// What a cause-graph node that is not an update stands for.
@usableFromInline
package enum SourceKind: Int, CaseIterable, Comparable, Hashable, Sendable, CustomStringConvertible {
  case gesture, state, observable, environment, environmentWriter, preference, transaction, creation,
    other

  /// Parses the trace-format spelling (`gesture`, `state`, … `other`).
  @usableFromInline package init?(name: String) {
    var name = name
    guard let kind = name.withUTF8({ Self(utf8: $0) }) else { return nil }
    self = kind
  }

  /// Parses the trace-format spelling from its UTF-8 bytes (the reader's, without a `String`).
  init?(utf8: UnsafeBufferPointer<UInt8>) {
    guard let index = Self.spellings.firstIndex(where: { $0.elementsEqual(utf8) }) else { return nil }
    self = Self.allCases[index]
  }

  /// Each kind's spelling as bytes, in case order.
  private static let spellings: [[UInt8]] = allCases.map { Array($0.description.utf8) }

  /// The trace-format spelling.
  @usableFromInline package var description: String {
    switch self {
    case .gesture: "gesture"
    case .state: "state"
    case .observable: "observable"
    case .environment: "environment"
    case .environmentWriter: "environmentWriter"
    case .preference: "preference"
    case .transaction: "transaction"
    case .creation: "creation"
    case .other: "other"
    }
  }

  /// The name Instruments gives such a node, such as `State change`.
  @usableFromInline package var displayName: String {
    switch self {
    case .gesture: "Gesture"
    case .state: "State change"
    case .observable: "@Observable"
    case .environment: "External Environment"
    case .environmentWriter: "EnvironmentWriter"
    case .preference: "Preference"
    case .transaction: "Transaction"
    case .creation: "View Creation / Reuse"
    case .other: "Other"
    }
  }

  @usableFromInline package static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}
