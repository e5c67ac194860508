import PipeProtocol
import PipeReading
import ToolSupport
import WishlistKit

/// `trips import [FILE...]`: trip records merged into the wishlist, all checked before any change.
enum Import {
  static let replace = Flag("replace", help: "make the wishlist exactly the trips read (restore a backup)")

  static let command = Command(
    name: "import", summary: "merge trip records into the wishlist (same id: replace; new id: add)",
    options: [replace, TripsOptions.store],
    arguments: .files,
    input: """
      trip records from each FILE, or stdin ('-' or none), as 'trips list' writes them.
      Records of other types are ignored (counted in the summary). Every trip is checked
      before the store changes: one bad record and nothing is imported.
      """,
    output: "nothing; a summary on stderr ('imported: N added, M replaced')",
    examples: """
      trips list > backup.jsonl
      ssh laptop trips list | trips import
      """,
    run: run)

  static func run(_ invocation: Invocation) throws -> Int32 {
    var incoming: [Trip] = []
    var lines: [String: String] = [:]
    var ignored = 0
    try Inputs.forEach(invocation.positionals, tool: invocation.tool) { reader in
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
    let replace = invocation[replace]
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
    var summary = "imported: \(Numbers.grouped(added)) added, \(Numbers.grouped(replaced)) replaced"
    if replace {
      summary += " (the wishlist now holds exactly these \(Numbers.count(incoming.count, "trip")))"
    }
    if ignored > 0 { summary += "; \(ignored) records of other types ignored" }
    Diagnostics.note(summary, tool: invocation.tool)
    return ExitStatus.ok
  }
}
