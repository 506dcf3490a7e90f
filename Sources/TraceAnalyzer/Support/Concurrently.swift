import Dispatch

/// Runs `body` on each of `items`, each on a thread of its own (one item runs here).
func concurrently<Item: Sendable>(_ items: [Item], _ body: @Sendable (Item) -> Void) {
  if items.count == 1 {
    body(items[0])
  } else {
    DispatchQueue.concurrentPerform(iterations: items.count) { body(items[$0]) }
  }
}
