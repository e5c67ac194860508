import PipeProtocol
import PipeReading

/// Messages on stderr in the shape `tool: error: what, where, what to do`, one line each, with
/// text from data made terminal-safe (`TerminalText`).
public enum Diagnostics {
  /// Prints an error and returns its exit status.
  public static func report(_ error: any Error, tool: String) -> Int32 {
    let toolError: ToolError
    switch error {
    case let e as ToolError: toolError = e
    case let e as InputError: toolError = e.toolError
    case let e as OpenError: toolError = e.toolError
    default: toolError = ToolError("\(error)")
    }
    StandardOutput.shared.flush()
    ReadProgress.clearForMessage()
    let style = Terminal.Style(enabled: Terminal.colorEnabled(fd: 2))
    var text = "\(tool): \(style.red("error")): \(TerminalText.safe(toolError.message))\n"
    for note in toolError.notes { text += "\(tool): \(TerminalText.safe(note))\n" }
    StandardOutput.error.write(text)
    StandardOutput.error.flush()
    return toolError.code
  }

  /// Prints a warning (the tool goes on).
  public static func warn(_ message: String, tool: String) {
    ReadProgress.clearForMessage()
    let style = Terminal.Style(enabled: Terminal.colorEnabled(fd: 2))
    StandardOutput.error.write("\(tool): \(style.apply("33", "warning")): \(TerminalText.safe(message))\n")
    StandardOutput.error.flush()
  }

  /// Prints a plain note on stderr.
  public static func note(_ message: String, tool: String) {
    ReadProgress.clearForMessage()
    StandardOutput.error.write("\(tool): \(TerminalText.safe(message))\n")
    StandardOutput.error.flush()
  }
}
