import PipeProtocol
import ToolSupport

/// `trips`: not built yet (see its issue).
public enum Trips: Command {
  /// The command-line specification.
  public static let spec = CommandSpec(
    name: "trips", summary: "not built yet", usage: ["trips"], examples: ["trips --help"])

  /// Runs the command.
  public static func run(_ invocation: Invocation) throws -> Int32 {
    throw ToolError("not built yet")
  }
}
