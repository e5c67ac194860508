import PipeProtocol
import ToolSupport
import WishlistKit
import WishlistSite

/// `trips`: the Wishlist sample's model as a tool: trips in four seasonal collections, their
/// activities, search, and a safe store.
public enum Trips: LegacyCommand {
  static let storeOption = OptionSpec.value(
    "store", name: "FILE",
    help: "the wishlist store file (default: $SAMPLEPIPES_TRIPS, else see INPUT)")
  static let nowOption = OptionSpec.value(
    "now", name: "T", help: "the time of the change (ISO 8601; default: the clock), for reproducible runs")
  static let seedOption = OptionSpec.value(
    "seed", name: "N", help: "draw new ids from a generator seeded with N (default: random)")
  static let idOption = OptionSpec.value("id", name: "UUID", help: "give the new item exactly this id")

  static let tripOutput = "the trip as one trip record (see PROTOCOL.md)"

  /// The command-line specification.
  public static let spec = CommandSpec(
    name: "trips",
    summary: "the Wishlist: trips in four seasonal collections, their activities, search, a safe store",
    usage: [
      "trips list [--collection C]",
      "trips collections",
      "trips recent [-n N]",
      "trips show TRIP [--sort title|dateCreated|dateEdited|completed]",
      "trips search [TEXT...]",
      "trips add --name N [--collection C] [--photo P] [--subtitle S] [--id UUID] [--seed N] [--now T]",
      "trips activity add|rename|toggle|remove TRIP ACTIVITY...",
      "trips remove TRIP...",
      "trips import [--replace] [FILE...]",
      "trips site --out DIR",
    ],
    options: [storeOption],
    subcommands: [
      CommandSpec(
        name: "list", summary: "list the trips, collection by collection, each by name",
        usage: ["trips list [--collection C]"],
        options: [
          .value(
            "collection", short: "c", name: "C", help: "only this collection", choices: TripCollection.ids)
        ],
        output: "trip records: Spring Escapes, Summer Vibes, Fall Getaways, Winter Retreats, each by name",
        examples: [
          "trips list --collection summerVibes", "trips list | achievements", "trips list > backup.jsonl",
        ]),
      CommandSpec(
        name: "collections", summary: "list the four seasonal collections in display order",
        usage: ["trips collections"], output: "four collection records",
        examples: ["trips collections | pipe-check"]),
      CommandSpec(
        name: "recent", summary: "the most recently created trips, newest first",
        usage: ["trips recent [-n N]"],
        options: [
          .value("count", short: "n", name: "N", help: "how many (default 5, as the sample's carousel)")
        ],
        output: "trip records, newest first",
        examples: ["trips recent -n 3", "trips recent | pipe-check --type trip"]),
      CommandSpec(
        name: "show", summary: "one trip with its activities in a chosen order and its progress",
        usage: ["trips show TRIP [--sort title|dateCreated|dateEdited|completed]"],
        options: [
          .value(
            "sort", short: "s", name: "ORDER",
            help: "title (A-Z, default), dateCreated or dateEdited (newest first), completed (done first)",
            choices: ActivitySort.allCases.map(\.rawValue))
        ],
        positionalName: "TRIP", minPositionals: 1, maxPositionals: 1,
        output: tripOutput + ", activities in the chosen order",
        examples: [
          "trips show 'Japan Mystique' --sort completed", "trips show 'Japan Mystique' | pipe-check",
        ]),
      CommandSpec(
        name: "search", summary: "search trip and activity names, as the sample's Search tab",
        usage: ["trips search [TEXT...]"], positionalName: "TEXT", maxPositionals: nil,
        input: """
          TEXT: words joined by single spaces; matched against names only, ignoring case but not
          accents. No text: the three most recently created trips.
          """,
        output: """
          search-result records: the Trips section, then the Activities section, each sorted by
          name (or the Recently Created section for an empty search)
          """,
        exitStatus: ["1    no results (a note on stderr)"],
        examples: ["trips search hike", "trips search temple | pipe-check", "trips search"]),
      CommandSpec(
        name: "add", summary: "add a trip (no activities yet)",
        usage: [
          "trips add --name N [--collection C] [--photo P] [--subtitle S] [--id UUID] [--seed N] [--now T]"
        ],
        options: [
          .value("name", name: "N", help: "the title (required, not empty)"),
          .value(
            "collection", short: "c", name: "C",
            help: "the collection (default winterRetreats, as the sample)",
            choices: TripCollection.ids),
          .value("photo", name: "P", help: "a photo's name or path (kept as text)"),
          .value("subtitle", name: "S", help: "a subtitle"),
          idOption, seedOption, nowOption,
        ],
        output: tripOutput,
        exitStatus: ["1    the id is already used", "64   empty or missing --name"],
        examples: ["trips add --name 'Lisbon Trams' --collection springEscapes | pipe-check"]),
      CommandSpec(
        name: "activity", summary: "add, rename, toggle or remove a trip's activities",
        usage: ["trips activity add|rename|toggle|remove TRIP ACTIVITY..."],
        subcommands: [
          CommandSpec(
            name: "add", summary: "add activities to a trip",
            usage: ["trips activity add TRIP NAME... [--done] [--id UUID] [--seed N] [--now T]"],
            options: [.flag("done", help: "add them already done"), idOption, seedOption, nowOption],
            positionalName: "NAME", minPositionals: 2, maxPositionals: nil, output: tripOutput,
            examples: ["trips activity add 'Japan Mystique' 'Ride the Shinkansen' | pipe-check"]),
          CommandSpec(
            name: "rename", summary: "rename an activity",
            usage: ["trips activity rename TRIP ACTIVITY NEW-NAME [--now T]"], options: [nowOption],
            positionalName: "ARGUMENT", minPositionals: 3, maxPositionals: 3, output: tripOutput,
            examples: ["trips activity rename 'Mont Blanc Powder' 'Snowshoe hike' 'Snowshoe to the refuge'"]),
          CommandSpec(
            name: "toggle", summary: "mark activities done, or not done again",
            usage: ["trips activity toggle TRIP ACTIVITY... [--now T]"], options: [nowOption],
            positionalName: "ACTIVITY", minPositionals: 2, maxPositionals: nil, output: tripOutput,
            examples: [
              "trips activity toggle 'Maui Rainforest' 'Descend a waterfall' && trips list | achievements"
            ]),
          CommandSpec(
            name: "remove", summary: "remove activities from a trip",
            usage: ["trips activity remove TRIP ACTIVITY..."],
            positionalName: "ACTIVITY", minPositionals: 2, maxPositionals: nil, output: tripOutput,
            examples: ["trips activity remove 'Into the Green' 'Cliff jump!' | pipe-check"]),
        ]),
      CommandSpec(
        name: "remove", summary: "remove trips (the sample has no way to; users expect one)",
        usage: ["trips remove TRIP..."], positionalName: "TRIP", minPositionals: 1, maxPositionals: nil,
        output: "the removed trips as trip records (keep them to import them again)",
        examples: ["trips remove 'Desert Off-Road' > removed.jsonl", "trips import < removed.jsonl"]),
      CommandSpec(
        name: "import", summary: "merge trip records into the wishlist (same id: replace; new id: add)",
        usage: ["trips import [--replace] [FILE...]"],
        options: [.flag("replace", help: "make the wishlist exactly the trips read (restore a backup)")],
        positionalName: "FILE", maxPositionals: nil,
        input: """
          trip records from each FILE, or stdin ('-' or none), as 'trips list' writes them.
          Records of other types are ignored (counted in the summary). Every trip is checked
          before the store changes: one bad record and nothing is imported.
          """,
        output: "nothing; a summary on stderr ('imported: N added, M replaced')",
        examples: ["trips list > backup.jsonl", "ssh laptop trips list | trips import"]),
      WishlistSite.spec,
    ],
    input: """
      Nothing, except 'trips import'. The wishlist lives in a store file: --store FILE, else
      $SAMPLEPIPES_TRIPS, else $XDG_DATA_HOME/samplepipes/wishlist.jsonl (~/.local/share/...).
      It is created on first use with the sample's 12 trips, is itself a stream of trip records,
      is changed atomically under a lock, and is never overwritten when it does not parse.
      A TRIP or ACTIVITY is named by its id or by its whole name, ignoring case.
      """,
    output: """
      trip, collection or search-result records (PROTOCOL.md, 'Wishlist records'); nothing else
      on stdout. Records are compact JSON with sorted keys.
      """,
    exitStatus: [
      "1    unknown trip or activity (with a hint), id already used, no search results",
      "64   ambiguous name (the candidates are listed), empty name, missing command",
      "65   the store or the input is not valid (the line is named; nothing was changed)",
    ],
    examples: [
      "trips list | achievements --format text",
      "trips search hike",
      "trips activity toggle 'Surf Steamer Lane' 'Surf at Pleasure Point'",
      "trips list > backup.jsonl && trips import --replace < backup.jsonl",
    ])

