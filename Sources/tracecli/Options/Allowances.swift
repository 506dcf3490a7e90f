import TraceAnalyzer
import TraceModel

/// What a gate (`check`, `diff`, `diagnose`) was told to accept that it otherwise cannot judge.
struct Allowances {
  /// `--allow-empty`: no updates, or empty SwiftUI tables.
  var empty = false
  /// `--allow-missing-window`: a window the recording lacks keeps nothing.
  var missingWindow = false
  /// `--allow-unrecorded`: limits on hitches or hangs a recording did not capture pass.
  var unrecorded = false

  /// Reads the flags; `--allow-unrecorded` only for a gate with limits on hitches or hangs.
  init(_ arguments: inout Arguments, unrecorded readsUnrecorded: Bool = true) {
    empty = arguments.flag("--allow-empty")
    missingWindow = arguments.flag("--allow-missing-window")
    if readsUnrecorded { unrecorded = arguments.flag("--allow-unrecorded") }
  }

  /// What a window the recording lacks means to the gate.
  var missingWindows: AnalysisOptions.MissingWindows { missingWindow ? .keepNothing : .cannotJudge }
}
