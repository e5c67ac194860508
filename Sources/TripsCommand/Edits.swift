import PipeProtocol
import ToolSupport
import WishlistKit

/// The commands that change the wishlist, each one locked, atomic update of the store.
enum Edits {
  /// `trips add`: a new trip with no activities.
  static func addTrip(_ invocation: LegacyInvocation) throws -> Trip {
    guard let name = invocation.string("name") else {
      throw ToolError.usage("missing --name", notes: ["usage: trips add --name N [--collection C]"])
    }
    guard !name.isEmpty else {
      throw ToolError.usage("--name is empty; a trip needs a title (the sample refuses to save one without)")
    }
    let now = try invocation.now()
    let collection =
      invocation.string("collection").flatMap(TripCollection.init(rawValue:)) ?? .defaultForNewTrips
    let subtitle = invocation.string("subtitle").flatMap { $0.isEmpty ? nil : $0 }
    let explicitID = try requestedID(invocation)
    var ids = try IDSource(invocation)
    return try TripStore(invocation).update { wishlist in
      let used = Set(wishlist.trips.map { $0.id.lowercased() })
      if let explicitID, used.contains(explicitID.lowercased()) {
        throw ToolError(
          "a trip with id \(explicitID) already exists", notes: ["leave out --id to get a new one"])
      }
      if wishlist.trips.contains(where: { $0.name.lowercased() == name.lowercased() }) {
        Diagnostics.warn(
          "another trip is also named '\(name)'; name them by id from now on", tool: Trips.spec.name)
      }
      let trip = Trip(
        id: explicitID ?? ids.fresh(avoiding: used), name: name, collection: collection,
        photo: invocation.string("photo"), creationDate: now, subtitle: subtitle)
      wishlist.trips.append(trip)
      return (trip, true)
    }
  }

  /// `trips activity add|rename|toggle|remove`: changes one trip's activities.
  static func activity(_ invocation: LegacyInvocation) throws -> Trip {
    guard let action = invocation.path.dropFirst(2).first else {
      throw ToolError.usage(
        "missing activity command",
        notes: ["commands: add, rename, toggle, remove", "usage: trips activity add TRIP NAME..."])
    }
    let arguments = Array(invocation.positionals.dropFirst())
    let now = try invocation.date("now") ?? Clock.nowSeconds()
    if action == "add" || action == "rename" {
      for name in action == "add" ? arguments : [arguments[1]] where name.isEmpty {
        throw ToolError.usage(
          "an activity name is empty; activities need a name (the sample drops empty ones)")
      }
    }
    let explicitID = action == "add" ? try requestedID(invocation) : nil
    if explicitID != nil, arguments.count > 1 {
      throw ToolError.usage(
        "--id gives one id, but \(arguments.count) activities are added; add them one by one")
    }
    var ids = try IDSource(invocation)
    return try TripStore(invocation).update { wishlist in
      let tripIndex = try Lookup.trip(invocation.positionals[0], in: wishlist.trips)
      var trip = wishlist.trips[tripIndex]
      switch action {
      case "add":
        let used = Set(wishlist.trips.flatMap { $0.activities.map { $0.id.lowercased() } })
        if let explicitID, used.contains(explicitID.lowercased()) {
          throw ToolError(
            "an activity with id \(explicitID) already exists", notes: ["leave out --id to get a new one"])
        }
        var taken = used
        for name in arguments {
          let id = explicitID ?? ids.fresh(avoiding: taken)
          taken.insert(id)
          trip.activities.append(
            Activity(id: id, name: name, isComplete: invocation.flag("done"), dateCreated: now))
        }
      case "rename":
        let index = try Lookup.activity(arguments[0], in: trip)
        trip.activities[index].rename(arguments[1], now: now)
      default:
        var indices: [Int] = []
        for text in arguments {
          let index = try Lookup.activity(text, in: trip)
          guard !indices.contains(index) else {
            throw ToolError.usage(
              "'\(text)' names an activity already named on this command line; name each once")
          }
          indices.append(index)
        }
        if action == "toggle" {
          for index in indices { trip.activities[index].toggle(now: now) }
        } else {
          trip.activities = trip.activities.enumerated().filter { !indices.contains($0.offset) }.map(
            \.element)
        }
      }
      wishlist.trips[tripIndex] = trip
      return (trip, true)
    }
  }

