/// One SwiftUI update (a node of the cause graph).
///
/// Strings are ``Symbol``s of the ``SymbolTable`` of the reader that produced the update.
/// Times and durations are nanoseconds.
@usableFromInline package struct Update: Hashable, Sendable {
  /// Durations at or above this (one hour) mark an unfinished update: counted, never timed.
  @usableFromInline package static let unfinishedDuration: Int64 = 3_600_000_000_000

  @usableFromInline package var id: Int64
  @usableFromInline package var kind: UpdateKind
  @usableFromInline package var view: Symbol?
  @usableFromInline package var label: Symbol?
  @usableFromInline package var module: Symbol?
  @usableFromInline package var start: Int64
  @usableFromInline package var duration: Int64
  /// The thread name; `nil` when absent (the main thread).
  @usableFromInline package var thread: Symbol?
  /// Whether the update ran on the main thread (`thread` absent or `main`).
  @usableFromInline package var isMainThread: Bool
  /// SwiftUI checked the view but its body did not run (a dimmed node).
  @usableFromInline package var skipped: Bool
  @usableFromInline package var group: Int64?

  @usableFromInline package init(
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
  @inlinable package var isUnfinished: Bool { duration >= Update.unfinishedDuration }

  /// The name statistics group by: `view`, else `label`, else nil (shown `(unnamed)`).
  @inlinable package var name: Symbol? { view ?? label }
}
