extension StringProtocol where SubSequence == Substring {
  /// The text without leading and trailing white space (spaces, tabs and line breaks).
  package var trimmingWhitespace: Substring {
    var text = self[...]
    while let first = text.first, first.isWhitespace { text = text.dropFirst() }
    while let last = text.last, last.isWhitespace { text = text.dropLast() }
    return text
  }
}
