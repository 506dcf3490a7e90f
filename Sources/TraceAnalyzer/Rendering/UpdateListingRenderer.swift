/// Renders an ``UpdateListing`` as a table or as JSON.
package enum UpdateListingRenderer {
  package static func render(_ listing: UpdateListing, style: TextStyle = .plain) -> String {
    let views = listing.matched.map(SummaryRenderer.label).joined(separator: ", ")
    let red = listing.entries.filter { $0.severity == .red }.count
    let orange = listing.entries.filter { $0.severity == .orange }.count
    var output = style.bold(views) + "  \(listing.summary.file)\n"
    output += "  \(Count.updates(listing.entries.count)) listed, \(orange) orange, \(red) red\n"
    guard !listing.entries.isEmpty else { return output }
    var table = TextTable(header: [
      "start", "duration", "severity", "frame", "deadline", "skipped", "thread", "id",
    ])
    for entry in listing.entries {
      let severity = entry.severity?.description ?? "-"
      table.add([
        TextTable.Cell(DurationText.seconds(entry.offset)),
        TextTable.Cell(entry.isUnfinished ? "unfinished" : DurationText.format(entry.duration)),
        TextTable.Cell(severity, shown: style.severity(severity, entry.severity)),
        TextTable.Cell(entry.frame.label),
        TextTable.Cell(
          entry.frameMissed.map { $0 ? "missed" : "met" } ?? "-",
          shown: entry.frameMissed.map { $0 ? style.red("missed") : "met" } ?? "-"),
        TextTable.Cell(entry.skipped ? "yes" : "-"),
        TextTable.Cell(entry.thread),
        TextTable.Cell(String(entry.id)),
      ])
    }
    output += table.render(style: style)
    if listing.omitted > 0 { output += "… \(listing.omitted) more (--limit 0 lists all)\n" }
    return output
  }

  package static func renderJSON(_ listing: UpdateListing) -> String {
    var json = JSONWriter()
    json.object { json in
      json.field("view", listing.view)
      json.field("file", listing.summary.file)
      json.field("omitted", listing.omitted)
      json.field(
        "matched",
        array: { json in
          for key in listing.matched {
            json.object { json in
              json.field("module", key.module)
              json.field("kind", key.kind.description)
              json.field("name", key.name)
            }
          }
        })
      json.field(
        "updates",
        array: { json in
          for entry in listing.entries {
            json.object { json in
              json.field("id", entry.id)
              json.field("module", entry.key.module)
              json.field("kind", entry.key.kind.description)
              json.field("name", entry.key.name)
              json.field("startNs", entry.offset)
              json.field("durationNs", entry.duration)
              json.field("unfinished", entry.isUnfinished)
              json.field("severity", entry.severity?.description)
              json.field("frame", frame: entry.frame)
              json.field("frameNumber", entry.frame.number)
              json.field("frameMissed", entry.frameMissed)
              json.field("skipped", entry.skipped)
              json.field("thread", entry.thread)
            }
          }
        })
    }
    return json.text + "\n"
  }
}
