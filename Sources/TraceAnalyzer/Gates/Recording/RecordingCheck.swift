import TraceModel

/// Whether a recording can support a verdict: what `check`, `diff` and `diagnose` make sure of
/// before they pass or fail anything ("cannot judge", exit 65, says why and what to do).
///
/// A recording cannot be judged when it holds no update (in the range or window read); when
/// its SwiftUI tables came back empty while its other tables have rows (attaching to a running
/// app does that); when it lacks a window the gate names (``AnalysisOptions/MissingWindows``);
/// or, for a limit on hitches or hangs, when it did not capture them (``CheckResult/unjudged``).
/// Each has an `--allow-…` flag that accepts it on purpose.
package enum RecordingCheck {
  /// Throws "cannot judge" when the read of `facts` kept no update, unless `allowEmpty`
  /// (`--allow-empty`).
  ///
  /// SwiftUI tables that came back empty are refused whatever the gate measures. Otherwise a
  /// read that keeps no update is refused only when the gate `needsUpdates` (a gate on hangs
  /// alone can judge a window the hang held the main thread through), and not when
  /// `allowMissingWindow` (`--allow-missing-window`) and the recording lacks the read's windows,
  /// as long as the recording itself holds updates.
  package static func refuseEmpty(
    _ facts: RecordingFacts, allowEmpty: Bool, allowMissingWindow: Bool, needsUpdates: Bool = true
  ) throws(TraceReadError) {
    guard facts.updatesKept == 0 && !allowEmpty else { return }
    let windowMissing = allowMissingWindow && !facts.windows.isEmpty && facts.windowIntervals == 0
    if facts.emptySwiftUITables == nil {
      guard needsUpdates else { return }
      if windowMissing && facts.events.updates > 0 { return }
    }
    let message: String
    if let others = facts.emptySwiftUITables {
      message =
        "cannot judge: the recording's SwiftUI tables are empty while it holds \(others) — the SwiftUI "
        + "instrument saw nothing, as when xctrace attaches to a running app (one an XCUITest launched), or "
        + "when the device's OS is older than the instrument; record by launching the app from xctrace, not by "
        + "attaching, as tracecli record --launch APP does "
        + "(--allow-empty accepts it)"
    } else if facts.events.updates > 0,
      let restriction = TraceSummary.restriction(range: facts.range, windows: facts.windows)
    {
      let options = [
        facts.range.isUnbounded ? nil : "--from and --to", facts.windows.isEmpty ? nil : "--window",
      ]
      message =
        "cannot judge: no updates in \(restriction) — check \(options.compactMap { $0 }.joined(separator: " and "))"
        + " (--allow-empty accepts an empty range)"
    } else {
      message =
        "cannot judge: no updates in the trace — did the recording fail? (--allow-empty accepts an empty trace)"
    }
    throw .cannotJudge(TraceParseError(file: facts.file, line: 0, message: message))
  }

  /// Throws "cannot judge" when some of `runs` lack the windows read and others hold them: a diff
  /// would compare nothing with something, even with `--allow-missing-window`.
  package static func refusePartialWindows(_ runs: [RecordingFacts]) throws(TraceReadError) {
    let missing = runs.filter { !$0.windows.isEmpty && $0.windowIntervals == 0 }
    guard let first = missing.first, missing.count < runs.count else { return }
    let names = first.windows.map { "'\($0)'" }.joined(separator: ", ")
    throw .cannotJudge(
      TraceParseError(
        file: first.file, line: 0,
        message: "cannot judge: the window \(names) is missing from \(missing.count) of \(runs.count) runs, "
          + "so the diff would compare nothing with something; record the interaction in every run"))
  }

  /// Throws "cannot judge" when a run of `runs` did not capture what `rule` measures, naming
  /// it and what to record; `allowed` (`--allow-unrecorded`) lets the rule pass, not judged.
  package static func refuseUnrecorded(
    _ rule: String, measuring what: String, runs: [RecordingFacts], allowed: Bool
  )
    throws(TraceReadError)
  {
    guard let run = runs.first, !allowed else { return }
    let others = runs.count > 1 ? " (and \(runs.count - 1) more run\(runs.count == 2 ? "" : "s"))" : ""
    throw .cannotJudge(
      TraceParseError(
        file: run.file, line: 0,
        message: "cannot judge \(rule): the recording did not capture \(what)\(others) ("
          + HitchFigures.howToRecord([what]) + "; --allow-unrecorded lets it pass, not judged)"))
  }

  /// Warnings when the runs of a diff are recordings of different apps or devices (as their
  /// headers name them): the diff compares views by name, whatever they are.
  package static func differentRecordings(_ base: [RecordingFacts], _ head: [RecordingFacts]) -> [String] {
    var warnings: [String] = []
    for (what, key) in [("apps", \RecordingFacts.app), ("devices", \RecordingFacts.device)] {
      let names = (base + head).compactMap { $0[keyPath: key] }
      var seen: [String] = []
      for name in names where !seen.contains(name) { seen.append(name) }
      guard seen.count > 1 else { continue }
      warnings.append(
        "tracecli: warning: the runs are recordings of different \(what) (\(seen.joined(separator: ", "))): "
          + "the diff compares their views by name")
    }
    return warnings
  }

  /// The warning for frame limits judged at a refresh rate the recording did not give; nil when
  /// the rate is known.
  package static func assumedRateWarning(_ facts: RecordingFacts) -> String? {
    guard facts.refreshRateAssumed else { return nil }
    return "tracecli: warning: \(facts.file): frame limits judged at 60 Hz, assumed (the recording gives no "
      + "refresh rate); give --refresh-rate, or record the display's vsyncs (tracecli record does)"
  }
}
