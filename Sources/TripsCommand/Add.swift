import PipeProtocol
import PipeReading
import ToolSupport
import WishlistKit

/// `trips add NAME`: a new trip, with no activities yet.
enum Add {
  static let name = Option.string(
    "name", name: "N", help: "the title, as NAME gives it (another spelling, kept for scripts)")
  static let collection = TripsOptions.collection(
    help: "the collection (its id or its name; default \(TripCollection.defaultForNewTrips.rawValue))",
    default: TripCollection.defaultForNewTrips
  ) { $0 }
  static let photo = Option.string("photo", name: "P", help: "a photo's name or path (kept as text)")
  static let subtitle = Option.string("subtitle", name: "S", help: "a subtitle")
  static let nameArgument = Argument.optional("NAME")

  static let command = Command(
    name: "add", summary: "add a trip (no activities yet)",
    options: [
      name, collection, photo, subtitle, TripsOptions.id, TripsOptions.seed, TripsOptions.now,
      TripsOptions.store,
    ],
    arguments: Arguments(nameArgument),
    input: "NAME: the new trip's title (not empty); --name NAME says the same.",
    output: TripsOptions.tripOutput,
    exitStatus: [
      "1    the id is already used", "64   an empty or missing NAME, or NAME and --name that differ",
    ],
    examples: """
      trips add 'Lisbon Trams' --collection springEscapes | pipe-check
      """,
    conflicts: [
      .described("`NAME` and `--name` name the same title when both are given; one of them is given")
    ],
    run: run)

  static func run(_ invocation: Invocation) throws -> Int32 {
    let name = try title(positional: invocation[nameArgument], option: invocation[name])
    guard !name.isEmpty else {
      throw ToolError.usage(
        "\(invocation[nameArgument] == nil ? "--name" : "NAME") is empty; a trip needs a title (the sample refuses to save one without)"
      )
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

  /// The title from NAME or `--name` (the same, when both are given).
  static func title(positional: String?, option: String?) throws(ToolError) -> String {
    switch (positional, option) {
    case (let given?, let spelled?) where given != spelled:
      throw .usage(
        "NAME '\(given)' and --name '\(spelled)' differ; give the title once",
        notes: ["for example: trips add \(Lookup.quoted(given))"])
    case (let given?, _): return given
    case (nil, let spelled?): return spelled
    case (nil, nil):
      throw .usage("missing NAME: the new trip's title", notes: ["for example: trips add 'Lisbon Trams'"])
    }
  }
}
