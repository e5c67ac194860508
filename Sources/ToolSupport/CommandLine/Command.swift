/// A command, declared once: a tool or one of its subcommands, with its typed options, its
/// arguments, its help sections and its run. The parser, `--help`, the manual page and the shell
/// completions all read this one value.
public struct Command: Sendable {
  /// The word that names it (`orders`, or `next` for `orders next`).
  public var name: String
  /// A one-line summary.
  public var summary: String
  /// The options it accepts.
  public var options: [any OptionKey]
  /// Options it passes on to every subcommand below it: each of them accepts and lists these too.
  public var sharedOptions: [any OptionKey]
  /// Its positional arguments.
  public var arguments: Arguments
  /// Its subcommands.
  public var subcommands: [Command]
  /// What it reads (empty: as its parent says).
  public var input: String
  /// What it writes (empty: as its parent says).
  public var output: String
  /// Extra exit statuses beyond the standard ones, as `code  meaning` lines.
  public var exitStatus: [String]
  /// Example command lines, at least one with a pipe.
  public var examples: [String]
  /// Hidden commands are parsed but not listed.
  public var hidden: Bool
  /// Rules between its options (exit 64 when broken), enforced by the parser.
  public var conflicts: [Conflict]
  /// How its arguments and options that name things find them.
  public var lookups: [LookupRule]
  /// Runs the parsed invocation and returns the exit status; nil for a tool that only holds
  /// subcommands.
  public var run: (@Sendable (Invocation) throws -> Int32)?
  /// The settings the tool resolves, as environment variables for its plugins (PROTOCOL.md,
  /// "Plugins"): its stores' paths, by the same rule as its commands find them. The function is
  /// given the config file's value of an option for the tool (nil when it has none). Only the
  /// tool's own (root) command's is used.
  public var settings: (@Sendable (_ configured: (String) -> String?) -> [(name: String, value: String)])?

  /// A command. `examples` is a block of shell lines, one example a line, written as a user
  /// types them (a multi-line literal, so quotes need no escaping).
  public init(
    name: String, summary: String, options: [any OptionKey] = [], sharedOptions: [any OptionKey] = [],
    arguments: Arguments = .none, subcommands: [Command] = [], input: String = "", output: String = "",
    exitStatus: [String] = [], examples: String = "", hidden: Bool = false, conflicts: [Conflict] = [],
    lookups: [LookupRule] = [], run: (@Sendable (Invocation) throws -> Int32)? = nil,
    settings: (@Sendable (_ configured: (String) -> String?) -> [(name: String, value: String)])? = nil
  ) {
    self.name = name
    self.summary = summary
    self.options = options
    self.sharedOptions = sharedOptions
    self.arguments = arguments
    self.subcommands = subcommands
    self.input = input
    self.output = output
    self.exitStatus = exitStatus
    self.examples = examples.split(separator: "\n").map(String.init)
    self.hidden = hidden
    self.conflicts = conflicts
    self.lookups = lookups
    self.run = run
    self.settings = settings
  }

  /// The options accepted with `inherited` from the commands above: its own, then its shared
  /// ones, then the inherited ones it does not redeclare.
  func accepted(inherited: [any OptionKey]) -> [any OptionKey] {
    var result: [any OptionKey] = []
    for option in options + sharedOptions + inherited
    where !result.contains(where: { $0.spec.long == option.spec.long }) {
      result.append(option)
    }
    return result
  }

  /// The options its subcommands inherit: `inherited` and its shared options.
  func passedDown(_ inherited: [any OptionKey]) -> [any OptionKey] {
    inherited + sharedOptions.filter { o in !inherited.contains { $0.spec.long == o.spec.long } }
  }

  /// What help, manual pages and completions show, with generated usage lines.
  public var spec: CommandSpec { spec(path: [name], inherited: []) }

  func spec(path: [String], inherited: [any OptionKey]) -> CommandSpec {
    let accepted = accepted(inherited: inherited)
    let passed = passedDown(inherited)
    return CommandSpec(
      name: name, summary: summary,
      usage: Usage.lines(path: path, command: self, options: accepted.map(\.spec)),
      options: accepted.map(\.spec),
      subcommands: subcommands.map { $0.spec(path: path + [$0.name], inherited: passed) },
      positionalName: arguments.name, minPositionals: arguments.min, maxPositionals: arguments.max,
      input: input, output: output, exitStatus: exitStatus, examples: examples, hidden: hidden,
      arguments: arguments.keys.map { ArgumentSpec(name: $0.name, min: $0.min, max: $0.max) },
      conflicts: conflicts, lookups: lookups, runs: run != nil)
  }
}

/// Usage lines generated from a declaration.
enum Usage {
  /// The widest a usage line grows before it wraps.
  static let width = 100

  /// `tool sub [--opt V] [--flag] FILE...`, wrapped under the command's words; a command that
  /// holds subcommands also gets `tool COMMAND [OPTION...]`.
  static func lines(path: [String], command: Command, options: [OptionSpec]) -> [String] {
    let head = path.joined(separator: " ")
    var lines: [String] = []
    if command.run != nil || command.subcommands.isEmpty {
      var words = options.map(word)
      if let name = command.arguments.name {
        let named = name.split(separator: " ").count
        let many = command.arguments.max.map { $0 > named } ?? true
        let base = name + (many ? "..." : "")
        words.append(command.arguments.min > 0 ? base : "[\(base)]")
      }
      lines += wrap(head, words)
    }
    if !command.subcommands.isEmpty { lines.append("\(head) COMMAND [OPTION...]") }
    return lines
  }

  /// `[--format text|svg]`, `--name N`, `[--all]`.
  static func word(_ option: OptionSpec) -> String {
    var word = "--" + option.long
    if option.valueIsOptional, let label = option.valueLabel {
      word += label
    } else if let value = option.valueName {
      word +=
        " "
        + (option.choices.isEmpty || option.choices.count > 5
          ? value : option.choices.joined(separator: "|"))
    }
    if option.repeatable { word += "..." }
    return option.required ? word : "[\(word)]"
  }

  static func wrap(_ head: String, _ words: [String]) -> [String] {
    var lines: [String] = []
    var line = head
    let indent = String(repeating: " ", count: min(head.count + 1, 24))
    for word in words {
      if line.count + 1 + word.count > width, line.count > indent.count {
        lines.append(line)
        line = indent + word
      } else {
        line += " " + word
      }
    }
    lines.append(line)
    return lines
  }
}
