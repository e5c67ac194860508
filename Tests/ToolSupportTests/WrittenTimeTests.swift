import Foundation
import PipeProtocol
import Testing
import ToolSupport

/// `--now` as people write it: one parser (`WrittenTime`) for every tool's date options.
@Suite("--now for people", .enabled(if: hasTZData, "needs the tz database (.ci/run installs tzdata)"))
struct WrittenTimeTests {
  typealias Zone = LocalTime.Zone

  static func at(_ text: String) -> Int { ISODate.parse(text)! }
  static let losAngeles = Zone.named("America/Los_Angeles")!
  static let london = Zone.named("Europe/London")!
  /// A clock reading: Sunday 2026-11-29, 10:30 AM PST.
  static let clock = at("2026-11-29T18:30:00Z")

  static func moment(_ text: String, in zone: Zone = losAngeles, clock: Int = clock) -> Int? {
    WrittenTime.parse(text).map { $0.seconds(in: zone, clock: clock) }
  }

  @Test("a date or a date-time with no zone is local to the zone times are shown in")
  func localForms() {
    #expect(Self.moment("2026-11-29") == Self.at("2026-11-29T08:00:00Z"))
    #expect(Self.moment("2026-11-29", in: .utc) == Self.at("2026-11-29T00:00:00Z"))
    #expect(Self.moment("2026-11-29", in: Self.london) == Self.at("2026-11-29T00:00:00Z"))
    #expect(Self.moment("2026-07-01", in: Self.london) == Self.at("2026-06-30T23:00:00Z"))
    for text in ["2026-11-29T10:00:00", "2026-11-29T10:00", "2026-11-29 10:00:00", "2026-11-29 10:00"] {
      #expect(Self.moment(text) == Self.at("2026-11-29T18:00:00Z"), "\(text)")
    }
    #expect(Self.moment("2026-11-29T23:59:59") == Self.at("2026-11-30T07:59:59Z"))
  }

  @Test("a moment with its zone, and @SECONDS, are that moment in every zone")
  func moments() {
    for zone in [Self.losAngeles, Self.london, .utc] {
      #expect(Self.moment("2026-11-29T10:00:00Z", in: zone) == Self.at("2026-11-29T10:00:00Z"))
      #expect(Self.moment("2026-11-29T10:00:00-08:00", in: zone) == Self.at("2026-11-29T18:00:00Z"))
      #expect(Self.moment("2026-11-29T10:00:00.5Z", in: zone) == Self.at("2026-11-29T10:00:00Z"))
      #expect(Self.moment("@1000", in: zone) == 1000)
    }
  }

  @Test("now, today, yesterday and N minutes|hours|days ago count from the clock")
  func words() {
    #expect(Self.moment("now") == Self.clock)
    #expect(Self.moment("today") == Self.clock)
    #expect(Self.moment("NOW") == Self.clock)
    #expect(Self.moment("yesterday") == Self.at("2026-11-28T18:30:00Z"))
    #expect(Self.moment("Yesterday") == Self.at("2026-11-28T18:30:00Z"))
    #expect(Self.moment("1 day ago") == Self.at("2026-11-28T18:30:00Z"))
    #expect(Self.moment("3 days ago") == Self.at("2026-11-26T18:30:00Z"))
    #expect(Self.moment("0 days ago") == Self.clock)
    #expect(Self.moment("90 minutes ago") == Self.clock - 5400)
    #expect(Self.moment("1 minute ago") == Self.clock - 60)
    #expect(Self.moment("2 hours ago") == Self.clock - 7200)
    #expect(Self.moment("99999 minutes ago") == Self.clock - 99_999 * 60)
  }

  @Test("days back are local days: yesterday keeps the time of day across a change of the clocks")
  func daysAcrossAChange() {
    // Monday 2026-03-09, 10:30 AM PDT; the clocks went forward on Sunday 2026-03-08.
    let monday = Self.at("2026-03-09T17:30:00Z")
    #expect(Self.moment("yesterday", clock: monday) == Self.at("2026-03-08T17:30:00Z"))
    #expect(Self.moment("2 days ago", clock: monday) == Self.at("2026-03-07T18:30:00Z"))
    #expect(Self.moment("48 hours ago", clock: monday) == Self.at("2026-03-07T17:30:00Z"))
  }

  @Test("a local time the clocks skip is read with the offset before; one they repeat is its first moment")
  func changesOfTheClocks() {
    // Los Angeles: 2 AM PST on 2026-03-08 becomes 3 AM PDT; 2 AM PDT on 2026-11-01 becomes 1 AM PST.
    #expect(Self.moment("2026-03-08T02:30:00") == Self.at("2026-03-08T10:30:00Z"))
    #expect(Self.moment("2026-03-08T01:59:59") == Self.at("2026-03-08T09:59:59Z"))
    #expect(Self.moment("2026-03-08T03:00:00") == Self.at("2026-03-08T10:00:00Z"))
    #expect(Self.moment("2026-11-01T01:30:00") == Self.at("2026-11-01T08:30:00Z"))
    #expect(Self.moment("2026-11-01T00:59:59") == Self.at("2026-11-01T07:59:59Z"))
    #expect(Self.moment("2026-11-01T02:00:00") == Self.at("2026-11-01T10:00:00Z"))
    // London: 1 AM GMT on 2026-03-29 becomes 2 AM BST; 2 AM BST on 2026-10-25 becomes 1 AM GMT.
    #expect(Self.moment("2026-03-29T01:30", in: Self.london) == Self.at("2026-03-29T01:30:00Z"))
    #expect(Self.moment("2026-10-25T01:30", in: Self.london) == Self.at("2026-10-25T00:30:00Z"))
    // "today" in the repeated hour is the clock itself, not the first 1:30 AM.
    let second = Self.at("2026-11-01T09:30:00Z")
    #expect(Self.moment("today", clock: second) == second)
  }

  @Test("anything else is refused")
  func refused() {
    for text in [
      "", "yesterday ", " now", "tomorrow", "1 week ago", "-1 days ago", "+1 days ago", "100000 days ago",
      "1  day ago", "1 day", "day ago", "2026-11-29T10", "2026-11-29T10:00:60", "2026-11-29T24:00",
      "2026-11-29t10:00", "2026-11-29T10:00:00+0100", "2026-02-30", "2026-11-29T10:00:00.5",
      "0000-01-01", "9999-12-31T10:00", "@", "@1.5",
    ] {
      #expect(WrittenTime.parse(text) == nil, "\(text)")
    }
    #expect(WrittenTime.parse("0000-01-02") != nil)
    #expect(WrittenTime.parse("9999-12-30T23:59:59") != nil)
  }
}