  /// `trips remove`: removes trips and returns them.
  static func removeTrips(_ invocation: LegacyInvocation) throws -> [Trip] {
    try TripStore(invocation).update { wishlist in
      var indices: [Int] = []
      for text in invocation.positionals {
        let index = try Lookup.trip(text, in: wishlist.trips)
        guard !indices.contains(index) else {
          throw ToolError.usage("'\(text)' names a trip already named on this command line; name each once")
        }
        indices.append(index)
      }
      let removed = indices.map { wishlist.trips[$0] }
      wishlist.trips = wishlist.trips.enumerated().filter { !indices.contains($0.offset) }.map(\.element)
      return (removed, true)
    }
  }

  /// `trips import`: reads and checks every trip first, then merges them in one update.
  static func importTrips(_ invocation: LegacyInvocation) throws {
    var incoming: [Trip] = []
    var lines: [String: String] = [:]
    var ignored = 0
    try Inputs.forEach(invocation.positionals, tool: Trips.spec.name) { reader in
      while let record = try reader.next() {
        guard record.type == "trip" else {
          ignored += 1
          continue
        }
        let trip = try Trip(record: record)
        if let first = lines[trip.id.lowercased()] {
          throw record.error("trip id \(trip.id) was already read (\(first)); nothing was imported")
        }
        lines[trip.id.lowercased()] = "\(record.source) line \(record.line)"
        incoming.append(trip)
      }
    }
    let replace = invocation.flag("replace")
    if replace, incoming.isEmpty {
      throw ToolError(
        "no trip records were read; --replace would empty the wishlist, so nothing was changed",
        notes: ["to remove trips, use: trips remove TRIP..."])
    }
    let (added, replaced) = try TripStore(invocation).update { wishlist -> ((Int, Int), Bool) in
      if replace {
        let before = Set(wishlist.trips.map { $0.id.lowercased() })
        wishlist.trips = incoming
        let kept = incoming.filter { before.contains($0.id.lowercased()) }.count
        return ((incoming.count - kept, kept), true)
      }
      var added = 0
      var replaced = 0
      for trip in incoming {
        if let index = wishlist.trips.firstIndex(where: { $0.id.lowercased() == trip.id.lowercased() }) {
          wishlist.trips[index] = trip
          replaced += 1
        } else {
          wishlist.trips.append(trip)
          added += 1
        }
      }
      return ((added, replaced), !incoming.isEmpty)
    }
    var summary = "imported: \(added) added, \(replaced) replaced"
    if replace { summary += " (the wishlist now holds exactly these \(incoming.count) trips)" }
    if ignored > 0 { summary += "; \(ignored) records of other types ignored" }
    Diagnostics.note(summary, tool: Trips.spec.name)
  }

  /// The `--id` option, checked.
  static func requestedID(_ invocation: LegacyInvocation) throws(ToolError) -> String? {
    guard let id = invocation.string("id") else { return nil }
    guard Identifiers.isUUID(id) else {
      throw ToolError.usage("--id takes a UUID such as 0f8fad5b-d9cb-469f-a165-70867728950e, not '\(id)'")
    }
    return id
  }
}

/// Where new ids come from: the system's random source, or a generator seeded by `--seed`.
struct IDSource: RandomNumberGenerator {
  var seeded: SeededGenerator?
  var system = SystemRandomNumberGenerator()

  init(_ invocation: LegacyInvocation) throws(ToolError) {
    if let text = invocation.string("seed") {
      guard let seed = UInt64(text) else {
        throw ToolError.usage("--seed takes a whole number from 0 to \(UInt64.max), not '\(text)'")
      }
      seeded = SeededGenerator(seed: seed)
    }
  }

  mutating func next() -> UInt64 { seeded != nil ? seeded!.next() : system.next() }

  /// A random version-4 UUID not in `used` (lower-cased ids).
  mutating func fresh(avoiding used: Set<String>) -> String {
    while true {
      let id = Identifiers.random(using: &self)
      if !used.contains(id) { return id }
    }
  }
}
