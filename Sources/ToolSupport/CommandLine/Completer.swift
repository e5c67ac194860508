/// One word a completion offers, with an optional description (zsh and fish show it beside the
/// word; bash shows the word alone).
public struct Candidate: Sendable, Equatable, ExpressibleByStringLiteral {
  /// The word, as it goes on the command line (unquoted: the shell quotes it).
  public var value: String
  /// A few words about it (`placed, 3 donuts`), or nil.
  public var description: String?

  /// A candidate word.
  public init(_ value: String, description: String? = nil) {
    self.value = value
    self.description = description
  }

  /// A candidate without description.
  public init(stringLiteral value: String) { self.init(value) }
}

/// What a completer is told: the command line so far, as the parser reads it. Completers read
/// options given on the line (`context.path(of: MenuStore.option)`) to find the store the command
/// would use.
public struct CompletionContext: Sendable {
  /// The words naming the command being completed: `["orders", "place"]`.
  public var command: [String]
  /// Every word after the tool's name before the one being completed.
  public var words: [String]
  /// The word being completed, as typed so far (for an option value, the value alone).
  public var current: String
  /// The positional arguments given before the current word.
  public var positionals: [String]
  /// When a positional argument is being completed, its name from the declaration (`TRIP` or
  /// `ACTIVITY` for `TRIP ACTIVITY`); nil for an option's value.
  public var argumentName: String?
  /// The words given for each option, by long name.
  var given: [String: [String]]

  /// A context; `given` holds the words given for each option, by long name.
  public init(
    command: [String], words: [String] = [], current: String, positionals: [String] = [],
    argumentName: String? = nil, given: [String: [String]] = [:]
  ) {
    self.command = command
    self.words = words
    self.current = current
    self.positionals = positionals
    self.argumentName = argumentName
    self.given = given
  }

  /// The last value given for `option` on the line, or nil.
  public func value(of option: any OptionKey) -> String? { given[option.spec.long]?.last }

  /// Every value given for `option` on the line, in order.
  public func values(of option: any OptionKey) -> [String] { given[option.spec.long] ?? [] }

  /// The value of an option that names a file, with a leading `~/` made the home folder (the
  /// shell expands it when the command runs, not while completing).
  public func path(of option: any OptionKey) -> String? {
    value(of: option).map(Self.expandingTilde)
  }

  /// `~` and `~/...` with the home folder; any other path as it is.
  public static func expandingTilde(_ path: String) -> String {
    guard path == "~" || path.hasPrefix("~/"), let home = Environment.get("HOME"), !home.isEmpty else {
      return path
    }
    return home + path.dropFirst()
  }
}

/// The hook that lets an option's value or a command's arguments complete from the user's data
/// (cities, donut names, order ids, trip names): a function of the line so far that returns the
/// candidates. It runs in `TOOL __complete`, so it must only read (never lock for long, never
/// create a file) and be quick; an error it throws means no candidates.
///
///     static let city = Option.string("city", name: "C", help: "...").completing(WeatherCompletion.cities)
///     arguments: Arguments(TripsOptions.trip).completing(TripsCompletion.names)
public struct Completer: Sendable {
  /// Whether file names also fit (the shell completes them beside the candidates).
  public var files: Bool
  let candidates: @Sendable (CompletionContext) throws -> [Candidate]

  /// A completer; `files` when file names fit too.
  public init(
    files: Bool = false, _ candidates: @escaping @Sendable (CompletionContext) throws -> [Candidate]
  ) {
    self.files = files
    self.candidates = candidates
  }

  /// A completer offering plain words.
  public static func words(_ words: @escaping @Sendable (CompletionContext) throws -> [String]) -> Completer {
    Completer { context in try words(context).map { Candidate($0) } }
  }

  /// A fixed list of words.
  public static func fixed(_ list: [String]) -> Completer { Completer { _ in list.map { Candidate($0) } } }

  /// The candidates for `context`; none when the completer fails.
  public func callAsFunction(_ context: CompletionContext) -> [Candidate] {
    (try? candidates(context)) ?? []
  }
}

extension Option {
  /// This option, completing its value with `completer` (beside its choices, when it has some).
  public func completing(_ completer: Completer) -> Option {
    var option = self
    option.completer = completer
    return option
  }

  /// This option, completing its value with the words `words` returns.
  public func completing(_ words: @escaping @Sendable (CompletionContext) throws -> [String]) -> Option {
    completing(.words(words))
  }
}

extension Arguments {
  /// These arguments, completed by `completer` (which reads `context.argumentName` when the
  /// arguments have several names).
  public func completing(_ completer: Completer) -> Arguments {
    var arguments = self
    arguments.completer = completer
    return arguments
  }
}
