extension JSONWriter {
  /// Writes `frame`'s identity as the analysis contract spells it:
  /// `{"kind":"recorded","index":i}` or `{"kind":"grid","start":N}` (its number is the
  /// caller's to write beside it).
  mutating func field(_ key: String, frame: FrameRef) {
    field(key, object: { json in
      if let index = frame.recordedIndex {
        json.field("kind", "recorded")
        json.field("index", index)
      } else {
        json.field("kind", "grid")
        json.field("start", frame.start)
      }
    })
  }
}
