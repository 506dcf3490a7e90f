/// Renders the windows of a trace (`summarize --list-windows`): each name and subsystem with
/// its intervals and their total time.
package enum WindowsRenderer {
  package static func render(_ catalog: WindowCatalog, file: String, style: TextStyle = .plain) -> String {
    let entries = catalog.entries
    guard !entries.isEmpty else {
      return
        "no intervals in \(file): no interval events, no signposts (record with the Points of Interest or"
        + " os_signpost instrument, or write interval events)\n"
    }
    let heading =
      style.bold("Windows") + " in \(file) (--window NAME, or SUBSYSTEM/NAME for one subsystem's)\n"
    var table = TextTable(header: ["intervals", "total", "subsystem", "name"], leftAligned: [2, 3])
    for entry in entries {
      table.add([
        TextTable.Cell(String(entry.count)), TextTable.Cell(DurationText.format(entry.totalNs)),
        TextTable.Cell(entry.subsystem ?? "—"), TextTable.Cell(entry.name),
      ])
    }
    return heading + table.render(style: style)
  }

  /// `{"file", "windows": [{"name", "subsystem", "count", "totalNs"}]}`.
  package static func renderJSON(_ catalog: WindowCatalog, file: String) -> String {
    var json = JSONWriter()
    json.object { json in
      json.field("file", file)
      json.field(
        "windows",
        array: { json in
          for entry in catalog.entries {
            json.object { json in
              json.field("name", entry.name)
              json.field("subsystem", entry.subsystem)
              json.field("count", entry.count)
              json.field("totalNs", entry.totalNs)
            }
          }
        })
    }
    return json.text + "\n"
  }
}
