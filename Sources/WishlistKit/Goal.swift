import PipeProtocol

/// What a goal counts.
public enum GoalKind: Hashable, Sendable {
  /// Complete trips.
  case tripsCompleted
  /// Done activities, across all trips.
  case activitiesCompleted
  /// Complete trips of one collection.
  case collectionTripsCompleted(TripCollection)

  /// The kind's name in records: `tripsCompleted`, `activitiesCompleted` or
  /// `collectionTripsCompleted`.
  public var id: String {
    switch self {
    case .tripsCompleted: return "tripsCompleted"
    case .activitiesCompleted: return "activitiesCompleted"
    case .collectionTripsCompleted: return "collectionTripsCompleted"
    }
  }

  /// The collection of a seasonal goal.
  public var collection: TripCollection? {
    if case .collectionTripsCompleted(let collection) = self { return collection }
    return nil
  }
}

/// The sample's 18 goals, in their order (which is also the "Next milestones" order).
public enum Goal: String, CaseIterable, Sendable {
  /// First Activity.
  case complete1Activity
  /// 5 Activities.
  case complete5Activities
  /// 10 Activities.
  case complete10Activities
  /// First Trip.
  case complete1Trip
  /// 3 Trips.
  case complete3Trips
  /// 5 Trips.
  case complete5Trips
  /// Spring Explorer.
  case complete1SpringTrip
  /// 3 Spring Trips.
  case complete3SpringTrips
  /// 5 Spring Trips.
  case complete5SpringTrips
  /// Summer Explorer.
  case complete1SummerTrip
  /// 3 Summer Trips.
  case complete3SummerTrips
  /// 5 Summer Trips.
  case complete5SummerTrips
  /// Fall Explorer.
  case complete1FallTrip
  /// 3 Fall Trips.
  case complete3FallTrips
  /// 5 Fall Trips.
  case complete5FallTrips
  /// Winter Explorer.
  case complete1WinterTrip
  /// 3 Winter Trips.
  case complete3WinterTrips
  /// 5 Winter Trips.
  case complete5WinterTrips

  /// The position in the sample's order.
  public var index: Int { Self.allCases.firstIndex(of: self) ?? 0 }

  /// What it counts.
  public var kind: GoalKind {
    switch index {
    case 0..<3: return .activitiesCompleted
    case 3..<6: return .tripsCompleted
    default: return .collectionTripsCompleted(TripCollection.allCases[(index - 6) / 3])
    }
  }

  /// How many it takes: 1, 5, 10 for activities; 1, 3, 5 for trips and seasons.
  public var target: Int {
    switch kind {
    case .activitiesCompleted: return [1, 5, 10][index % 3]
    default: return [1, 3, 5][index % 3]
    }
  }

  /// The badge title, such as "5 Activities" or "Spring Explorer".
  public var name: String {
    switch kind {
    case .activitiesCompleted: return target == 1 ? "First Activity" : "\(target) Activities"
    case .tripsCompleted: return target == 1 ? "First Trip" : "\(target) Trips"
    case .collectionTripsCompleted(let collection):
      let season = collection.season.prefix(1).uppercased() + collection.season.dropFirst()
      return target == 1 ? "\(season) Explorer" : "\(target) \(season) Trips"
    }
  }

  /// The badge image name: `activities5`, `trips3`, `spring1`.
  public var badge: String {
    switch kind {
    case .activitiesCompleted: return "activities\(target)"
    case .tripsCompleted: return "trips\(target)"
    case .collectionTripsCompleted(let collection): return "\(collection.season)\(target)"
    }
  }

  /// The award's subtitle, such as "You earned this award for completing your 3rd trip in your
  /// Wishlist.".
  public var subtitle: String {
    let which = target == 1 ? "first" : Goal.ordinal(target)
    switch kind {
    case .activitiesCompleted: return "You earned this award for completing your \(which) trip activity."
    case .tripsCompleted: return "You earned this award for completing your \(which) trip in your Wishlist."
    case .collectionTripsCompleted(let collection):
      return "You earned this award for completing your \(which) \(collection.season) trip."
    }
  }

  /// `min(count / target, 1)`.
  public func progress(for count: Int) -> Double { min(Double(count) / Double(target), 1.0) }

  /// Whether `count` reaches the target.
  public func isAchieved(for count: Int) -> Bool { count >= target }

  /// English ordinal: 1st, 2nd, 3rd, 4th, 11th, 12th, 13th, 21st.
  public static func ordinal(_ n: Int) -> String {
    let suffix: String
    switch (n % 10, n % 100) {
    case (_, 11...13): suffix = "th"
    case (1, _): suffix = "st"
    case (2, _): suffix = "nd"
    case (3, _): suffix = "rd"
    default: suffix = "th"
    }
    return "\(n)\(suffix)"
  }
}

/// The counts the goals are measured by.
public struct GoalCounts: Sendable, Equatable {
  /// Complete trips.
  public var trips = 0
  /// Done activities across all trips.
  public var activities = 0
  /// Complete trips per collection.
  public var tripsByCollection: [TripCollection: Int] = [:]

  /// No trips at all.
  public init() {}

  /// The counts of these trips.
  public init(trips: [Trip]) {
    for trip in trips { add(trip) }
  }

  /// Adds one trip's contribution.
  public mutating func add(_ trip: Trip) {
    add(collection: trip.collection, done: trip.completedCount, total: trip.activities.count)
  }

