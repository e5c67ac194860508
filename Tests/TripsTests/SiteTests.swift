import Foundation
import PipeProtocol
import TestSupport
import Testing
import ToolSupport
import WishlistKit

@testable import TripsCommand
@testable import WishlistSite

/// The hand-made sample stream (12 trips of the Wishlist sample, then the 18 `achievement` records
/// that `achievements` gives for them), shared with the golden cases.
enum SiteFixture {
  static let url = TestSupport.packageRoot.appendingPathComponent(
    "Tests/golden/trips-site/sample-site/input.jsonl")

  static func lines() throws -> [String] {
    try String(contentsOf: url, encoding: .utf8).split(separator: "\n").map(String.init)
  }

  static func input() throws -> SiteModel {
    var reader = SiteReader()
    for (index, line) in try lines().enumerated() {
      try reader.add(Record(bytes: Array(line.utf8), source: "fixture", line: index + 1))
    }
    return reader.model
  }

  static func trip(_ name: String, in input: SiteModel) -> SiteTrip {
    input.trips.first { $0.name == name }!
  }

  static func file(_ path: String, in files: [SiteFile]) -> String {
    files.first { $0.path == path }?.text ?? ""
  }

  static func record(_ json: String, line: Int = 1) throws -> Record {
    try Record(bytes: Array(json.utf8), source: "stdin", line: line)
  }

  static let oneTrip = """
    {"type":"trip","id":"T1","name":"Tiny","collection":"fallGetaways","photo":"Zion",\
    "creationDate":"2026-03-12T09:00:00Z","activities":[]}
    """
}

@Suite("trips site: reading the stream")
struct SiteReaderTests {
  @Test("the sample: 12 trips in four collections, 37 activities (9 complete), 18 goals")
  func sample() throws {
    let input = try SiteFixture.input()
    #expect(input.trips.count == 12)
    #expect(input.trips.reduce(0) { $0 + $1.activities.count } == 37)
    #expect(input.trips.reduce(0) { $0 + $1.completedCount } == 9)
    #expect(Set(input.trips.map(\.collection)).count == 4)
    #expect(input.achievements.count == 18)
    #expect(input.achievements.filter(\.achieved).count == 4)
  }

