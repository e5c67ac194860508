import PipeProtocol
import ToolSupport

/// `orders`: not built yet (see its issue).
public enum Orders: Command {
  /// The command-line specification.
  public static let spec = CommandSpec(
    name: "orders", summary: "not built yet", usage: ["orders"], examples: ["orders --help"])

  /// Runs the command.
  public static func run(_ invocation: Invocation) throws -> Int32 {
    throw ToolError("not built yet")
  }
}
