import PipeProtocol
import ToolSupport

/// `story-io`: not built yet (see its issue).
public enum StoryIO: Command {
  /// The command-line specification.
  public static let spec = CommandSpec(
    name: "story-io", summary: "not built yet", usage: ["story-io"], examples: ["story-io --help"])

  /// Runs the command.
  public static func run(_ invocation: Invocation) throws -> Int32 {
    throw ToolError("not built yet")
  }
}
