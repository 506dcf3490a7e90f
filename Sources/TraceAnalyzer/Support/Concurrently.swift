import Dispatch
import TraceModel

/// Runs `body` on each of `items`, each on a thread of its own (one item runs here).
func concurrently<Item: Sendable>(_ items: [Item], _ body: @Sendable (Item) -> Void) {
  if items.count == 1 {
    body(items[0])
  } else {
    DispatchQueue.concurrentPerform(iterations: items.count) { body(items[$0]) }
  }
}

/// `body` of each of `items`, in order, each run on a thread of its own (one item runs here).
func concurrentMap<Item: Sendable, Result>(_ items: [Item], _ body: @Sendable (Item) -> Result) -> [Result] {
  if items.count == 1 { return [body(items[0])] }
  let slots = UnsafeMutableBufferPointer<Result?>.allocate(capacity: items.count)
  slots.initialize(repeating: nil)
  defer {
    slots.deinitialize()
    slots.deallocate()
  }
  let box = UnsafeSendable(slots)
  DispatchQueue.concurrentPerform(iterations: items.count) { box.value[$0] = body(items[$0]) }
  return slots.map { $0! }
}
