import PipeProtocol
import Testing
import ToolSupport
import WishlistKit

@testable import TripsCommand

@Suite("trips --format text: the cards as lines")
struct TripsTextTests {
  static let plain = Terminal.Style(enabled: false)
  static let colour = Terminal.Style(enabled: true)

  static func trip(_ name: String, done: [Bool], collection: TripCollection = .fallGetaways) -> Trip {
    Trip(
      id: "0f8fad5b-d9cb-469f-a165-70867728950e", name: name, collection: collection, photo: nil,
      creationDate: 0,
      activities: done.enumerated().map { index, isComplete in
        Activity(id: "a\(index)", name: "Step \(index + 1)", isComplete: isComplete, dateCreated: 0)
      })
  }

  @Test("progress is 'done of all · whole percent', rounded to the nearest, or 'no activities'")
  func progress() {
    #expect(TripsText.progress(done: 3, of: 5) == "3 of 5 \u{00B7} 60%")
    #expect(TripsText.progress(done: 2, of: 3) == "2 of 3 \u{00B7} 67%")
    #expect(TripsText.progress(done: 1, of: 3) == "1 of 3 \u{00B7} 33%")
    #expect(TripsText.progress(done: 1, of: 8) == "1 of 8 \u{00B7} 13%")
    #expect(TripsText.progress(done: 0, of: 2) == "0 of 2 \u{00B7} 0%")
    #expect(TripsText.progress(done: 4, of: 4) == "4 of 4 \u{00B7} 100%")
    #expect(TripsText.progress(done: 0, of: 0) == "no activities")
  }

