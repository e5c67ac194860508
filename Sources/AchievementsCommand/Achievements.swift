import PipeProtocol
import ToolSupport

/// `achievements`: not built yet (see its issue).
public enum Achievements: Command {
  /// The command-line specification.
  public static let spec = CommandSpec(
    name: "achievements", summary: "not built yet", usage: ["achievements"], examples: ["achievements --help"]
  )

  /// Runs the command.
  public static func run(_ invocation: Invocation) throws -> Int32 {
    throw ToolError("not built yet")
  }
}
