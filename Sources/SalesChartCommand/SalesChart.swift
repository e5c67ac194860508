import PipeProtocol
import ToolSupport

/// `sales-chart`: not built yet (see its issue).
public enum SalesChart: Command {
  /// The command-line specification.
  public static let spec = CommandSpec(
    name: "sales-chart", summary: "not built yet", usage: ["sales-chart"], examples: ["sales-chart --help"])

  /// Runs the command.
  public static func run(_ invocation: Invocation) throws -> Int32 {
    throw ToolError("not built yet")
  }
}
