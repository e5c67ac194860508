import PipeProtocol
import ToolSupport
import WishlistKit

/// What `trips` completes from its data: trip names and, after a trip, its activities' names,
/// from the store the line names (`--store`, else `$SAMPLEPIPES_TRIPS`, else the default place),
/// read as it is, without a lock, and never created.
enum TripsCompletion {
  /// The arguments named TRIP complete to trip names, those named ACTIVITY to the names of the
  /// activities of the trip given first (other names, such as a new name, to nothing). A name
  /// already on the line is not offered again.
  static let names = Completer { context in
    let trips = wishlist(context)?.trips ?? []
    switch context.argumentName {
    case "TRIP":
      return trips.filter { !given($0.name, context) }.map {
        Candidate(
          $0.name,
          description: "\($0.collection.name), "
            + Numbers.count($0.activities.count, "activity", plural: "activities"))
      }
    case "ACTIVITY":
      guard let name = context.positionals.first, let index = try? Lookup.trip(name, in: trips) else {
        return []
      }
      return trips[index].activities.filter { !given($0.name, context, from: 1) }.map {
        Candidate($0.name, description: $0.isComplete ? "done" : "not done")
      }
    default:
      return []
    }
  }

  /// The wishlist of the store the line names; the sample's trips when the store does not exist
  /// yet (it is created with them on first use); nil when it does not read.
  static func wishlist(_ context: CompletionContext) -> Wishlist? {
    // As TripStore locates it.
    let store = RecordStore.locate(
      context.path(of: TripsOptions.store), file: WishlistKit.storeFile,
      environmentVariable: WishlistKit.storeEnvironmentVariable)
    return try? Wishlist(records: store.exists ? store.peek() : SampleData.records)
  }

  /// Whether `name` is among the positional arguments from `from` on, ignoring case.
  static func given(_ name: String, _ context: CompletionContext, from: Int = 0) -> Bool {
    context.positionals.dropFirst(from).contains { $0.lowercased() == name.lowercased() }
  }
}
