import TraceModel

/// `TraceModel.Frame`, named apart from SwiftUI-free helpers that say "frame" too.
public typealias TraceModelFrame = TraceModel.Frame