  /// Adds one trip's contribution from its collection and activity counts.
  public mutating func add(collection: TripCollection, done: Int, total: Int) {
    activities += done
    if total > 0 && done == total {
      trips += 1
      tripsByCollection[collection, default: 0] += 1
    }
  }

  /// The count a goal kind measures.
  public func count(for kind: GoalKind) -> Int {
    switch kind {
    case .tripsCompleted: return trips
    case .activitiesCompleted: return activities
    case .collectionTripsCompleted(let collection): return tripsByCollection[collection] ?? 0
    }
  }
}

/// One goal's standing: its count and, when achieved, since when.
public struct GoalStatus: Sendable, Equatable {
  /// The goal.
  public var goal: Goal
  /// The live count of its kind (not capped at the target).
  public var count: Int
  /// When it was achieved (seconds since 1970), or nil when it is not.
  public var dateAchieved: Int?

  /// A status.
  public init(goal: Goal, count: Int, dateAchieved: Int?) {
    self.goal = goal
    self.count = count
    self.dateAchieved = dateAchieved
  }

  /// Whether it is achieved.
  public var achieved: Bool { dateAchieved != nil }

  /// `min(count, target) of target`, as the Goals screen shows a milestone.
  public var progressText: String { "\(min(count, goal.target)) of \(goal.target)" }

  /// The `achievement` record.
  public var record: JSONObject {
    var object = GoalStatus.base(goal, type: "achievement", count: count)
    object["progress"] = .decimal(goal.progress(for: count), fractionDigits: 2)
    object["progressText"] = .string(progressText)
    object["achieved"] = .bool(achieved)
    if let dateAchieved {
      object["dateAchieved"] = .string(ISODate.format(dateAchieved))
      object["subtitle"] = .string(goal.subtitle)
    }
    object.sortKeys()
    return object
  }

  static func base(_ goal: Goal, type: String, count: Int) -> JSONObject {
    var object: JSONObject = [
      "type": .string(type), "goal": .string(goal.rawValue), "name": .string(goal.name),
      "badge": .string(goal.badge), "kind": .string(goal.kind.id), "target": .int(goal.target),
      "count": .int(count),
    ]
    if let collection = goal.kind.collection { object["collection"] = .string(collection.rawValue) }
    return object
  }
}

/// A change found by `GoalLedger.update`.
public enum GoalEvent: Sendable, Equatable {
  /// Achieved now and not before, on this date.
  case earned(Goal, count: Int, date: Int)
  /// No longer achieved; it had been since `since`.
  case revoked(Goal, count: Int, since: Int, date: Int)

  /// The `achievement-earned` or `achievement-revoked` record.
  public var record: JSONObject {
    switch self {
    case .earned(let goal, let count, let date):
      var object = GoalStatus.base(goal, type: "achievement-earned", count: count)
      object["dateAchieved"] = .string(ISODate.format(date))
      object["subtitle"] = .string(goal.subtitle)
      object.sortKeys()
      return object
    case .revoked(let goal, let count, let since, let date):
      var object = GoalStatus.base(goal, type: "achievement-revoked", count: count)
      object["dateAchieved"] = .string(ISODate.format(since))
      object["dateRevoked"] = .string(ISODate.format(date))
      object.sortKeys()
      return object
    }
  }
}

/// The dates goals were achieved, kept by the sample's update rule.
public struct GoalLedger: Sendable, Equatable {
  /// When each achieved goal was achieved (seconds since 1970).
  public var dates: [Goal: Int]

  /// A ledger of these dates.
  public init(dates: [Goal: Int] = [:]) { self.dates = dates }

  /// Applies the sample's rule to every goal in order: achieved now and not before gets `now`;
  /// no longer achieved is revoked; otherwise the original date is kept. Returns the changes.
  @discardableResult
  public mutating func update(counts: GoalCounts, now: Int) -> [GoalEvent] {
    var events: [GoalEvent] = []
    for goal in Goal.allCases {
      let count = counts.count(for: goal.kind)
      let achieved = goal.isAchieved(for: count)
      if achieved, dates[goal] == nil {
        dates[goal] = now
        events.append(.earned(goal, count: count, date: now))
      } else if !achieved, let since = dates[goal] {
        dates[goal] = nil
        events.append(.revoked(goal, count: count, since: since, date: now))
      }
    }
    return events
  }

  /// The Goals screen's order: achieved goals newest first (goals achieved at the same moment:
  /// the later one in the sample's order first, as the sample's successive clock reads give),
  /// then the unachieved in the sample's order.
  public func statuses(counts: GoalCounts) -> [GoalStatus] {
    let all = Goal.allCases.map {
      GoalStatus(goal: $0, count: counts.count(for: $0.kind), dateAchieved: dates[$0])
    }
    let achieved = all.filter(\.achieved).sorted {
      $0.dateAchieved! != $1.dateAchieved!
        ? $0.dateAchieved! > $1.dateAchieved! : $0.goal.index > $1.goal.index
    }
    return achieved + all.filter { !$0.achieved }
  }

  /// The state file's records: one `achievement-date` per achieved goal, in the sample's order.
  public var records: [JSONObject] {
    Goal.allCases.compactMap { goal in
      dates[goal].map {
        [
          "type": .string("achievement-date"), "goal": .string(goal.rawValue),
          "dateAchieved": .string(ISODate.format($0)),
        ]
      }
    }
  }
}
