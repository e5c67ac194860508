import FoodTruckKit
import PipeProtocol
import Testing
import ToolSupport
import WishlistKit

@testable import AchievementsCommand

@Suite("the Goals screen as text, and the clock it dates by")
struct GoalsScreenTests {
  static let plain = Terminal.Style(enabled: false)

  /// Every goal's status with `count` of each, achieved at `date` when reached.
  static func statuses(count: Int, date: Int) -> [GoalStatus] {
    Goal.allCases.map { GoalStatus(goal: $0, count: count, dateAchieved: count >= $0.target ? date : nil) }
  }

  @Test("the Wishlist's home zone, where no city applies, is the truck city's zone")
  func homeZone() {
    #expect(LocalTime.homeZoneIdentifier == City.truck.city.timeZone)
  }

  @Test("dates are the ones the clock rule gives: 03:00Z on Nov 30 is 7 PM on Nov 29 in Los Angeles")
  func dates() throws {
    let now = try #require(ISODate.parse("2026-11-30T03:00:00Z"))
    let earlier = try #require(ISODate.parse("2026-11-29T23:30:00Z"))
    let pacific = try #require(LocalTime.Zone.named("America/Los_Angeles"))
    let screen = GoalsScreen.render(Self.statuses(count: 1, date: earlier), width: 80, style: Self.plain) {
      LocalTime.dayAndTime($0, now: now, in: pacific)
    }
    #expect(screen.contains("  \u{2605} First Activity [activities1]  Today, 3:30 PM PST\n"))
    let utc = GoalsScreen.render(Self.statuses(count: 1, date: earlier), width: 80, style: Self.plain) {
      LocalTime.dayAndTime($0, now: now, in: .utc)
    }
    #expect(utc.contains("  \u{2605} First Activity [activities1]  Yesterday, 11:30 PM UTC\n"))
  }

  @Test("at 80 and 40 columns no line is wider; milestones go on two lines when a row cannot fit")
  func widths() {
    for width in [80, 40] {
      let screen = GoalsScreen.render(Self.statuses(count: 2, date: 0), width: width, style: Self.plain) {
        _ in
        "Nov 29, 2026, 11:30 PM PST"
      }
      for line in screen.split(separator: "\n") {
        #expect(TextLayout.displayWidth(line) <= width, "\(width): \(line)")
      }
      let events = GoalsScreen.events(
        [
          .earned(.complete5Activities, count: 5, date: 0),
          .revoked(.complete1Trip, count: 0, since: 0, date: 0),
        ],
        width: width
      ) { _ in "Nov 29, 2026, 11:30 PM PST" }
      for line in events.split(separator: "\n") {
        #expect(TextLayout.displayWidth(line) <= width, "\(width): \(line)")
      }
      #expect(events.contains("Nov 29, 2026, 11:30 PM PST"), "a date is not broken between lines")
    }
    let narrow = GoalsScreen.render(Self.statuses(count: 2, date: 0), width: 40, style: Self.plain) { _ in ""
    }
    #expect(narrow.contains("  10 Activities [activities10]\n    "))
    let wide = GoalsScreen.render(Self.statuses(count: 2, date: 0), width: 80, style: Self.plain) { _ in "" }
    let row = wide.split(separator: "\n").first { $0.hasPrefix("  10 Activities ") }
    #expect(row?.contains("[activities10]  \u{2588}") == true, "one row beside its bar at 80")
  }
}
