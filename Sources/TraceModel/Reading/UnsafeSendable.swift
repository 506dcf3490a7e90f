/// Moves a value across a concurrency boundary the caller has made safe by other means.
@usableFromInline
package struct UnsafeSendable<Value>: @unchecked Sendable {
  @usableFromInline package var value: Value
  @inlinable package init(_ value: Value) { self.value = value }
}
