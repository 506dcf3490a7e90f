/// One SwiftUI update (a node of the cause graph).
///
/// Strings are ``Symbol``s of the ``SymbolTable`` of the reader that produced the update.
/// Times and durations are nanoseconds.
public struct Update: Hashable, Sendable {
  /// Durations at or above this (one hour) mark an unfinished update: counted, never timed.
  public static let unfinishedDuration: Int64 = 3_600_000_000_000

  public var id: Int64
  public var kind: UpdateKind
  public var view: Symbol?
  public var label: Symbol?
  public var module: Symbol?
  public var start: Int64
  public var duration: Int64
  /// The thread name; `nil` when absent (the main thread).
  public var thread: Symbol?
  /// Whether the update ran on the main thread (`thread` absent or `main`).
  public var isMainThread: Bool
  /// SwiftUI checked the view but its body did not run (a dimmed node).
  public var skipped: Bool
  public var group: Int64?

  public init(
    id: Int64, kind: UpdateKind, view: Symbol? = nil, label: Symbol? = nil, module: Symbol? = nil,
    start: Int64, duration: Int64, thread: Symbol? = nil, isMainThread: Bool = true,
    skipped: Bool = false, group: Int64? = nil
  ) {
    self.id = id
    self.kind = kind
    self.view = view
    self.label = label
    self.module = module
    self.start = start
    self.duration = duration
    self.thread = thread
    self.isMainThread = isMainThread
    self.skipped = skipped
    self.group = group
  }

  /// Whether the recorder never saw the update end.
  @inlinable public var isUnfinished: Bool { duration >= Update.unfinishedDuration }

  /// The name statistics group by: `view`, else `label`, else nil (shown `(unnamed)`).
  @inlinable public var name: Symbol? { view ?? label }
}
