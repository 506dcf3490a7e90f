import TestSupport
import Testing

@testable import tracecli

struct UpdatesCommandTests {
  @Test func listsOneViewsLongUpdatesInTimeOrder() {
    let run = CLIRun([
      "updates", Fixture.path("traces/landmarks-before.jsonl"), "--view", "LandmarkListItemView", "--long",
    ])
    #expect(run.status == .success)
    Fixture.assertSnapshot(
      run.output.withoutRoot, named: "landmarks-before.updates.txt")
    let rows = run.output.split(separator: "\n").dropFirst(3)
    #expect(!rows.isEmpty)
    #expect(rows.allSatisfy { $0.contains("orange") || $0.contains("red") })
  }

  @Test func jsonListsEveryUpdateWithItsFrame() {
    let run = CLIRun([
      "updates", Fixture.path("traces/minimal.jsonl"), "--view", "Landmarks.LandmarkListItemView", "--format",
      "json",
    ])
    #expect(run.status == .success)
    Fixture.assertSnapshot(
      run.output.withoutRoot, named: "minimal.updates.json")
  }

  @Test func anUnknownViewExits1WithSuggestions() {
    let run = CLIRun(["updates", Fixture.path("traces/landmarks-before.jsonl"), "--view", "LandmarkListItem"])
    #expect(run.status == .failure)
    #expect(run.errors.contains("did you mean"))
    #expect(run.errors.contains("Landmarks.LandmarkListItemView"))
  }
}
