import Glibc
import PipeProtocol
import PipeReading
import ToolSupport
import WishlistKit

/// Where `trips site --out` reads its trips: the store when `--store` is given, or when there are
/// no FILEs and stdin is a terminal (so `trips site --out site` typed at a prompt publishes the
/// wishlist, as `trips list` would list it); otherwise the FILEs, or stdin. `$SAMPLEPIPES_TRIPS`
/// only says which store that is: a pipe into `trips site` is read even when it is set.
enum SiteInput {
  /// Whether the run reads the store rather than FILEs or stdin.
  static func readsStore(_ invocation: Invocation) -> Bool {
    if invocation[TripsOptions.store] != nil { return true }
    return invocation.positionals.isEmpty && Inputs.standardInput == nil && Terminal.isTTY(0)
  }

  /// The model read from the store or the input, each record checked.
  static func read(_ invocation: Invocation) throws -> SiteReader {
    var reader = SiteReader()
    if invocation[TripsOptions.store] != nil, let extra = invocation.positionals.first {
      throw ToolError.usage(
        "--store reads the trips from the store, so FILE arguments are not read: unexpected argument '\(extra)'",
        notes: ["to add achievements: { trips list; trips list | achievements; } | trips site --out DIR"])
    }
    guard readsStore(invocation) else {
      try Inputs.forEach(invocation.positionals, tool: invocation.tool) { records in
        while let record = try records.next() { try reader.add(record) }
      }
      return reader
    }
    for record in try storeRecords(TripStore(invocation)) { try reader.add(record) }
    return reader
  }

  /// The store's trips as `trips list` writes them (collection by collection, each by name), each
  /// named by its line in the store. The site never creates a store: a missing one is exit 66.
  static func storeRecords(_ store: TripStore) throws -> [Record] {
    let path = store.store.path
    guard store.store.exists else {
      throw ToolError(
        "cannot open the wishlist store '\(path)': \(Files.describe(ENOENT)); nothing was written",
        code: ExitStatus.noInput,
        notes: [
          "'trips list' creates it with the sample's 12 trips; or pipe trip records in: trips list | trips site --out DIR"
        ])
    }
    let records = try store.store.load()
    let wishlist = try TripStore.decode(records, path: path)
    var lines: [String: Int] = [:]
    for (trip, record) in zip(wishlist.trips, records) { lines[trip.id] = record.line }
    return wishlist.tripsByCollection.map {
      Record(object: $0.record(), source: "store '\(path)'", line: lines[$0.id] ?? 0)
    }
  }
}