  /// Runs the command.
  public static func run(_ invocation: LegacyInvocation) throws -> Int32 {
    let out = StandardOutput.shared
    switch invocation.path.dropFirst().first {
    case "list":
      let wishlist = try TripStore(invocation).load()
      let trips =
        invocation.string("collection").flatMap(TripCollection.init(rawValue:)).map { wishlist.trips(in: $0) }
        ?? wishlist.tripsByCollection
      for trip in trips { out.writeRecord(trip.record()) }
    case "collections":
      for collection in TripCollection.allCases { out.writeRecord(collection.record) }
    case "recent":
      let count = try invocation.int("count", default: 5, in: 0...Int.max)
      for trip in try TripStore(invocation).load().recentlyAdded(limit: count) {
        out.writeRecord(trip.record())
      }
    case "show":
      let wishlist = try TripStore(invocation).load()
      let trip = wishlist.trips[try Lookup.trip(invocation.positionals[0], in: wishlist.trips)]
      let order = ActivitySort(rawValue: invocation.choice("sort", default: "title")) ?? .title
      out.writeRecord(trip.record(activities: trip.activities(sortedBy: order)))
    case "search":
      return try search(invocation)
    case "add":
      out.writeRecord(try Edits.addTrip(invocation).record())
    case "activity":
      out.writeRecord(try Edits.activity(invocation).record())
    case "remove":
      for trip in try Edits.removeTrips(invocation) { out.writeRecord(trip.record()) }
    case "import":
      try Edits.importTrips(invocation)
    case "site":
      return try WishlistSite.run(invocation)
    default:
      throw ToolError.usage(
        "missing command",
        notes: ["commands: " + spec.subcommands.filter { !$0.hidden }.map(\.name).joined(separator: ", ")])
    }
    return ExitStatus.ok
  }

  static func search(_ invocation: LegacyInvocation) throws -> Int32 {
    let text = invocation.positionals.joined(separator: " ")
    let sections = try TripStore(invocation).load().search(text)
    guard !sections.isEmpty else {
      Diagnostics.note(
        "no results for \u{201C}\(text)\u{201D}; check spelling or try a new search", tool: spec.name)
      return ExitStatus.failure
    }
    for section in sections {
      for (rank, hit) in section.hits.enumerated() {
        var object: JSONObject = [
          "type": .string("search-result"), "query": .string(text), "section": .string(section.kind.rawValue),
          "sectionTitle": .string(section.kind.title), "rank": .int(rank + 1), "name": .string(hit.name),
          "trip": .string(hit.trip.id), "tripName": .string(hit.trip.name),
          "collection": .string(hit.trip.collection.rawValue),
        ]
        if let activity = hit.activity {
          object["activity"] = .string(activity.id)
          object["isComplete"] = .bool(activity.isComplete)
        } else {
          object["isComplete"] = .bool(hit.trip.isComplete)
        }
        object.sortKeys()
        StandardOutput.shared.writeRecord(object)
      }
    }
    return ExitStatus.ok
  }
}
