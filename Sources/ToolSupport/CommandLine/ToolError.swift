import PipeProtocol
import PipeReading

/// An error that ends the tool with a message on stderr and an exit status.
public struct ToolError: Error, Sendable {
  /// The message, after `tool: error: `.
  public var message: String
  /// The exit status.
  public var code: Int32
  /// Further lines printed after the message (hints, candidates).
  public var notes: [String]

  /// An error with a message and an exit status (default 1).
  public init(_ message: String, code: Int32 = ExitStatus.failure, notes: [String] = []) {
    self.message = message
    self.code = code
    self.notes = notes
  }

  /// A usage error (exit 64).
  public static func usage(_ message: String, notes: [String] = []) -> ToolError {
    ToolError(message, code: ExitStatus.usage, notes: notes)
  }

  /// A bad-data error (exit 65).
  public static func data(_ message: String, notes: [String] = []) -> ToolError {
    ToolError(message, code: ExitStatus.dataError, notes: notes)
  }

  /// An I/O error (exit 74).
  public static func io(_ message: String) -> ToolError { ToolError(message, code: ExitStatus.ioError) }
}

extension InputError {
  /// The tool error this input error becomes: exit 65 for bad data, 74 for I/O.
  public var toolError: ToolError {
    ToolError(description, code: kind == .io ? ExitStatus.ioError : ExitStatus.dataError)
  }
}

extension OpenError {
  /// The tool error this open error becomes (exit 66).
  public var toolError: ToolError { ToolError(description, code: ExitStatus.noInput) }
}
