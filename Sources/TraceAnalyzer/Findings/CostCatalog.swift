/// What an expert recognises in the functions a slow body calls: the table of known costs,
/// each with the fix that removes it.
///
/// An entry matches a function by its name as symbolicated stacks spell it (Objective-C
/// `-[NSNumberFormatter init]`, Swift `NumberFormatter.init()`, C `CGImageSourceCreateImageAtIndex`)
/// and says what the function does (`creating NumberFormatter`) and what to do instead.
struct CostCatalog {
  struct Entry: Sendable {
    /// A short name for tests and messages.
    let name: String
    /// What the matched function does (such as `creating MeasurementFormatter`); nil when the
    /// function is not this entry's.
    let recognise: @Sendable (String) -> String?
    /// The fix, such as `create it once and reuse it`.
    let fix: String

    init(name: String, recognise: @escaping @Sendable (String) -> String?, fix: String) {
      self.name = name
      self.recognise = recognise
      self.fix = fix
    }

    /// An entry that recognises a function whose name holds any of `markers`, and says `what`.
    init(name: String, what: String, markers: [String], fix: String) {
      self.init(
        name: name, recognise: { function in markers.contains(where: function.contains) ? what : nil },
        fix: fix)
    }
  }

  /// The known costs, in the order they are tried.
  static let entries: [Entry] = [
    Entry(
      name: "formatter creation",
      recognise: { name in
        guard let type = formatterType(name) else { return nil }
        return "creating \(type)"
      },
      fix: "create it once (a static or cached instance) and reuse it"),
    Entry(
      name: "format style", what: "formatting with a format style on every call",
      markers: ["FormatStyle", "ICUNumberFormatter", "ICUDateFormatter", ".formatted("],
      fix: "format once when the value changes and keep the string, or reuse one formatter"),
    Entry(
      name: "regular expression",
      recognise: { name in
        name.contains("NSRegularExpression init") || name.contains("NSRegularExpression.init(pattern:")
          || name.hasPrefix("uregex_open") || name.hasPrefix("Regex.init(") || name.contains("_RegexParser")
          ? "compiling a regular expression" : nil
      },
      fix: "compile it once (a static let) and reuse it"),
    Entry(
      name: "image decoding", what: "decoding or scaling an image",
      markers: [
        "CGImageSourceCreateImageAtIndex", "CGImageSourceCreateThumbnailAtIndex", "UIImage imageNamed:",
        "UIImage initWithData:", "UIImage imageWithData:", "UIImage(named:", "UIImage.init(named:",
        "UIImage.init(data:", "UIImage(data:", "UIImage initWithContentsOfFile:", "ImageIO",
        "AppleJPEGReadPlugin",
        "PNGReadPlugin", "HEIFReadPlugin", "CGContextDrawImage", "vImageScale", "preparingThumbnail",
        "IIOReadPlugin", "IIOImageProvider", "CGImageProviderCopyImageBlockSet",
        "NSImage initWithData:", "NSImage imageNamed:", "decodeImage",
      ],
      fix: "decode and downscale it once, off the main thread (preparingThumbnail(of:) or a cache), "
        + "and keep the result"),
    Entry(
      name: "decoding", what: "decoding JSON or a property list",
      markers: [
        "JSONDecoder.decode", "NSJSONSerialization JSONObjectWithData", "JSONSerialization.jsonObject",
        "PropertyListDecoder.decode", "NSPropertyListSerialization propertyListWithData",
        "PropertyListSerialization.propertyList", "JSONDecoderImpl",
      ],
      fix: "decode once when the data arrives, off the main thread, and keep the model"),
    Entry(
      name: "synchronous read", what: "reading a file or the network synchronously",
      markers: [
        "Data.init(contentsOf:", "Data(contentsOf:", "Data.init(contentsOf:options:)",
        "NSData initWithContentsOfURL:", "NSData dataWithContentsOfURL:",
        "NSData initWithContentsOfFile:", "NSData dataWithContentsOfFile:", "String.init(contentsOf:",
        "NSString stringWithContentsOfURL:", "NSString initWithContentsOfURL:", "NSFileManager ",
        "FileManager.",
        "NSURLConnection sendSynchronousRequest", "FileHandle.readDataToEndOfFile",
        "NSFileHandle readDataToEndOfFile",
      ],
      fix: "load it asynchronously in .task (or when the data changes) and keep the result in state"),
    Entry(
      name: "fetch", what: "fetching from Core Data or SwiftData",
      markers: [
        "NSManagedObjectContext executeFetchRequest:", "NSManagedObjectContext.fetch", "ModelContext.fetch",
        "NSPersistentStoreCoordinator executeRequest:", "NSManagedObjectContext countForFetchRequest:",
        "ModelContext.fetchCount",
      ],
      fix: "fetch once (@Query, or in the model when the data changes), not in body"),
    Entry(
      name: "sorting or filtering", what: "sorting or filtering a collection",
      markers: [
        ".sort(by:)", ".sorted(by:)", ".sort(using:)", ".sorted(using:)", ".sort()", ".sorted()",
        "_introSort",
        "_insertionSort", "_merge(low:",
        "Sequence.filter", "Collection.filter", "_ArrayProtocol.filter", "NSArray sortedArrayUsing",
        "NSMutableArray sortUsing", "NSArray filteredArrayUsingPredicate",
      ],
      fix: "sort or filter when the data changes (in the model) and keep the result, not on every update"),
    Entry(
      name: "string formatting", what: "formatting strings",
      markers: [
        "String.init(format:", "String(format:", "NSString stringWithFormat:", "NSString initWithFormat:",
        "_CFStringCreateWithFormatAndArgumentsAux", "String.localizedStringWithFormat",
        "CFStringCreateWithFormat",
      ],
      fix: "build the strings once, outside the loop, and keep them"),
  ]

  /// The formatter type whose initializer `name` is, if it is one: `NumberFormatter` for
  /// `-[NSNumberFormatter init]` or `NumberFormatter.init()`.
  static func formatterType(_ name: String) -> String? {
    let types = [
      "NumberFormatter", "DateFormatter", "MeasurementFormatter", "ISO8601DateFormatter",
      "DateComponentsFormatter",
      "DateIntervalFormatter", "RelativeDateTimeFormatter", "ByteCountFormatter",
      "PersonNameComponentsFormatter",
      "ListFormatter", "EnergyFormatter", "LengthFormatter", "MassFormatter",
    ]
    for type in types.sorted(by: { $0.count > $1.count }) {
      if name.contains("NS\(type) init") || name.contains("NS\(type) _init") || name.contains("\(type).init(")
        || name.contains("\(type).__allocating_init(") || name.contains("\(type)()")
      {
        return type
      }
    }
    if name.hasPrefix("unum_open") { return "NumberFormatter" }
    if name.hasPrefix("udat_open") { return "DateFormatter" }
    return nil
  }

  /// An entry that recognised a function, with what the function does.
  typealias Recognised = (entry: Entry, what: String)

  /// The first entry that recognises `name`, with what it does.
  static func recognise(_ name: String) -> Recognised? {
    for entry in entries {
      if let what = entry.recognise(name) { return (entry, what) }
    }
    return nil
  }
}