  @Test("list lines up names and collections, and marks complete trips")
  func list() {
    let text = TripsText.list(
      [
        Self.trip("Desert", done: [true, true]), Self.trip("A longer name", done: [true, false, false]),
        Self.trip("Bare", done: [], collection: .winterRetreats),
      ], width: 80, style: Self.plain)
    #expect(
      text == """
        Desert         Fall Getaways    2 of 2 \u{00B7} 100% \u{2713}
        A longer name  Fall Getaways    1 of 3 \u{00B7} 33%
        Bare           Winter Retreats  no activities

        """)
    #expect(TripsText.list([], width: 80, style: Self.plain) == "no trips\n")
  }

  @Test("control characters and bidi controls in names are shown escaped, and columns still line up")
  func escaping() {
    let trip = Self.trip("Esc\u{1B}[2J\u{202E}", done: [false])
    let text = TripsText.list([trip, Self.trip("Plain", done: [])], width: 80, style: Self.colour)
    #expect(!text.unicodeScalars.contains { $0 == "\u{202E}" })
    #expect(text.contains("Esc\\u{1B}[2J\\u{202E}"))
    // The only escape characters are the colour codes, each one starting an SGR sequence.
    let escapes = text.components(separatedBy: "\u{1B}").dropFirst()
    #expect(escapes.allSatisfy { $0.hasPrefix("[") && $0.dropFirst().first?.isNumber == true })
    #expect(!escapes.contains { $0.hasPrefix("[2J") })
    var shown = Self.trip("Safe", done: [true, false])
    shown.activities[0].name = "bell\u{07}"
    shown.subtitle = "tab\there"
    let screen = TripsText.show(shown, activities: shown.activities, width: 80, style: Self.plain)
    #expect(
      screen == """
        Safe
        Fall Getaways \u{00B7} tab\\u{9}here
        Trip Activities: 1 of 2 \u{00B7} 50%
          \u{2713} bell\\u{7}
          \u{25CB} Step 2

        """)
  }

  @Test("colour only when the style is on: bold names, dim collections, a green check")
  func colour() {
    let trips = [Self.trip("Done", done: [true])]
    let plain = TripsText.list(trips, width: 80, style: Self.plain)
    let coloured = TripsText.list(trips, width: 80, style: Self.colour)
    #expect(!plain.contains("\u{1B}"))
    #expect(coloured.contains("\u{1B}[1mDone\u{1B}[0m"))
    #expect(coloured.contains("\u{1B}[32m\u{2713}\u{1B}[0m"))
  }

  @Test("a trip with no activities says so and shows how to add one")
  func emptyTrip() {
    let text = TripsText.show(Self.trip("It's new", done: []), activities: [], width: 80, style: Self.plain)
    #expect(
      text.hasSuffix("Trip Activities: none yet (add some: trips activity add 'It'\\''s new' NAME...)\n"))
  }

  @Test("widths: wide characters take two columns, combining marks none; names shorten with …")
  func widths() {
    #expect(TripsText.pad("\u{4EAC}", 4) == "\u{4EAC}  ")
    #expect(TextLayout.shorten("Kyoto", to: 5) == "Kyoto")
    #expect(TextLayout.shorten("Kyoto Temples", to: 6) == "Kyoto\u{2026}")
    #expect(TextLayout.shorten("\u{4EAC}\u{90FD}\u{4EAC}", to: 4) == "\u{4EAC}\u{2026}")
    #expect(TextLayout.shorten("e\u{0301}te\u{0301}", to: 3) == "e\u{0301}te\u{0301}")
    #expect(TripsText.fit([19, 15], room: 40) == [19, 15])
    #expect(TripsText.fit([19, 15], room: 20) == [10, 10])
    #expect(TripsText.fit([19, 15], room: 4) == [6, 6])
  }

  @Test("at 40 columns no line of any text view is wider, and long names end in …")
  func narrow() {
    var long = Self.trip("A trip with a very long name indeed, longer than the screen", done: [true, false])
    long.activities[0].name = "An activity whose name goes on and on past forty columns"
    long.subtitle = "and a subtitle that is long as well, to wrap"
    let views = [
      TripsText.list([long, Self.trip("Short", done: [true])], width: 40, style: Self.plain),
      TripsText.show(long, activities: long.activities, width: 40, style: Self.plain),
      TripsText.show(Self.trip(long.name, done: []), activities: [], width: 40, style: Self.plain),
      TripsText.collections(TripCollection.allCases, width: 40, style: Self.plain),
      TripsText.recent([long], width: 40, style: Self.plain) { _ in "Mar 12, 2026, 2:11 AM PDT" },
    ]
    for view in views {
      for line in view.split(separator: "\n") { #expect(TextLayout.displayWidth(line) <= 40, "\(line)") }
    }
    // The name and collection columns share the room the progress leaves, the wider narrowed first.
    #expect(views[0].hasPrefix("A trip wi\u{2026}  Fall Getaw\u{2026}  1 of 2 \u{00B7} 50%\n"))
    #expect(views[1].contains("  \u{2713} An activity whose name goes on and\n    on past forty columns\n"))
  }

  @Test("the collections: name, id, season and the one summary")
  func collections() {
    let text = TripsText.collections(TripCollection.allCases, width: 100, style: Self.plain)
    let lines = text.split(separator: "\n")
    #expect(lines.count == 4)
    #expect(lines[0] == "Spring Escapes   springEscapes   spring")
    #expect(
      lines[1]
        == "Summer Vibes     summerVibes     summer  Soak up open roads, salt water, and endless daylight")
    let narrow = TripsText.collections(TripCollection.allCases, width: 40, style: Self.plain)
    #expect(narrow.contains("summer\n    Soak up open roads, salt water, and\n    endless daylight\n"))
  }

  @Test("the question names one or several items, each quoted and shown safely")
  func questionNames() {
    #expect(Confirmation.names(["A"]) == "'A'")
    #expect(Confirmation.names(["A", "B"]) == "'A' and 'B'")
    #expect(Confirmation.names(["A", "B\u{1B}", "C"]) == "'A', 'B\\u{1B}' and 'C'")
  }
}