  @Test("unknown fields and other record types are ignored")
  func ignoresUnknown() throws {
    var input = SiteReader()
    try input.add(
      SiteFixture.record(
        #"{"type":"trip","id":"A","name":"A","collection":"summerVibes","photo":"Shore","#
          + #""creationDate":"2026-01-01T00:00:00Z","activities":[],"colour":"teal","extra":{"x":[1]}}"#))
    try input.add(SiteFixture.record(#"{"type":"donut","id":"x"}"#, line: 2))
    #expect(input.model.trips.count == 1)
    #expect(input.model.trips[0].line == 1)
  }

  @Test(
    "a malformed trip is an error naming its line",
    arguments: [
      (#""activities":"none""#, #""activities" must be an array, not "none""#),
      (#""activities":[{"id":"a","name":"x"}]"#, #"trip record has no "activities[0].isComplete" field"#),
      (
        #""activities":[{"id":"a","name":"x","isComplete":true,"dateCreated":5}]"#,
        #""activities[0].dateCreated" must be an ISO 8601 date-time, not 5"#
      ),
      (
        #""activities":[{"id":"a","name":"x","isComplete":true},{"id":"a","name":"y","isComplete":false}]"#,
        "activity 2 of trip 'A' repeats the activity id 'a'"
      ),
    ])
  func malformed(fields: String, message: String) throws {
    let json =
      #"{"type":"trip","id":"A","name":"A","collection":"summerVibes","photo":"Shore","#
      + #""creationDate":"2026-01-01T00:00:00Z","# + fields + "}"
    var input = SiteReader()
    let error = #expect(throws: InputError.self) { try input.add(try SiteFixture.record(json, line: 3)) }
    #expect(error?.line == 3)
    #expect(error?.description.contains(message) == true, "\(error?.description ?? "")")
  }

  @Test("an unknown collection, a bad date and a repeated id are errors")
  func otherErrors() throws {
    var input = SiteReader()
    let unknown = #expect(throws: InputError.self) {
      try input.add(
        try SiteFixture.record(SiteFixture.oneTrip.replacingOccurrences(of: "fallGetaways", with: "autumn")))
    }
    #expect(
      unknown?.message
        == #""collection" must be one of springEscapes, summerVibes, fallGetaways, winterRetreats, not "autumn""#
    )
    let date = #expect(throws: InputError.self) {
      try input.add(
        try SiteFixture.record(SiteFixture.oneTrip.replacingOccurrences(of: "2026-03-12T", with: "x")))
    }
    #expect(date?.message == #""creationDate" must be an ISO 8601 date-time, not "x09:00:00Z""#)
    try input.add(try SiteFixture.record(SiteFixture.oneTrip, line: 4))
    let twice = #expect(throws: InputError.self) {
      try input.add(try SiteFixture.record(SiteFixture.oneTrip, line: 9))
    }
    #expect(twice?.line == 9)
    #expect(twice?.message == "trip id 'T1' was already given on line 4; give each trip once")
  }

  @Test("an achieved goal without a date is an error; collection records rename collections")
  func achievementsAndCollections() throws {
    var input = SiteReader()
    let error = #expect(throws: InputError.self) {
      try input.add(
        try SiteFixture.record(
          #"{"type":"achievement","goal":"g","name":"G","target":1,"count":1,"achieved":true}"#))
    }
    #expect(error?.message == "achievement 'g' is achieved but has no \"dateAchieved\"")
    try input.add(
      SiteFixture.record(#"{"type":"collection","id":"fallGetaways","name":"Autumn","summary":"Leaves"}"#))
    #expect(input.model.collections[2].name == "Autumn")
    #expect(input.model.collections[2].isExpanded)
  }
}

@Suite("trips site: the sample's rules")
struct SiteRulesTests {
  @Test("collections in the sample's order; only Summer Vibes (with a summary) is expanded")
  func collections() {
    #expect(
      SiteCollection.all.map(\.id) == ["springEscapes", "summerVibes", "fallGetaways", "winterRetreats"])
    #expect(SiteCollection.all.map(\.isExpanded) == [false, true, false, false])
  }

  @Test("a collection's trips are sorted by name in code-point order (trips(in:))")
  func tripsInCollection() throws {
    let input = try SiteFixture.input()
    #expect(
      SiteBuilder.trips(in: "winterRetreats", input.trips).map(\.name) == [
        "Angkor Temple Run", "Hike Joshua Tree", "Hunting Auroras",
      ])
    var trips = input.trips
    trips.append(
      SiteTrip(
        id: "z", name: "apple", collection: "winterRetreats", photo: "", creationDate: 0, activities: []))
    // Swift `<`: uppercase before lowercase.
    #expect(SiteBuilder.trips(in: "winterRetreats", trips).last?.name == "apple")
  }

  @Test("recently added: the five newest creation dates, newest first")
  func recent() throws {
    // The sample builds the trips in A3's order with non-decreasing dates, so the five newest
    // are the last five: Maui, Desert Off-Road, Kona, Hunting Auroras, Hike Joshua Tree.
    let recent = SiteBuilder.recent(try SiteFixture.input().trips)
    #expect(
      recent.map(\.name) == [
        "Maui Rainforest", "Desert Off-Road", "Kona Deep Dive", "Hunting Auroras", "Hike Joshua Tree",
      ])
  }

  @Test("progress: completed over total as a whole percent, half to even; 0 without activities")
  func progress() throws {
    let input = try SiteFixture.input()
    #expect(SiteFixture.trip("Cali Coastal Trails", in: input).percent == 33)  // 2 of 6
    #expect(SiteFixture.trip("Angkor Temple Run", in: input).percent == 60)  // 3 of 5
    #expect(SiteFixture.trip("Braving the Narrows", in: input).percent == 100)
    #expect(SiteFixture.trip("Japan Mystique", in: input).percent == 0)
    func trip(done: Int, of total: Int) -> SiteTrip {
      let activities = (0..<total).map { SiteActivity(id: "\($0)", name: "a", isComplete: $0 < done) }
      return SiteTrip(
        id: "t", name: "t", collection: "fallGetaways", photo: "", creationDate: 0, activities: activities)
    }
    #expect(trip(done: 2, of: 3).percent == 67)
    #expect(trip(done: 1, of: 8).percent == 12)  // 12.5 → 12
    #expect(trip(done: 3, of: 8).percent == 38)  // 37.5 → 38
    #expect(trip(done: 0, of: 0).progress == 0)
  }

  @Test("activity sorts: title, dates newest first, completed first; ties by name")
  func sorts() {
    let a = SiteActivity(id: "1", name: "banana", isComplete: false, dateCreated: 10, dateEdited: 50)
    let b = SiteActivity(id: "2", name: "Apple", isComplete: true, dateCreated: 20, dateEdited: 40)
    let c = SiteActivity(id: "3", name: "cherry", isComplete: true, dateCreated: 20, dateEdited: 60)
    let all = [a, b, c]
    #expect(ActivitySort.title.sorted(all).map(\.name) == ["Apple", "banana", "cherry"])
    #expect(ActivitySort.dateCreated.sorted(all).map(\.name) == ["Apple", "cherry", "banana"])
    #expect(ActivitySort.dateEdited.sorted(all).map(\.name) == ["cherry", "banana", "Apple"])
    #expect(ActivitySort.completed.sorted(all).map(\.name) == ["Apple", "cherry", "banana"])
  }

  @Test("goals: achieved newest first (ties keep the input order), then the rest in input order")
  func goals() throws {
    let input = try SiteFixture.input()
    let (achieved, next) = SiteBuilder.goalsInDisplayOrder(input.achievements)
    #expect(achieved.map(\.name) == ["Fall Explorer", "First Trip", "5 Activities", "First Activity"])
    #expect(next.first?.name == "10 Activities")
    #expect(next.first.map { "\($0.shownCount) of \($0.target)" } == "9 of 10")
    #expect(next.count == 14)
    func goal(_ name: String, _ date: Int) -> SiteAchievement {
      SiteAchievement(
        goal: name, name: name, badge: "", kind: "", target: 1, count: 1, achieved: true, dateAchieved: date)
    }
    let shuffled = [goal("old", 1), goal("new", 3), goal("mid", 2)]
    #expect(SiteBuilder.goalsInDisplayOrder(shuffled).achieved.map(\.name) == ["new", "mid", "old"])
  }

  @Test("one activity or many: 1 ACTIVITY, 6 ACTIVITIES")
  func activityCount() {
    #expect(Text.activityCount(1) == "1 ACTIVITY")
    #expect(Text.activityCount(6) == "6 ACTIVITIES")
    #expect(Text.activityCount(0) == "0 ACTIVITIES")
  }
}

@Suite("trips site: pages")
struct SitePageTests {
  @Test("transition names: distinct ids give distinct valid CSS identifiers")
  func slugs() {
    #expect(SiteBuilder.slug(forTripID: "5B0C-1e") == "trip-5B0C-1e")
    #expect(SiteBuilder.slug(forTripID: "a b") == "trip-a_20b")
    #expect(SiteBuilder.slug(forTripID: "a_20b") == "trip-a_5f20b")
    #expect(SiteBuilder.slug(forTripID: "é/<") == "trip-_c3_a9_2f_3c")
    let ids = ["a b", "a_b", "a-b", "a.b", "A b", "a_20b"]
    #expect(Set(ids.map { SiteBuilder.slug(forTripID: $0) }).count == ids.count)
    for id in ids {
      let slug = SiteBuilder.slug(forTripID: id)
      #expect(slug.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") })
    }
  }

  @Test("every user text is escaped")
  func escaping() throws {
    #expect(
      Markup.escape(#"<a href="x">Tom & Jerry's</a>"#)
        == "&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/a&gt;")
    #expect(Markup.escape("a\u{0}b\u{7}\tc\u{85}\u{FFFF}é") == "a\u{FFFD}b\u{FFFD}\tc\u{FFFD}\u{FFFD}é")
    // Swift refuses U+FDD0 in a literal.
    let nonCharacter = String(Unicode.Scalar(0xFDD0)!)
    #expect(
      Markup.replacingDisallowed("<a\u{0}\u{9B}\(nonCharacter)\u{1FFFE}\n\u{202E}&>")
        == "<a\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}\n\u{202E}&>")
    var input = SiteReader()
    let name = #"<script>alert(\"x\")</script> & Co"#
    try input.add(
      SiteFixture.record(
        #"{"type":"trip","id":"x\"<","name":"\#(name)","collection":"fallGetaways","photo":"a","#
          + #""subtitle":"<i>","creationDate":"2026-01-01T00:00:00Z","#
          + #""activities":[{"id":"1","name":"<b>bold</b>","isComplete":false}]}"#))
    let files = SiteBuilder.build(input.model, sort: .title)
    let all = files.filter { $0.path.hasSuffix(".html") }.map(\.text).joined()
    #expect(!all.contains("<script>alert"))
    #expect(!all.contains("<b>bold"))
    #expect(!all.contains("<i>"))
    #expect(all.contains("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Co"))
    #expect(all.contains("&lt;b&gt;bold&lt;/b&gt;"))
    #expect(TransitionCheck.check(files.map { ($0.path, $0.text) }).problems.isEmpty)
  }

  @Test("the home page: recent row, then the four collections with the sample's card sizes")
  func home() throws {
    let files = SiteBuilder.build(try SiteFixture.input(), sort: .title)
    let home = SiteFixture.file("index.html", in: files)
    let order = ["Recently Added", "Spring Escapes", "Summer Vibes", "Fall Getaways", "Winter Retreats"]
    let positions = order.map { home.range(of: ">\($0)</h2>")?.lowerBound }
    #expect(positions.allSatisfy { $0 != nil })
    #expect(positions.compactMap { $0 } == positions.compactMap { $0 }.sorted())
    #expect(home.components(separatedBy: "class=\"card compact\"").count - 1 == 9)
    #expect(home.components(separatedBy: "class=\"card expanded\"").count - 1 == 3)
    #expect(home.components(separatedBy: "class=\"card wide\"").count - 1 == 5)
    #expect(home.components(separatedBy: "width=\"180\" height=\"260\"").count - 1 == 9)
    #expect(home.components(separatedBy: "width=\"325\" height=\"260\"").count - 1 == 8)
    #expect(home.contains("<p class=\"summary\">Soak up open roads, salt water, and endless daylight</p>"))
    // The sample's TripCard: the count on the picture, the name under it (no subtitle in the sample).
    #expect(
      home.contains(
        "<span class=\"count\">6 ACTIVITIES</span></span><span class=\"label\">"
          + "<span class=\"name\">Cali Coastal Trails</span></span></a></li>"))
    #expect(!home.contains("class=\"subtitle\""))
    #expect(home.contains("@view-transition") == false)  // in style.css, linked by every page
    #expect(home.contains("<link rel=\"stylesheet\" href=\"style.css\">"))
  }

  @Test("a card shows its trip's subtitle under the name, and no count for a trip without activities")
  func cardSubtitle() throws {
    var input = try SiteFixture.input()
    let index = try #require(input.trips.firstIndex { $0.name == "Cali Coastal Trails" })
    input.trips[index].subtitle = "Cliffs & tide pools"
    input.trips[index].activities = []
    let home = SiteFixture.file("index.html", in: SiteBuilder.build(input, sort: .title))
    #expect(
      home.contains(
        "height=\"260\" style=\"view-transition-name: \(SiteBuilder.slug(forTripID: input.trips[index].id))\">"
          + "</span><span class=\"label\"><span class=\"name\">Cali Coastal Trails</span>"
          + "<span class=\"subtitle\">Cliffs &amp; tide pools</span></span></a></li>"))
  }

  @Test("a trip page: hero with the card's name, progress, activities in the chosen order")
  func tripPage() throws {
    let input = try SiteFixture.input()
    let trip = SiteFixture.trip("Angkor Temple Run", in: input)
    let slug = SiteBuilder.slug(forTripID: trip.id)
    let page = SiteFixture.file("\(slug).html", in: SiteBuilder.build(input, sort: .completed))
    #expect(
      page.contains("<img class=\"hero\" src=\"\(slug).svg\" alt=\"A drawn landscape for Angkor Temple Run\"")
    )
    #expect(page.contains("style=\"view-transition-name: \(slug)\""))
    #expect(page.contains("<span class=\"percent\">60%</span>"))
    #expect(
      page.contains("<progress max=\"5\" value=\"3\" aria-label=\"Activities complete\">60%</progress>"))
    let names = page.components(separatedBy: "<span class=\"name\">").dropFirst().map {
      String($0.prefix { $0 != "<" })
    }
    #expect(
      names == [
        "Browse the night markets", "Hike through the jungle temples",
        "Watch the sunrise over the temple lotus ponds",
        "Hop on a tuk-tuk tour", "Take a scenic balloon ride",
      ])
    let zero = SiteFixture.trip("Japan Mystique", in: input)
    let zeroPage = SiteFixture.file(
      "\(SiteBuilder.slug(forTripID: zero.id)).html", in: SiteBuilder.build(input, sort: .title))
    #expect(!zeroPage.contains("class=\"percent\""))  // the sample hides 0%
    // The rows the script upgrades: each names its activity for the commands, the trip too.
    #expect(page.contains("<ul class=\"activity-list\" data-trip=\"Angkor Temple Run\">"))
    #expect(
      page.contains(
        "<li class=\"done\" data-ref=\"Browse the night markets\"><span class=\"tick\" aria-hidden=\"true\">"
          + "<span class=\"mark\">✓</span></span><span class=\"name\">Browse the night markets</span>"
          + "<span class=\"hidden\"> (done)</span></li>"))
    #expect(page.contains("<section class=\"changes\" aria-labelledby=\"changes\" hidden>"))
    #expect(page.contains("\"trips activity toggle -- \""))
    #expect(page.contains(ShellWords.javaScript))
  }

  @Test("the commands name a trip or an activity by name when it finds it alone, else by id")
  func references() {
    let others = [
      (id: "a1", name: "Swim"), (id: "a2", name: "swim"), (id: "a3", name: "Hike"),
      (id: "hike2", name: "Run"),
    ]
    #expect(ActivityChanges.reference("Hike", id: "a3", among: others) == "Hike")
    #expect(ActivityChanges.reference("Swim", id: "a1", among: others) == "a1")  // case-insensitive twin
    #expect(ActivityChanges.reference("Hike2", id: "x", among: others) == "x")  // another's id
    #expect(ActivityChanges.reference("", id: "e", among: others) == "e")
    #expect(ActivityChanges.reference("Swim \u{202E}kcab", id: "b", among: others) == "b")  // bidi: by id
    #expect(ActivityChanges.reference("Line\nbreak", id: "n", among: others) == "n")
  }

  @Test("the goals page lists achieved goals, then next milestones with x of y and a bar")
  func goalsPage() throws {
    let page = SiteFixture.file("goals.html", in: SiteBuilder.build(try SiteFixture.input(), sort: .title))
    let achieved = page.range(of: "Fall Explorer")!.lowerBound
    let milestones = page.range(of: "Next Milestones")!.lowerBound
    #expect(achieved < page.range(of: "First Activity")!.lowerBound)
    #expect(page.range(of: "First Activity")!.lowerBound < milestones)
    #expect(
      page.contains(
        "<h3>10 Activities</h3><p class=\"of\">9 of 10</p><progress max=\"10\" value=\"9\" "
          + "aria-label=\"10 Activities: 9 of 10\">"))
    #expect(
      page.contains(
        "<li><a class=\"goal achieved\" href=\"badge-complete1FallTrip.html\"><svg class=\"badge\""))
    #expect(page.contains("You earned this award for completing your first fall trip."))
    let empty = SiteFixture.file("goals.html", in: SiteBuilder.build(SiteModel(), sort: .title))
    #expect(empty.contains("No goals in the input"))
  }

  @Test("the style sheet opts in to navigations, with a 0.5 s spring and reduced motion off")
  func style() {
    let css = SiteBuilder.stylesheet
    #expect(css.contains("@view-transition { navigation: auto; }"))
    #expect(
      css.contains(
        "@media (prefers-reduced-motion: reduce) {\n  @view-transition { navigation: none; }\n"
          + "  :root { --spring-duration: 0s; }"))
    #expect(css.contains("--spring: linear(0, 0.06,"))
    #expect(css.contains("--snappy: linear(0, 0.062,"))
    #expect(css.contains("--spring-duration: 0.5s;"))
    #expect(css.contains("animation-duration: var(--spring-duration);"))
    #expect(css.contains("animation-timing-function: var(--spring);"))
    // Light and dark: light by default, dark as the reader's system asks.
    #expect(css.contains("color-scheme: light dark;"))
    #expect(css.contains("@media (prefers-color-scheme: dark) {\n  :root {\n    --bg: #000;"))
    #expect(
      SiteFixture.file("index.html", in: SiteBuilder.build(SiteModel(), sort: .title))
        .contains("<meta name=\"color-scheme\" content=\"light dark\">"))
  }

  @Test("snappy (bounce 0.15) overshoots a little and settles; the smooth spring never overshoots")
  func snappy() {
    let snappy = Spring.snappy
    #expect(snappy.dampingRatio == 0.85)
    let peak = stride(from: 0.0, through: 2, by: 0.01).map(snappy.progress(at:)).max()!
    #expect(peak > 1 && peak < 1.01)
    #expect(abs(snappy.progress(at: 2) - 1) < 0.0001)
    #expect(stride(from: 0.0, through: 2, by: 0.01).allSatisfy { Spring.smooth.progress(at: $0) < 1 })
    // A gesture's spring starts at the finger's speed: its slope at 0 is the velocity given, and it
    // still settles at 1 (critically damped and underdamped alike).
    for spring in [Spring.smooth, snappy] {
      for v in [-4.0, 0, 3] {
        #expect(abs(spring.progress(at: 1e-6, initialVelocity: v) / 1e-6 - v) < 0.01)
        #expect(abs(spring.progress(at: 3, initialVelocity: v) - 1) < 0.001)
      }
    }
    #expect(Spring.smooth.cssEasing(initialVelocity: -4).hasPrefix("linear(0, -0.025, 0.072, "))
    #expect(Spring.smooth.cssEasing(initialVelocity: 0) == Spring.smooth.cssEasing())
    #expect(Spring.smooth.cssDuration == "0.5s")
  }

  @Test("the easing's points follow a critically damped spring with a 0.5 s duration")
  func springPoints() {
    let text = SiteBuilder.springEasing.dropFirst("linear(".count).dropLast()
    let points = text.split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces))! }
    #expect(points.count == 17)
    let omega = 2 * Double.pi / 0.5
    for (i, point) in points.enumerated().dropLast() {
      let t = 0.5 * Double(i) / 16
      let x = 1 - (1 + omega * t) * exp(-omega * t)
      #expect(abs(point - x) < 0.0006, "point \(i): \(point) vs \(x)")
    }
    #expect(points.last == 1)
    #expect(zip(points, points.dropFirst()).allSatisfy { $0 < $1 })  // no overshoot: bounce 0
  }

  @Test("pictures are deterministic and differ by photo and season (SiteValidationTests parses them)")
  func pictures() throws {
    let a = Illustration.landscape(seed: "CoastalTrail", season: "spring")
    #expect(a == Illustration.landscape(seed: "CoastalTrail", season: "spring"))
    #expect(a != Illustration.landscape(seed: "Japan", season: "spring"))
    #expect(a != Illustration.landscape(seed: "CoastalTrail", season: "winter"))
    #expect(a.contains(Illustration.palette(season: "spring").skyTop))
    for season in ["spring", "summer", "fall", "winter"] {
      let svg = Illustration.landscape(seed: "Aurora", season: season)
      #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"650\" height=\"520\""))
      #expect(svg.hasSuffix("</svg>\n"))
    }
  }
}
