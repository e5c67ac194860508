import PipeProtocol
import PipeReading
import ToolSupport
import WishlistKit

/// `trips search [TEXT...]`: trip and activity names matching the text, as the sample's Search tab.
enum Search {
  static let words = Argument.many("TEXT")

  static let command = Command(
    name: "search", summary: "search trip and activity names, as the sample's Search tab",
    options: [TripsOptions.listFormat, TripsOptions.store],
    arguments: Arguments(words),
    input: """
      TEXT: words joined by single spaces; matched against names only, ignoring case but not
      accents. No text: the three most recently created trips.
      """,
    output: """
      search-result records: the Trips section, then the Activities section, each sorted by
      name (or the Recently Created section for an empty search). With --format text, each
      section's title, then one row per result: ✓ (done) or ○, the name, and its collection (a
      trip) or its trip (an activity), shortened with '…' to the terminal's width. With --format
      csv, a header row of the search-result record's fields and a row per result.
      """,
    exitStatus: ["1    no results (a note on stderr)"],
    examples: """
      trips search hike -f text
      trips search temple | pipe-check
      trips search
      """,
    run: run)

  static func run(_ invocation: Invocation) throws -> Int32 {
    let text = invocation[words].joined(separator: " ")
    let sections = try TripStore(invocation).load().search(text)
    guard !sections.isEmpty else {
      Diagnostics.note(
        "no results for \u{201C}\(text)\u{201D}; check spelling or try a new search", tool: invocation.tool)
      return ExitStatus.failure
    }
    if invocation[TripsOptions.listFormat] == .text {
      let style = Terminal.Style(enabled: Terminal.colorEnabled(fd: 1))
      StandardOutput.shared.write(TripsText.search(sections, width: TextLayout.width(), style: style))
      return ExitStatus.ok
    }
    var rows: [JSONObject] = []
    for section in sections {
      for (rank, hit) in section.hits.enumerated() {
        var object: JSONObject = [
          "type": .string("search-result"), "query": .string(text), "section": .string(section.kind.rawValue),
          "sectionTitle": .string(section.kind.title), "rank": .int(rank + 1), "name": .string(hit.name),
          "trip": .string(hit.trip.id), "tripName": .string(hit.trip.name),
          "collection": .string(hit.trip.collection.rawValue),
        ]
        if let activity = hit.activity {
          object["activity"] = .string(activity.id)
          object["isComplete"] = .bool(activity.isComplete)
        } else {
          object["isComplete"] = .bool(hit.trip.isComplete)
        }
        object.sortKeys()
        rows.append(object)
      }
    }
    TripsOptions.write(rows, type: "search-result", invocation)
    return ExitStatus.ok
  }
}
