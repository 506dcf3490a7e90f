/// Gives the tested figures of a diff their ``FigureVerdict``: per view `count`, `red`, `p95Ns`
/// and `totalNs`; `frames.missed`; the app's hitch count and time; the hang count and longest.
struct FigureTester {
  /// The measures a verdict is given for (the view figures and the whole-trace ones).
  static let tested: Set<DiffMeasure> = [
    .count, .red, .p95, .total, .missed, .hitches, .hitchTime, .hangs, .longestHang,
  ]
  /// The view figures, adjusted over the views.
  static let perView: [DiffMeasure] = [.count, .red, .p95, .total]

  var alpha: Double
  var minimum: ChangeMinimum
  var test = MannWhitney()

  init(alpha: Double, minimum: ChangeMinimum) {
    self.alpha = alpha
    self.minimum = minimum
  }

  /// The verdict on `change` from the runs' values, with q = p (nil for an untested measure).
  mutating func verdict(_ change: FigureChange, base: [Int64], head: [Int64]) -> FigureVerdict? {
    let measure = change.measure
    guard Self.tested.contains(measure) else { return nil }
    let p = test.test(base: base, head: head).p
    let direction = FigureVerdict.direction(
      base: change.base.median, head: change.head.median, measure: measure, minimum: minimum)
    return FigureVerdict(p: p, q: p, alpha: alpha, direction: direction)
  }

  /// `views` with each view figure's q adjusted over every view (Benjamini–Hochberg).
  static func adjust(_ views: [ViewChange]) -> [ViewChange] {
    var views = views
    for measure in perView {
      guard let column = DiffMeasure.views.firstIndex(of: measure) else { continue }
      let q = BenjaminiHochberg.adjust(views.map { $0.figures[column].verdict?.p ?? 1 })
      for index in views.indices { views[index].figures[column].verdict?.q = q[index] }
    }
    return views
  }
}
