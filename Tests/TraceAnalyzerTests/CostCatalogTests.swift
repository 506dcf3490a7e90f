import Testing

@testable import TraceAnalyzer

/// Each entry of the catalog of known costs, on symbol names as Instruments spells them.
@Suite struct CostCatalogTests {
  /// Real spellings (Objective-C, Swift, C and ICU) and what the catalog must call them.
  static let spellings: [(name: String, entry: String, what: String)] = [
    ("-[NSNumberFormatter init]", "formatter creation", "creating NumberFormatter"),
    ("-[NSDateFormatter init]", "formatter creation", "creating DateFormatter"),
    ("-[NSMeasurementFormatter init]", "formatter creation", "creating MeasurementFormatter"),
    ("-[NSISO8601DateFormatter init]", "formatter creation", "creating ISO8601DateFormatter"),
    ("MeasurementFormatter.init()", "formatter creation", "creating MeasurementFormatter"),
    ("@objc NumberFormatter.init()", "formatter creation", "creating NumberFormatter"),
    ("unum_open_76", "formatter creation", "creating NumberFormatter"),
    ("udat_open_76", "formatter creation", "creating DateFormatter"),
    ("FloatingPointFormatStyle.format(_:)", "format style", "formatting with a format style on every call"),
    (
      "static ICUNumberFormatter.create(for:locale:)", "format style",
      "formatting with a format style on every call"
    ),
    (
      "-[NSRegularExpression initWithPattern:options:error:]", "regular expression",
      "compiling a regular expression"
    ),
    ("NSRegularExpression.init(pattern:options:)", "regular expression", "compiling a regular expression"),
    ("uregex_open_76", "regular expression", "compiling a regular expression"),
    ("CGImageSourceCreateImageAtIndex", "image decoding", "decoding or scaling an image"),
    ("+[UIImage imageNamed:]", "image decoding", "decoding or scaling an image"),
    (
      "-[UIImage(PreparingThumbnails) preparingThumbnailOfSize:]", "image decoding",
      "decoding or scaling an image"
    ),
    (
      "AppleJPEGReadPlugin::copyImageBlockSet(InfoRec*, CGImageProvider*, CGRect, CGSize, __CFDictionary const*)",
      "image decoding", "decoding or scaling an image"
    ),
    ("JSONDecoder.decode<A>(_:from:)", "decoding", "decoding JSON or a property list"),
    (
      "+[NSJSONSerialization JSONObjectWithData:options:error:]", "decoding",
      "decoding JSON or a property list"
    ),
    ("PropertyListDecoder.decode<A>(_:from:)", "decoding", "decoding JSON or a property list"),
    ("Data.init(contentsOf:options:)", "synchronous read", "reading a file or the network synchronously"),
    (
      "-[NSData initWithContentsOfURL:options:error:]", "synchronous read",
      "reading a file or the network synchronously"
    ),
    (
      "-[NSFileManager contentsOfDirectoryAtPath:error:]", "synchronous read",
      "reading a file or the network synchronously"
    ),
    ("-[NSManagedObjectContext executeFetchRequest:error:]", "fetch", "fetching from Core Data or SwiftData"),
    ("ModelContext.fetch<A>(_:)", "fetch", "fetching from Core Data or SwiftData"),
    (
      "specialized MutableCollection<>.sort(by:)", "sorting or filtering", "sorting or filtering a collection"
    ),
    ("Sequence.sorted(by:)", "sorting or filtering", "sorting or filtering a collection"),
    ("specialized _ArrayProtocol.filter(_:)", "sorting or filtering", "sorting or filtering a collection"),
    ("String.init(format:_:)", "string formatting", "formatting strings"),
    ("+[NSString stringWithFormat:]", "string formatting", "formatting strings"),
    ("_CFStringCreateWithFormatAndArgumentsAux2", "string formatting", "formatting strings"),
  ]

  @Test(arguments: spellings)
  func recognisesAppleSpellings(_ spelling: (name: String, entry: String, what: String)) {
    let found = CostCatalog.recognise(spelling.name)
    #expect(found?.entry.name == spelling.entry, "\(spelling.name)")
    #expect(found?.what == spelling.what, "\(spelling.name)")
  }

  @Test func everyEntryIsTested() {
    let tested = Set(Self.spellings.map(\.entry))
    #expect(Set(CostCatalog.entries.map(\.name)) == tested)
  }

  @Test(arguments: [
    "LandmarkListItemView.body.getter", "static LandmarksApp.$main()", "objc_msgSend", "swift_retain",
    "AG::Graph::UpdateStack::update()", "0x1b2c4d5e8", "CA::Transaction::commit()",
    "-[UIView layoutSubviews]",
  ])
  func leavesOrdinaryFramesAlone(_ name: String) {
    #expect(CostCatalog.recognise(name) == nil, "\(name)")
  }
}
