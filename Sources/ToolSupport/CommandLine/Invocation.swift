/// A parsed command line: the command chosen, its option values and its positional arguments,
/// checked and typed.
public struct Invocation: Sendable {
  /// The words naming the command run: `["orders", "next"]`.
  public var path: [String]
  /// The command chosen.
  public var command: Command
  /// Every positional argument, as given, in order (a `.files` command's files); read a declared
  /// `Argument` with `invocation[argument]`.
  public var positionals: [String]
  /// The words given for each option, by long name, in the order given.
  var words: [String: [String]]
  /// The typed value of every option the command accepts, by long name.
  var values: [String: any Sendable]
  /// The typed value of every positional argument the command declares, by name.
  var arguments: [String: any Sendable] = [:]
  /// Where the options the config file gave come from (`--city from config '/p' (line 3)`), for
  /// a usage error's notes.
  public internal(set) var configured: [String] = []

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

  /// The value of a positional argument the command declares (for an optional one left out, nil;
  /// for a run of them, every word in order).
  public subscript<Value>(argument: Argument<Value>) -> Value {
    guard let value = arguments[argument.name] else {
      preconditionFailure("\(argument.name) is not an argument of '\(path.joined(separator: " "))'")
    }
    return value as! Value
  }

  /// Whether the option was given on the command line.
  public func isGiven(_ option: any OptionKey) -> Bool { words[option.spec.long] != nil }

  /// The moment a `--now` option names (a local time in `zone`, by default the zone of "Times for
  /// people": `TZ`, else the truck city's), or the clock when it is absent.
  public func now(
    _ option: Option<WrittenTime?>, in zone: @autoclosure () -> LocalTime.Zone = LocalTime.forPeople()
  ) -> Int {
    time(option, in: zone()) ?? Clock.nowSeconds()
  }

  /// The moment a date option names (a local time in `zone`, by default the zone of "Times for
  /// people"); nil when it is absent.
  public func time(
    _ option: Option<WrittenTime?>, in zone: @autoclosure () -> LocalTime.Zone = LocalTime.forPeople()
  ) -> Int? {
    guard let written = self[option] else { return nil }
    switch written {
    // Read the zone only for the forms that need it: a TZ naming no zone is warned about once it is.
    case .instant, .secondsAgo: return written.seconds(in: .utc, clock: Clock.nowSeconds())
    case .local, .daysAgo: return written.seconds(in: zone(), clock: Clock.nowSeconds())
    }
  }
}
