import PipeProtocol
import Testing
import WishlistKit

@Suite("the 18 goals and the update rule")
struct GoalTests {
  /// The goal table from wishlist.md A1, row by row: case, name, kind, target, badge.
  static let table: [(String, String, String, Int, String)] = [
    ("complete1Activity", "First Activity", "activitiesCompleted", 1, "activities1"),
    ("complete5Activities", "5 Activities", "activitiesCompleted", 5, "activities5"),
    ("complete10Activities", "10 Activities", "activitiesCompleted", 10, "activities10"),
    ("complete1Trip", "First Trip", "tripsCompleted", 1, "trips1"),
    ("complete3Trips", "3 Trips", "tripsCompleted", 3, "trips3"),
    ("complete5Trips", "5 Trips", "tripsCompleted", 5, "trips5"),
    ("complete1SpringTrip", "Spring Explorer", "springEscapes", 1, "spring1"),
    ("complete3SpringTrips", "3 Spring Trips", "springEscapes", 3, "spring3"),
    ("complete5SpringTrips", "5 Spring Trips", "springEscapes", 5, "spring5"),
    ("complete1SummerTrip", "Summer Explorer", "summerVibes", 1, "summer1"),
    ("complete3SummerTrips", "3 Summer Trips", "summerVibes", 3, "summer3"),
    ("complete5SummerTrips", "5 Summer Trips", "summerVibes", 5, "summer5"),
    ("complete1FallTrip", "Fall Explorer", "fallGetaways", 1, "fall1"),
    ("complete3FallTrips", "3 Fall Trips", "fallGetaways", 3, "fall3"),
    ("complete5FallTrips", "5 Fall Trips", "fallGetaways", 5, "fall5"),
    ("complete1WinterTrip", "Winter Explorer", "winterRetreats", 1, "winter1"),
    ("complete3WinterTrips", "3 Winter Trips", "winterRetreats", 3, "winter3"),
    ("complete5WinterTrips", "5 Winter Trips", "winterRetreats", 5, "winter5"),
  ]

  @Test("18 goals in the sample's order with its names, kinds, targets and badges")
  func goals() {
    #expect(Goal.allCases.count == 18)
    for (goal, row) in zip(Goal.allCases, Self.table) {
      #expect(goal.rawValue == row.0)
      #expect(goal.name == row.1)
      #expect((goal.kind.collection?.rawValue ?? goal.kind.id) == row.2)
      #expect(goal.target == row.3)
      #expect(goal.badge == row.4)
    }
  }

