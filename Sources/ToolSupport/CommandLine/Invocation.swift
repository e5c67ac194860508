/// A parsed command line: the command chosen, its option values (checked and typed) and its
/// positional arguments.
public struct Invocation: Sendable {
  /// The words naming the command run: `["orders", "next"]`.
  public var path: [String]
  /// The command chosen.
  public var command: Command
  /// Positional arguments.
  public var positionals: [String]
  /// The words given for each option, by long name, in the order given.
  var words: [String: [String]]
  /// The typed value of every option the command accepts, by long name.
  var values: [String: any Sendable]

  /// The tool's name.
  public var tool: String { path[0] }

  /// The value of an option the command declares (its default when absent).
  public subscript<Value>(option: Option<Value>) -> Value {
    guard let value = values[option.spec.long] else {
      preconditionFailure("--\(option.spec.long) is not an option of '\(path.joined(separator: " "))'")
    }
    return value as! Value
  }

  /// Whether a flag the command declares was given.
  public subscript(flag: Flag) -> Bool {
    guard let value = values[flag.spec.long] as? Bool else {
      preconditionFailure("--\(flag.spec.long) is not an option of '\(path.joined(separator: " "))'")
    }
    return value
  }

  /// Whether the option was given on the command line.
  public func isGiven(_ option: any OptionKey) -> Bool { words[option.spec.long] != nil }

  /// The value of a `--now` option, or the clock.
  public func now(_ option: Option<Int?>) -> Int { self[option] ?? Clock.nowSeconds() }
}
