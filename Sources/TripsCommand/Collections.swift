import PipeProtocol
import PipeReading
import ToolSupport
import WishlistKit

/// `trips collections`: the four seasonal collections in display order.
enum Collections {
  static let command = Command(
    name: "collections", summary: "list the four seasonal collections in display order",
    options: [TripsOptions.listFormat],
    output: """
      four collection records. With --format text, one line each: name, the id that --collection
      takes, season, and the summary when there is one (wrapped to the terminal's width). With
      --format csv, a header row of the collection record's fields and a row each.
      """,
    examples: """
      trips collections | pipe-check
      trips collections --format text
      """,
    run: run)

  static func run(_ invocation: Invocation) throws -> Int32 {
    if invocation[TripsOptions.listFormat] == .text {
      let style = Terminal.Style(enabled: Terminal.colorEnabled(fd: 1))
      StandardOutput.shared.write(
        TripsText.collections(TripCollection.allCases, width: TextLayout.width(), style: style))
      return ExitStatus.ok
    }
    TripsOptions.write(TripCollection.allCases.map(\.record), type: "collection", invocation)
    return ExitStatus.ok
  }
}