  @Test("award subtitles: 'first' for a target of 1, else the ordinal")
  func subtitles() {
    #expect(
      Goal.complete3Trips.subtitle == "You earned this award for completing your 3rd trip in your Wishlist.")
    #expect(
      Goal.complete1Trip.subtitle == "You earned this award for completing your first trip in your Wishlist.")
    #expect(
      Goal.complete1Activity.subtitle == "You earned this award for completing your first trip activity.")
    #expect(
      Goal.complete10Activities.subtitle == "You earned this award for completing your 10th trip activity.")
    #expect(Goal.complete1FallTrip.subtitle == "You earned this award for completing your first fall trip.")
    #expect(
      Goal.complete3WinterTrips.subtitle == "You earned this award for completing your 3rd winter trip.")
    #expect(
      [1, 2, 3, 4, 5, 10, 11, 12, 13, 21, 22, 101, 111].map(Goal.ordinal) == [
        "1st", "2nd", "3rd", "4th", "5th", "10th", "11th", "12th", "13th", "21st", "22nd", "101st", "111th",
      ])
  }

  @Test("progress is min(count / target, 1); achieved when count >= target")
  func progress() {
    #expect(Goal.complete10Activities.progress(for: 9) == 0.9)
    #expect(Goal.complete10Activities.progress(for: 25) == 1.0)
    #expect(Goal.complete3Trips.progress(for: 0) == 0)
    #expect(!Goal.complete10Activities.isAchieved(for: 9))
    #expect(Goal.complete10Activities.isAchieved(for: 10))
  }

  @Test("the sample data: 9 activities, 2 trips (both fall) done; exactly 4 goals; 9 of 10 for 10 Activities")
  func sampleCounts() {
    let counts = GoalCounts(trips: SampleData.trips)
    #expect(counts.activities == 9)
    #expect(counts.trips == 2)
    #expect(counts.tripsByCollection == [.fallGetaways: 2])
    var ledger = GoalLedger()
    let events = ledger.update(counts: counts, now: 1000)
    #expect(events.count == 4)
    let statuses = ledger.statuses(counts: counts)
    #expect(
      statuses.filter(\.achieved).map(\.goal) == [
        .complete1FallTrip, .complete1Trip, .complete5Activities, .complete1Activity,
      ])
    let ten = statuses.first { $0.goal == .complete10Activities }
    #expect(ten?.progressText == "9 of 10")
    #expect(ten?.achieved == false)
    #expect(statuses.filter { !$0.achieved }.map(\.goal) == Goal.allCases.filter { ledger.dates[$0] == nil })
  }

  @Test("a trip with no activities never counts as complete")
  func emptyTrips() {
    var counts = GoalCounts()
    counts.add(collection: .winterRetreats, done: 0, total: 0)
    #expect(counts.trips == 0 && counts.count(for: .collectionTripsCompleted(.winterRetreats)) == 0)
    counts.add(collection: .winterRetreats, done: 1, total: 2)
    #expect(counts.trips == 0 && counts.activities == 1)
    counts.add(collection: .winterRetreats, done: 2, total: 2)
    #expect(counts.trips == 1 && counts.count(for: .collectionTripsCompleted(.winterRetreats)) == 1)
  }

  @Test("update rule: new gets now, kept keeps its date, lost is revoked, re-earned gets a new date")
  func updateRule() {
    var counts = GoalCounts()
    counts.activities = 10
    var ledger = GoalLedger()
    ledger.update(counts: counts, now: 100)
    #expect(ledger.dates[.complete10Activities] == 100)
    #expect(ledger.update(counts: counts, now: 200).isEmpty)
    #expect(ledger.dates[.complete10Activities] == 100)
    counts.activities = 9
    #expect(
      ledger.update(counts: counts, now: 300) == [
        .revoked(.complete10Activities, count: 9, since: 100, date: 300)
      ])
    #expect(ledger.dates[.complete10Activities] == nil)
    #expect(ledger.dates[.complete5Activities] == 100)
    counts.activities = 10
    #expect(ledger.update(counts: counts, now: 400) == [.earned(.complete10Activities, count: 10, date: 400)])
    let order = ledger.statuses(counts: counts).prefix(3).map(\.goal)
    #expect(order == [.complete10Activities, .complete5Activities, .complete1Activity])
  }

  @Test("records: achievement with subtitle only when achieved; seasonal goals name their collection")
  func records() {
    let achieved = GoalStatus(goal: .complete1FallTrip, count: 2, dateAchieved: 0).record
    #expect(achieved["collection"] == .string("fallGetaways"))
    #expect(achieved["dateAchieved"] == .string("1970-01-01T00:00:00Z"))
    #expect(achieved["progressText"] == .string("1 of 1"))
    #expect(achieved["count"] == .int(2))
    #expect(achieved.keys == achieved.keys.sorted())
    let next = GoalStatus(goal: .complete3Trips, count: 2, dateAchieved: nil).record
    #expect(next["subtitle"] == nil && next["dateAchieved"] == nil && next["collection"] == nil)
    #expect(next["progress"]?.jsonText == "0.67")
    let earned = GoalEvent.earned(.complete1Trip, count: 1, date: 0).record
    #expect(earned["type"] == .string("achievement-earned"))
    let revoked = GoalEvent.revoked(.complete1Trip, count: 0, since: 0, date: 60).record
    #expect(revoked["dateRevoked"] == .string("1970-01-01T00:01:00Z"))
    #expect(revoked["dateAchieved"] == .string("1970-01-01T00:00:00Z"))
  }

  @Test("every record written passes its schema")
  func schemas() {
    var ledger = GoalLedger()
    let counts = GoalCounts(trips: SampleData.trips)
    let events = ledger.update(counts: counts, now: 0)
    let objects =
      ledger.statuses(counts: counts).map(\.record) + events.map(\.record)
      + [GoalEvent.revoked(.complete1Trip, count: 0, since: 0, date: 1).record] + ledger.records
      + SampleData.trips.map { $0.record() } + TripCollection.allCases.map(\.record)
    for object in objects {
      let record = Record(object: object)
      let schema = WishlistSchemas.catalog.schema(for: record.type)
      #expect(schema != nil, "no schema for \(record.type)")
      #expect(schema?.problems(in: record) == [], "\(record.type)")
    }
  }
}
