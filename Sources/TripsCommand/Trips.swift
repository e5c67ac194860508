import PipeProtocol
import ToolSupport
import WishlistKit

/// `trips`: the Wishlist sample's model as a tool: trips in four seasonal collections, their
/// activities, search, and a safe store.
public enum Trips: Tool {
  /// The command: its subcommands do the work. `--store` may come before a subcommand that takes it.
  public static let command = Command(
    name: "trips",
    summary: "the Wishlist: trips in four seasonal collections, their activities, search, a safe store",
    options: [TripsOptions.store],
    subcommands: [
      List.command, Collections.command, Recent.command, Show.command, Search.command, Add.command,
      Activities.command, Remove.command, Import.command, Site.command,
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
    examples: """
      trips list | achievements --format text
      trips search hike
      trips activity toggle 'Surf Steamer Lane' 'Surf at Pleasure Point'
      trips list > backup.jsonl && trips import --replace < backup.jsonl
      """,
    settings: { configured in
      // The store a plugin finds, by the commands' own rule.
      let variable = WishlistKit.storeEnvironmentVariable
      let given = Environment.get(variable).map { $0.isEmpty } ?? true ? configured("store") : nil
      return [(variable, TripStore.locate(given).path), ("TZ", LocalTime.forPeople().name)]
    })
}
