import PipeProtocol
import ToolSupport

/// `weather`: not built yet (see its issue).
public enum Weather: Command {
  /// The command-line specification.
  public static let spec = CommandSpec(
    name: "weather", summary: "not built yet", usage: ["weather"], examples: ["weather --help"])

  /// Runs the command.
  public static func run(_ invocation: Invocation) throws -> Int32 {
    throw ToolError("not built yet")
  }
}
