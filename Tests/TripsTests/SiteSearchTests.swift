import Foundation
import PipeProtocol
import TestSupport
import Testing
import ToolSupport
import WishlistKit

@testable import TripsCommand
@testable import WishlistSite

/// Trips with tricky names, as full `trip` records (UUIDs, dated activities) that both the site and
/// WishlistKit's `Wishlist` (the model of `trips search`) read.
enum TrickyTrips {
  static func uuid(_ kind: Int, _ n: Int) -> String {
    "00000000-0000-4000-\(8000 + kind)-" + String(repeating: "0", count: 12 - String(n).count) + String(n)
  }

  /// One trip record; `day` orders the creation dates.
  static func line(_ n: Int, _ name: String, _ activities: [(String, Bool)], day: Int, photo: String? = nil)
    -> String
  {
    var object: JSONObject = [
      "type": .string("trip"), "id": .string(uuid(0, n)), "name": .string(name),
      "collection": .string(["springEscapes", "summerVibes", "fallGetaways", "winterRetreats"][n % 4]),
      "creationDate": .string(String(format: "2026-03-%02dT09:00:00Z", day)),
    ]
    if let photo { object["photo"] = .string(photo) }
    object["activities"] = .array(
      activities.enumerated().map { index, activity in
        .object([
          "id": .string(uuid(1, n * 100 + index)), "name": .string(activity.0),
          "isComplete": .bool(activity.1),
          "dateCreated": .string("2026-03-01T09:00:00Z"), "dateEdited": .string("2026-03-01T09:00:00Z"),
        ])
      })
    var bytes: [UInt8] = []
    JSONWriter.append(object, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  static let lines: [String] = [
    line(1, "Café Crawl", [("Visit the CAFÉ de Flore", false), ("apple tasting", true)], day: 1),
    line(2, "Cafe\u{301} Decomposed", [("Zebra crossing", false), ("Apple pie", false)], day: 2),
    line(3, "ΟΔΟΣ Trip", [("Walk the οδός", true)], day: 3),
    line(4, "apple", [("b", false), ("B", false), ("a", true)], day: 4),
    line(5, "Apple", [], day: 5),
    line(6, "Zebra", [("A walk", false)], day: 6),
    line(7, "</script><b>x</b> & <!-- y", [("<i>", false)], day: 7),
    line(8, "👍🏽 Thumbs", [("thumbs up 👍", false)], day: 8),
    line(9, "İstanbul", [("Istanbul walk", false)], day: 9),
    line(10, "b", [("Straße", false)], day: 10),
  ]

  static func records() throws -> [Record] {
    try lines.enumerated().map { try Record(bytes: Array($1.utf8), source: "tricky", line: $0 + 1) }
  }

  static func model() throws -> SiteModel {
    var reader = SiteReader()
    for record in try records() { try reader.add(record) }
    return reader.model
  }

  /// The queries the page and `trips search` must agree on.
  static let queries = [
    "", "café", "CAFÉ", "cafe", "Cafe\u{301}", "οδοσ", "ΟΔΟΣ", "👍", "istanbul", "a", "A", " ", "</script>",
    "ss", "Big Sir", "HIKE", "e",
  ]
}

@Suite("trips site: the search page")
struct SiteSearchTests {
  static func data(_ model: SiteModel) throws -> JSONObject {
    let page = SiteFixture.file("search.html", in: SiteBuilder.build(model, sort: .title))
    let scan = HTMLScanner.scan(page)
    let block = try #require(scan.scripts.first { $0.tag.attribute("id") == SearchPage.dataID })
    return try #require(try JSONParser.parse(block.text).objectValue)
  }

  @Test("the data: trips and activities in the search's order, the three newest trips, pages and pictures")
  func data() throws {
    let model = try SiteFixture.input()
    let data = try Self.data(model)
    let trips = try #require(data["trips"]?.arrayValue).map { $0.arrayValue ?? [] }
    let wishlist = try Wishlist(
      records: SiteFixture.lines().compactMap {
        let record = try Record(bytes: Array($0.utf8))
        return record.type == "trip" ? record : nil
      })
    // As `trips search` sorts names (wishlist.md A4: localizedCompare).
    #expect(
      trips.map { $0[0].stringValue! } == wishlist.trips.map(\.name).sorted { Collation.precedes($0, $1) })
    for trip in trips {
      let slug = trip[2].stringValue!
      #expect(slug.hasPrefix("trip-"))
      #expect(trip[1].stringValue == "\(slug).html")
      #expect(trip[3].stringValue == "\(slug).svg")
    }
    let recent = try #require(data["recent"]?.arrayValue).map { trips[$0.intValue!][0].stringValue! }
    #expect(recent == wishlist.recentlyAdded(limit: 3).map(\.name))
    #expect(recent == ["Maui Rainforest", "Desert Off-Road", "Kona Deep Dive"])
    let activities = try #require(data["activities"]?.arrayValue).map { $0.arrayValue ?? [] }
    #expect(activities.count == 37)
    let expected = wishlist.trips.flatMap { trip in
      trip.activities.map { ($0.name, trip.name, $0.isComplete) }
    }
    let sorted = expected.enumerated().sorted {
      let order = Collation.compare($0.element.0, $1.element.0)
      return order != 0 ? order < 0 : $0.offset < $1.offset
    }.map(\.element)
    #expect(activities.map { $0[0].stringValue! } == sorted.map(\.0))
    #expect(activities.map { trips[$0[1].intValue!][0].stringValue! } == sorted.map(\.1))
    #expect(activities.map { $0[2].boolValue! } == sorted.map(\.2))
  }

  @Test("sort keys order names exactly as the collation of trips search does, ties kept in order")
  func sortKeys() {
    let names = [
      "a", "A", "apple", "Apple", "b", "B", "Zebra", "zebra", "café", "Café", "cafe", "Cafe\u{301}", "cafés",
      "", " ", "a b", "ab", "a-b", "a1", "1a", "-", "é", "E", "e", "ÉCOLE", "ecole", "École", "Straße",
      "strasse",
      "ΟΔΟΣ", "οδος", "👍🏽", "👍", "Ünïcode", "unicode", "naïve", "naive", "\u{0}x", "x\u{0}",
    ]
    for ignoringCase in [false, true] {
      for a in names {
        for b in names {
          let order = Collation.compare(a, b, ignoringCase: ignoringCase)
          let (x, y) = (
            Collation.sortKey(a, ignoringCase: ignoringCase), Collation.sortKey(b, ignoringCase: ignoringCase)
          )
          let byKey = x == y ? 0 : (x.lexicographicallyPrecedes(y) ? -1 : 1)
          #expect(order == byKey, "\(a) vs \(b) (ignoring case: \(ignoringCase))")
        }
      }
    }
    let stable = names.indices.sorted {
      let order = Collation.compare(names[$0], names[$1])
      return order != 0 ? order < 0 : $0 < $1
    }
    #expect(Collation.order(names) == stable)
  }

  @Test("names that could end the script element are escaped; the data parses back exactly")
  func escaping() throws {
    let model = try TrickyTrips.model()
    let page = SiteFixture.file("search.html", in: SiteBuilder.build(model, sort: .title))
    let start = try #require(page.range(of: "id=\"search-data\">")).upperBound
    let end = try #require(page[start...].range(of: "</script>")).lowerBound
    #expect(!page[start..<end].contains("<"))
    let names = try #require(try Self.data(model)["trips"]?.arrayValue).map { $0.arrayValue![0].stringValue! }
    #expect(names.contains("</script><b>x</b> & <!-- y"))
    #expect(page.contains("<h1>Search</h1>"))
    #expect(page.contains(#"placeholder="Trips, Destinations and More.""#))
  }

  @Test("the page's script carries the sections' titles and the empty state of trips search")
  func texts() {
    let script = SearchPage.script
    for text in [
      #""Recently Created""#, #""Trips""#, #""Activities""#, "No results for \\u201C${text}\\u201D",
      #""Check spelling or try a new search.""#,
    ] {
      #expect(script.contains(text), "the script lacks \(text)")
    }
    #expect(
      SearchPage.page(SiteModel(), pictures: [:]).contains(#"{"trips":[],"activities":[],"recent":[]}"#))
  }
}

@Suite("trips site: badge pages and the check of search and badges")
struct SiteBadgeTests {
  static func files() throws -> [SiteFile] { SiteBuilder.build(try SiteFixture.input(), sort: .title) }

  @Test("each goal has a page whose badge carries the name of its badge on goals.html")
  func badgePages() throws {
    let files = try Self.files()
    let goals = SiteFixture.file("goals.html", in: files)
    let input = try SiteFixture.input()
    #expect(files.filter { $0.path.hasPrefix("badge-") }.count == input.achievements.count)
    for goal in input.achievements {
      let slug = SiteBuilder.slug(forGoal: goal.goal)
      #expect(goals.contains("href=\"\(slug).html\"><svg class=\"badge\" width=\"72\""))
      let page = SiteFixture.file("\(slug).html", in: files)
      #expect(page.contains("style=\"view-transition-name: \(slug)\""))
      #expect(page.contains("<h1>\(Markup.escape(goal.name))</h1>"))
      #expect(page.contains("role=\"img\" aria-label=\"Badge: \(Markup.escape(goal.name)), "))
      #expect(page.contains("<a href=\"goals.html\" aria-current=\"true\">Goals</a>"))
    }
    let explorer = SiteFixture.file("badge-complete1FallTrip.html", in: files)
    #expect(explorer.contains("Achieved <time datetime=\"2026-03-14"))
    #expect(explorer.contains("Counts completed trips in Fall Getaways."))
    let ten = SiteFixture.file("badge-complete10Activities.html", in: files)
    #expect(ten.contains("<p class=\"of\">9 of 10</p>"))
    #expect(ten.contains("<progress max=\"10\" value=\"9\""))
    #expect(SiteBuilder.slug(forGoal: "a b") == "badge-a_20b")
  }

  @Test("the check reads files in memory and as texts alike")
  func bytesAndTexts() throws {
    let good = try Self.files()
    let bad = SiteCheckTests.tamper(good, "search.html", "\"recent\":[", "\"recent\":[\"x\",")
    for files in [good, bad] {
      #expect(TransitionCheck.check(files) == TransitionCheck.check(SiteCheckTests.texts(files)))
    }
    #expect(TransitionCheck.check(bad).problems.count == 1)
  }

  @Test("a badge page whose name differs from its badge's is reported, both ways")
  func badgeMismatch() throws {
    let files = SiteCheckTests.tamper(
      try Self.files(), "badge-complete1Trip.html", "view-transition-name: badge-complete1Trip\"",
      "view-transition-name: badge-x\"")
    #expect(
      TransitionCheck.check(SiteCheckTests.texts(files)).problems == [
        "goals.html: 'badge-complete1Trip' on the card for badge-complete1Trip.html has no partner there "
          + "(it has 'badge-x')",
        "badge-complete1Trip.html: 'badge-x' has no partner on goals.html",
      ])
  }

  @Test("a search entry whose name differs from its trip page's is reported with both names")
  func searchMismatch() throws {
    let slug = try SiteCheckTests.caliSlug()
    let files = SiteCheckTests.tamper(
      try Self.files(), "search.html", "\"\(slug).html\",\"\(slug)\"", "\"\(slug).html\",\"trip-y\"")
    let problems = TransitionCheck.check(SiteCheckTests.texts(files)).problems
    #expect(
      problems == [
        "search.html: 'trip-y' on the card for \(slug).html has no partner there (it has '\(slug)')",
        "\(slug).html: '\(slug)' has no partner on search.html",
      ])
    // An entry for a page that is not there.
    let gone = SiteCheckTests.tamper(
      try Self.files(), "search.html", "\"\(slug).html\"", "\"trip-gone.html\"")
    #expect(
      TransitionCheck.check(SiteCheckTests.texts(gone)).problems.contains(
        "search.html: links to 'trip-gone.html', which is not in the site"))
  }

  @Test(
    "malformed search data is reported, not skipped",
    arguments: [
      (
        #"{"trips":["#, #"{"trips":[[1],"#,
        "has a trip entry 1 that is not [name, page, transition name, picture"
      ),
      (#"{"trips":["#, #"{"trips":"#, "the search data is not JSON"),
      (#"],"recent":["#, #"],"recent":[99,"#, "has a \"recent\" entry that is not a trip index"),
      (#""activities":["#, #""activities":[["x",99,true],"#, "has an activity entry 1 that is not"),
      (#"id="search-data""#, #"id="other""#, "has 0 search data elements"),
    ])
  func malformedData(old: String, new: String, message: String) throws {
    let files = SiteCheckTests.tamper(try Self.files(), "search.html", old, new)
    let problems = TransitionCheck.check(SiteCheckTests.texts(files)).problems
    #expect(problems.contains { $0.hasPrefix("search.html: ") && $0.contains(message) }, "\(problems)")
  }
}

@Suite("trips site: trips without a photo")
struct SiteNoPhotoTests {
  static let noPhoto = """
    {"type":"trip","id":"N1","name":"No Photo","collection":"winterRetreats",\
    "creationDate":"2026-03-12T09:00:00Z","activities":[]}
    """

  @Test("a trip record without photo is read, and gets a picture drawn from its id and name")
  func drawn() throws {
    var reader = SiteReader()
    try reader.add(SiteFixture.record(Self.noPhoto))
    try reader.add(
      SiteFixture.record(Self.noPhoto.replacingOccurrences(of: "N1", with: "N2"), line: 2))
    try reader.add(
      SiteFixture.record(
        Self.noPhoto.replacingOccurrences(of: "N1", with: "N3").replacingOccurrences(
          of: "\"creationDate\"", with: "\"photo\":null,\"creationDate\""), line: 3))
    #expect(reader.model.trips.map(\.photo) == [nil, nil, nil])
    #expect(reader.photos { _, _ in Issue.record("no warning expected") }.isEmpty)
    let files = SiteBuilder.build(reader.model, sort: .title)
    let one = SiteFixture.file("trip-N1.svg", in: files)
    #expect(one == Illustration.landscape(seed: "trip N1 No Photo", season: "winter"))
    #expect(one != SiteFixture.file("trip-N2.svg", in: files))  // another id, another picture
    #expect(one == SiteFixture.file("trip-N1.svg", in: SiteBuilder.build(reader.model, sort: .title)))
    #expect(SiteFixture.file("trip-N1.html", in: files).contains(#"alt="A drawn landscape for No Photo""#))
    #expect(TransitionCheck.check(files.map { ($0.path, $0.isText ? $0.text : nil) }).problems.isEmpty)
  }

  @Test("a photo that is not a string is still an error naming its line")
  func wrongType() throws {
    var reader = SiteReader()
    let error = #expect(throws: InputError.self) {
      try reader.add(
        SiteFixture.record(
          Self.noPhoto.replacingOccurrences(of: "\"creationDate\"", with: "\"photo\":7,\"creationDate\""),
          line: 4))
    }
    #expect(error?.line == 4)
    #expect(error?.message == #""photo" must be a string, not 7"#)
  }
}
