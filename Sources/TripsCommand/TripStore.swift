import PipeProtocol
import ToolSupport
import WishlistKit

/// The wishlist store: a JSON-lines file of `trip` records (itself a valid stream), created with
/// the sample trips on first use, updated under a lock by atomic replacement.
struct TripStore {
  let store: RecordStore

  /// The store named by `--store`, `$SAMPLEPIPES_TRIPS`, or the default location.
  init(_ invocation: Invocation) {
    store = Self.locate(invocation[TripsOptions.store])
  }

  /// The store named by `given` (`--store`), else `$SAMPLEPIPES_TRIPS`, else the default location.
  static func locate(_ given: String?) -> RecordStore {
    RecordStore.locate(
      given, file: WishlistKit.storeFile, environmentVariable: WishlistKit.storeEnvironmentVariable)
  }

  /// The wishlist, creating the store with the sample trips when it does not exist yet.
  func load() throws -> Wishlist {
    try store.createIfMissing { SampleData.records }
    return try Self.decode(try store.load(), path: store.path)
  }

  /// Under the lock: loads the wishlist, lets `body` change it, and writes it back when `body`
  /// says it changed. Nothing is written when `body` throws.
  func update<T>(_ body: (inout Wishlist) throws -> (result: T, changed: Bool)) throws -> T {
    try store.update(seed: { SampleData.records }) { records in
      var wishlist = try Self.decode(records, path: store.path)
      let outcome = try body(&wishlist)
      if outcome.changed { records = wishlist.trips.map { Record(object: $0.record()) } }
      return outcome
    }
  }

  /// The trips of a store's records; any other record, a bad trip or a repeated id is an error
  /// naming the line (exit 65), and the store is left as it is.
  static func decode(_ records: [Record], path: String) throws(ToolError) -> Wishlist {
    do {
      return try Wishlist(records: records)
    } catch {
      throw ToolError.data(
        "\(error.description); the store was left unchanged",
        notes: ["repair that line of '\(path)' (it is plain JSON lines), then run the command again"])
    }
  }
}
