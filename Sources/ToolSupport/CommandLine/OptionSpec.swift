/// One command-line option.
public struct OptionSpec: Sendable, Equatable {
  /// The long name without dashes: `count` for `--count`.
  public var long: String
  /// The short name: `n` for `-n`.
  public var short: Character?
  /// The value placeholder (`N`, `FILE`); nil for a flag that takes no value.
  public var valueName: String?
  /// One line of help.
  public var help: String
  /// Whether it may be given more than once.
  public var repeatable: Bool
  /// The allowed values, when the set is closed (also used for completion).
  public var choices: [String]
  /// Whether the command cannot run without it.
  public var required: Bool
  /// Whether the option's own decoding takes spellings beyond `choices` (`jsonl` for `json`), so
  /// the parser leaves the check to it.
  public var decodesOtherSpellings = false
  /// Whether the value may be left out (`--store` alone, or `--store=FILE`): then only the `=`
  /// form gives one, as git's `--color[=WHEN]`, and the option alone stores an empty value.
  public var valueIsOptional = false
  /// The value taken when the option is absent, as help writes it (nil: none, or said in `help`).
  public var defaultValue: String?
  /// The values it accepts beyond its type, as help writes them (`1 to 240`, `at least 1`).
  public var bounds: String?
  /// The environment variable that stands for the option when it is not given (a store's
  /// `SAMPLEPIPES_ORDERS`): when it is set and not empty, the config file's value is passed over
  /// (the command line beats the environment, which beats the file).
  public var environment: String?
  /// Whether the config file may give it (false for what only the command line may ask: `--yes`,
  /// which destroys without asking).
  public var configurable = true

  /// An option.
  public init(
    long: String, short: Character? = nil, valueName: String? = nil, help: String, repeatable: Bool = false,
    choices: [String] = [], required: Bool = false
  ) {
    self.long = long
    self.short = short
    self.valueName = valueName
    self.help = help
    self.repeatable = repeatable
    self.choices = choices
    self.required = required
  }

  /// A flag (no value).
  public static func flag(_ long: String, short: Character? = nil, help: String) -> OptionSpec {
    OptionSpec(long: long, short: short, help: help)
  }

  /// Whether the option is a flag.
  public var isFlag: Bool { valueName == nil }

  /// `FILE`, or `[=FILE]` when the value may be left out: what help writes after the name.
  public var valueLabel: String? {
    guard let valueName else { return nil }
    return valueIsOptional ? "[=\(valueName)]" : " \(valueName)"
  }
}
