import Foundation
import PipeProtocol
import Testing
import ToolSupport

/// Whether the tz database is installed (.ci/run installs tzdata).
let hasTZData = FileManager.default.fileExists(atPath: "/usr/share/zoneinfo/America/Los_Angeles")

@Suite("local time for people", .enabled(if: hasTZData, "needs the tz database (.ci/run installs tzdata)"))
struct LocalTimeTests {
  typealias Zone = LocalTime.Zone

  static func at(_ text: String) -> Int { ISODate.parse(text)! }

  @Test("Los Angeles: PST in winter, PDT in summer, changing at 2 AM local on the US dates")
  func losAngeles() throws {
    let zone = try #require(Zone.named("America/Los_Angeles"))
    #expect(zone.abbreviation(at: Self.at("2026-11-29T18:00:00Z")) == "PST")
    #expect(zone.offset(at: Self.at("2026-11-29T18:00:00Z")) == -28_800)
    #expect(zone.abbreviation(at: Self.at("2026-07-01T18:00:00Z")) == "PDT")
    #expect(zone.abbreviation(at: Self.at("2026-03-08T09:59:59Z")) == "PST")
    #expect(zone.abbreviation(at: Self.at("2026-03-08T10:00:00Z")) == "PDT")
    #expect(zone.abbreviation(at: Self.at("2026-11-01T08:59:59Z")) == "PDT")
    #expect(zone.abbreviation(at: Self.at("2026-11-01T09:00:00Z")) == "PST")
    // Before the file's last transition the table decides (war time), after it the footer rule.
    #expect(zone.abbreviation(at: Self.at("1943-06-01T12:00:00Z")) == "PWT")
    #expect(zone.abbreviation(at: Self.at("2090-07-01T12:00:00Z")) == "PDT")
    #expect(zone.abbreviation(at: Self.at("2090-12-01T12:00:00Z")) == "PST")
  }

  @Test("London is GMT in winter and BST in summer; a southern zone has summer in January")
  func otherZones() throws {
    let london = try #require(Zone.named("Europe/London"))
    #expect(london.abbreviation(at: Self.at("2026-11-29T18:00:00Z")) == "GMT")
    #expect(london.abbreviation(at: Self.at("2026-07-01T18:00:00Z")) == "BST")
    #expect(london.offset(at: Self.at("2026-07-01T18:00:00Z")) == 3600)
    let sydney = try #require(Zone.named("Australia/Sydney"))
    #expect(sydney.abbreviation(at: Self.at("2026-01-15T00:00:00Z")) == "AEDT")
    #expect(sydney.abbreviation(at: Self.at("2026-07-15T00:00:00Z")) == "AEST")
    let utc = try #require(Zone.named("UTC"))
    #expect(utc.offset(at: 0) == 0 && utc.abbreviation(at: 0) == "UTC")
  }

  @Test(
    "a file's footer rule alone gives what its table gives, every hour of 2008...2036",
    arguments: [
      ("America/Los_Angeles", "PST8PDT,M3.2.0,M11.1.0"), ("Europe/London", "GMT0BST,M3.5.0/1,M10.5.0"),
      ("Australia/Sydney", "AEST-10AEDT,M10.1.0,M4.1.0/3"), ("America/Sao_Paulo", "<-03>3"),
    ])
  func footerRuleAgrees(name: String, rule: String) throws {
    let file = try #require(Zone.named(name))
    let posix = try #require(Zone.named(rule))
    var t = Self.at("2008-01-01T00:00:00Z")
    let end = Self.at("2036-12-31T00:00:00Z")
    var differences = 0
    while t < end {
      if file.offset(at: t) != posix.offset(at: t) || file.abbreviation(at: t) != posix.abbreviation(at: t) {
        differences += 1
      }
      t += 3600
    }
    // São Paulo kept daylight saving time until 2019: only those years may differ.
    if name == "America/Sao_Paulo" {
      #expect(posix.offset(at: Self.at("2030-01-15T00:00:00Z")) == -10_800)
      #expect(posix.abbreviation(at: 0) == "-03")
    } else {
      #expect(differences == 0)
    }
  }

