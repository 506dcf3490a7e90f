/// The `<schema>` of one exported table: its name and its columns in cell order.
///
///     <schema name="hitches"><col><mnemonic>start</mnemonic><name>Start</name>
///       <engineering-type>start-time</engineering-type></col>…</schema>
struct XCTraceSchema: Hashable, Sendable {
  /// One `<col>`.
  struct Column: Hashable, Sendable {
    /// The stable machine name (`start`, `update-type`); tracecli finds columns by it.
    var mnemonic: String
    /// The title Instruments shows (`Update Type`).
    var name: String
    /// The value type (`start-time`, `swiftui-update`).
    var engineeringType: String
  }

  /// The `name` attribute; nil when the export omits it.
  var name: String?
  var columns: [Column]

  /// The position of the first column with `mnemonic`, or nil.
  func index(of mnemonic: String) -> Int? {
    columns.firstIndex { $0.mnemonic == mnemonic }
  }

  /// The position of the first column with any of `mnemonics`, in that order of preference.
  func index(ofAny mnemonics: [String]) -> Int? {
    for mnemonic in mnemonics {
      if let index = index(of: mnemonic) { return index }
    }
    return nil
  }

  /// Whether a column with `mnemonic` exists.
  func has(_ mnemonic: String) -> Bool { index(of: mnemonic) != nil }

  /// How messages name the table: `swiftui-causes`, or `(unnamed)`.
  var displayName: String { name.map { "\"\($0)\"" } ?? "(unnamed)" }
}
