/// An error reading input: where, and what went wrong.
public struct InputError: Error, Sendable, Equatable {
  /// What kind of problem this is.
  public enum Kind: Sendable, Equatable {
    /// The data is not valid (exit 65).
    case badData
    /// The input could not be read (exit 74).
    case io
  }
  /// The kind of problem.
  public var kind: Kind
  /// The input's name: `stdin` or a path.
  public var source: String
  /// The one-based line number, or 0 when no line applies.
  public var line: Int
  /// The one-based column (in characters), or 0 when none applies.
  public var column: Int
  /// What is wrong.
  public var message: String

  /// An error with its place.
  public init(_ kind: Kind = .badData, source: String, line: Int, column: Int = 0, message: String) {
    self.kind = kind
    self.source = source
    self.line = line
    self.column = column
    self.message = message
  }

  /// `stdin line 3, column 17: expected ',' or '}' in object`.
  public var description: String {
    var place = source
    if line > 0 { place += " line \(line)" }
    if column > 0 { place += ", column \(column)" }
    return "\(place): \(message)"
  }
}