  @Test("TZ strings: offsets west are positive, quoted names, explicit daylight offsets, Julian days")
  func posixStrings() throws {
    let quoted = try #require(Zone.named("<+0530>-5:30"))
    #expect(quoted.offset(at: 0) == 19_800 && quoted.abbreviation(at: 0) == "+0530")
    let explicit = try #require(Zone.named("AAA3BBB2,J60/0,J300/0"))
    #expect(explicit.offset(at: Self.at("2026-06-01T12:00:00Z")) == -7200)
    #expect(explicit.abbreviation(at: Self.at("2026-02-01T12:00:00Z")) == "AAA")
    #expect(explicit.isDaylightSaving(at: Self.at("2026-06-01T12:00:00Z")))
    // J60 is March 1 whether or not the year is a leap year.
    #expect(explicit.abbreviation(at: Self.at("2028-03-01T02:59:59Z")) == "AAA")
    #expect(explicit.abbreviation(at: Self.at("2028-03-01T03:00:00Z")) == "BBB")
  }

  @Test(
    "names that are no zone, or that climb out of the database, are refused",
    arguments: [
      "", ":", "Mars/Base", "../../etc/passwd", "America/../../../etc/passwd", "EST5EDT,M3", "AB5",
      ":PST8PDT2",
    ])
  func unknown(name: String) {
    #expect(Zone.named(name) == nil)
  }

  @Test("the zone shown: TZ when set and not empty, else the place's zone; an unknown TZ is UTC, said")
  func choice() {
    #expect(LocalTime.zone(default: "America/Los_Angeles", environment: nil).name == "America/Los_Angeles")
    #expect(LocalTime.zone(default: "America/Los_Angeles", environment: "").name == "America/Los_Angeles")
    #expect(
      LocalTime.zone(default: "America/Los_Angeles", environment: "Europe/London").name == "Europe/London")
    #expect(
      LocalTime.zone(default: "America/Los_Angeles", environment: ":Europe/London").name == "Europe/London")
    #expect(LocalTime.zone(default: "America/Los_Angeles", environment: "Nowhere/Zone") == .utc)
    #expect(LocalTime.zone(default: "Nowhere/Zone", environment: nil) == .utc)
  }

  @Test("times as the sample shows them: 6 PM PST, 9:41 AM PST, midnight and noon as 12")
  func formats() throws {
    let zone = try #require(Zone.named("America/Los_Angeles"))
    #expect(LocalTime.hour(Self.at("2026-11-30T02:00:00Z"), in: zone) == "6 PM PST")
    #expect(LocalTime.time(Self.at("2026-11-29T17:41:00Z"), in: zone) == "9:41 AM PST")
    #expect(LocalTime.time(Self.at("2026-11-29T08:05:00Z"), in: zone, label: false) == "12:05 AM")
    #expect(LocalTime.hour(Self.at("2026-07-01T19:00:00Z"), in: zone) == "12 PM PDT")
    #expect(LocalTime.time(0, in: .utc) == "12:00 AM UTC")
  }

  @Test("Today and Yesterday are the local days of now; older days are written out")
  func days() throws {
    let zone = try #require(Zone.named("America/Los_Angeles"))
    let now = Self.at("2026-11-29T20:00:00Z")  // 12 PM PST, November 29
    // 6 PM PST on November 29 is already November 30 in UTC.
    #expect(LocalTime.dayAndTime(Self.at("2026-11-30T02:00:00Z"), now: now, in: zone) == "Today, 6:00 PM PST")
    #expect(
      LocalTime.dayAndTime(Self.at("2026-11-29T07:59:00Z"), now: now, in: zone) == "Yesterday, 11:59 PM PST")
    #expect(LocalTime.day(Self.at("2026-11-28T07:59:00Z"), now: now, in: zone) == "Nov 27, 2026")
    #expect(LocalTime.day(Self.at("2026-11-29T07:59:00Z"), now: now, in: .utc) == "Today")
  }
}
