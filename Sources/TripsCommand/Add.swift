import PipeProtocol
import ToolSupport
import WishlistKit

/// `trips add --name N`: a new trip, with no activities yet.
enum Add {
  static let name = Option.required("name", name: "N", help: "the title (not empty)")
  static let collection = Option.choice(
    "collection", short: "c", name: "C", help: "the collection",
    default: TripCollection.defaultForNewTrips)
  static let photo = Option.string("photo", name: "P", help: "a photo's name or path (kept as text)")
  static let subtitle = Option.string("subtitle", name: "S", help: "a subtitle")

  static let command = Command(
    name: "add", summary: "add a trip (no activities yet)",
    options: [
      name, collection, photo, subtitle, TripsOptions.id, TripsOptions.seed, TripsOptions.now,
      TripsOptions.store,
    ],
    output: TripsOptions.tripOutput,
    exitStatus: ["1    the id is already used", "64   empty or missing --name"],
    examples: ["trips add --name 'Lisbon Trams' --collection springEscapes | pipe-check"],
    run: run)

  static func run(_ invocation: Invocation) throws -> Int32 {
    let name = invocation[name]
    guard !name.isEmpty else {
      throw ToolError.usage("--name is empty; a trip needs a title (the sample refuses to save one without)")
    }
    let now = invocation.now(TripsOptions.now)
    let subtitle = invocation[subtitle].flatMap { $0.isEmpty ? nil : $0 }
    let explicitID = invocation[TripsOptions.id]
    var ids = IDSource(seed: invocation[TripsOptions.seed])
    let trip = try TripStore(invocation).update { wishlist in
      let used = Set(wishlist.trips.map { $0.id.lowercased() })
      if let explicitID, used.contains(explicitID.lowercased()) {
        throw ToolError(
          "a trip with id \(explicitID) already exists", notes: ["leave out --id to get a new one"])
      }
      if wishlist.trips.contains(where: { $0.name.lowercased() == name.lowercased() }) {
        Diagnostics.warn(
          "another trip is also named '\(name)'; name them by id from now on", tool: invocation.tool)
      }
      let trip = Trip(
        id: explicitID ?? ids.fresh(avoiding: used), name: name, collection: invocation[collection],
        photo: invocation[photo], creationDate: now, subtitle: subtitle)
      wishlist.trips.append(trip)
      return (trip, true)
    }
    StandardOutput.shared.writeRecord(trip.record())
    return ExitStatus.ok
  }
}
