/// The keys of update and cause lines in the order recorders write them, as constant
/// predictions for ``JSONLinesParser/orderedUpdate(_:into:)`` and
/// ``JSONLinesParser/orderedCause(_:into:)``.
///
/// Each key holds the `,` before it and, for a string, the value's opening quote: `,"kind":"`,
/// as little-endian words (``OrderedReadTests`` spells them from the field names).
enum RecorderOrder {
  static var id: FieldTable.KeyPrediction { .init(.id, 0x3A22_6469_222C, 0, length: 6) }
  static var kind: FieldTable.KeyPrediction { .init(.kind, 0x3A22_646E_696B_222C, 0x22, length: 9) }
  static var view: FieldTable.KeyPrediction { .init(.view, 0x3A22_7765_6976_222C, 0x22, length: 9) }
  static var label: FieldTable.KeyPrediction { .init(.label, 0x226C_6562_616C_222C, 0x22_3A, length: 10) }
  static var module: FieldTable.KeyPrediction { .init(.module, 0x656C_7564_6F6D_222C, 0x22_3A22, length: 11) }
  static var start: FieldTable.KeyPrediction { .init(.start, 0x2274_7261_7473_222C, 0x3A, length: 9) }
  static var duration: FieldTable.KeyPrediction {
    .init(.duration, 0x6974_6172_7564_222C, 0x3A22_6E6F, length: 12)
  }
  static var thread: FieldTable.KeyPrediction { .init(.thread, 0x6461_6572_6874_222C, 0x22_3A22, length: 11) }
  static var skipped: FieldTable.KeyPrediction {
    .init(.skipped, 0x6570_7069_6B73_222C, 0x3A_2264, length: 11)
  }
  static var group: FieldTable.KeyPrediction { .init(.group, 0x2270_756F_7267_222C, 0x3A, length: 9) }
  static var from: FieldTable.KeyPrediction { .init(.from, 0x3A22_6D6F_7266_222C, 0, length: 8) }
  static var to: FieldTable.KeyPrediction { .init(.to, 0x3A22_6F74_222C, 0, length: 6) }
  static var time: FieldTable.KeyPrediction { .init(.time, 0x3A22_656D_6974_222C, 0, length: 8) }
  static var changed: FieldTable.KeyPrediction {
    .init(.changed, 0x6567_6E61_6863_222C, 0x223A_2264, length: 12)
  }
  static var valueType: FieldTable.KeyPrediction {
    .init(.valueType, 0x5465_756C_6176_222C, 0x223A_2265_7079, length: 14)
  }

  /// Whether `field`'s value is a string (its key then ends with the opening quote).
  @inline(__always)
  static func isString(_ field: Field) -> Bool {
    switch field {
    case .kind, .view, .label, .module, .thread, .changed, .valueType: true
    default: false
    }
  }
}
