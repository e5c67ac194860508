import PipeProtocol
import ToolSupport
import WishlistKit

/// `trips collections`: the four seasonal collections in display order.
enum Collections {
  static let command = Command(
    name: "collections", summary: "list the four seasonal collections in display order",
    output: "four collection records",
    examples: ["trips collections | pipe-check"],
    run: run)

  static func run(_ invocation: Invocation) throws -> Int32 {
    for collection in TripCollection.allCases { StandardOutput.shared.writeRecord(collection.record) }
    return ExitStatus.ok
  }
}
