import TraceModel

/// `TraceModel.Frame`, named apart from SwiftUI-free helpers that say "frame" too.
package typealias TraceModelFrame = TraceModel.Frame
