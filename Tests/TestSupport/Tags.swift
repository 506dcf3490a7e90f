import Foundation
import Testing

extension Tag {
  /// Tests that take seconds: a browser, a hung process, the Python reference, many random
  /// traces.
  @Tag public static var slow: Self
}

extension Trait where Self == ConditionTrait {
  /// Off in the quick loop (`TRACECLI_QUICK=1 swift test`): for the tests tagged ``Tag/slow``.
  /// CI never sets it, so every test runs there.
  public static var notInQuickLoop: Self {
    .enabled(
      if: ProcessInfo.processInfo.environment["TRACECLI_QUICK"].map(\.isEmpty) ?? true,
      "TRACECLI_QUICK is set: a slow test, left to the full run")
  }
}
