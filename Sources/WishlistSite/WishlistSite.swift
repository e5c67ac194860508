import PipeProtocol
import ToolSupport

/// The static web wishlist written by `trips site` (not built yet; see its issue).
public enum WishlistSite {
  /// The `trips site` subcommand's specification.
  public static let spec = CommandSpec(
    name: "site", summary: "not built yet", usage: ["trips site --out DIR"], hidden: true)

  /// Runs `trips site`.
  public static func run(_ invocation: Invocation) throws -> Int32 {
    throw ToolError("trips site is not built yet")
  }
}
