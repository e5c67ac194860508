/// What `--help`, manual pages and shell completion show of a command (a tool, or one of its
/// subcommands); made from its `Command` declaration by `Command.spec`.
public struct CommandSpec: Sendable {
  /// The word that names it (`orders`, or `next` for `orders next`).
  public var name: String
  /// A one-line summary.
  public var summary: String
  /// Usage lines, each starting with the full command (`orders next ID`).
  public var usage: [String]
  /// Every option this command accepts (its own, then those its parents share with it).
  public var options: [OptionSpec]
  /// Subcommands.
  public var subcommands: [CommandSpec]
  /// The name of the positional arguments in messages (`FILE`), or nil when none are taken.
  public var positionalName: String?
  /// The fewest positional arguments.
  public var minPositionals: Int
  /// The most positional arguments (nil: no limit).
  public var maxPositionals: Int?
  /// What it reads.
  public var input: String
  /// What it writes.
  public var output: String
  /// Extra exit statuses beyond the standard ones, as `code  meaning` lines.
  public var exitStatus: [String]
  /// Example command lines, at least one with a pipe.
  public var examples: [String]
  /// Hidden commands are parsed but not listed.
  public var hidden: Bool
  /// Its positional arguments, one by one.
  public var arguments: [ArgumentSpec]
  /// Rules between its options.
  public var conflicts: [Conflict]
  /// How its arguments and options find what they name.
  public var lookups: [LookupRule]
  /// Whether it runs (false: it only holds subcommands).
  public var runs: Bool

  /// A command.
  public init(
    name: String, summary: String, usage: [String], options: [OptionSpec] = [],
    subcommands: [CommandSpec] = [],
    positionalName: String? = nil, minPositionals: Int = 0, maxPositionals: Int? = nil, input: String = "",
    output: String = "", exitStatus: [String] = [], examples: [String] = [], hidden: Bool = false,
    arguments: [ArgumentSpec] = [], conflicts: [Conflict] = [], lookups: [LookupRule] = [], runs: Bool = true
  ) {
    self.name = name
    self.summary = summary
    self.usage = usage
    self.options = options
    self.subcommands = subcommands
    self.positionalName = positionalName
    self.minPositionals = minPositionals
    self.maxPositionals = positionalName == nil ? 0 : maxPositionals
    self.input = input
    self.output = output
    self.exitStatus = exitStatus
    self.examples = examples
    self.hidden = hidden
    self.arguments = arguments
    self.conflicts = conflicts
    self.lookups = lookups
    self.runs = runs
  }

  /// The options every tool has.
  public static let standardOptions: [OptionSpec] = [
    .flag("help", short: "h", help: "show this help and exit"),
    OptionSpec(
      long: "color", valueName: "WHEN", help: "colour on a terminal (auto, the default), always or never",
      choices: Terminal.ColorChoice.allCases.map(\.rawValue)),
    .flag("no-pager", help: "write help and long text views straight out, never through $PAGER"),
    .flag("version", help: "print the version and exit"),
  ]

  /// The standard exit statuses.
  public static let standardExitStatus: [String] = [
    "0    success",
    "1    failure (an unknown id, a refused step)",
    "64   usage error (unknown option, bad value)",
    "65   bad input data (the line is named)",
    "66   cannot open an input file",
    "74   I/O error (read, write, sync)",
    "130  interrupted (Ctrl-C); 143 terminated",
  ]
}

/// One positional argument as docs show it: its name and how many words it takes.
public struct ArgumentSpec: Sendable, Equatable {
  /// Its name (`FILE`).
  public var name: String
  /// The fewest words it takes.
  public var min: Int
  /// The most words it takes (nil: no limit).
  public var max: Int?

  /// An argument.
  public init(name: String, min: Int, max: Int?) {
    self.name = name
    self.min = min
    self.max = max
  }
}

extension CommandSpec {
  /// The one table of exit codes that help and manual pages show: the standard ones, each
  /// replaced by the command's own words for it where it has them (so a code is listed once),
  /// then the command's other codes, by number. An own line of a code alone (`"1"`) says the
  /// command never exits with it, and leaves it out.
  public static func exitCodes(_ own: [String]) -> [(term: String, description: String)] {
    let mine = own.map(splitTerm)
    var rows = standardExitStatus.map(splitTerm).map { row in
      mine.first { $0.term == row.term } ?? row
    }
    rows += mine.filter { row in !rows.contains { $0.term == row.term } }
    return rows.filter { !$0.description.isEmpty }
      .sorted { (Int($0.term) ?? Int.max) < (Int($1.term) ?? Int.max) }
  }

  /// `0    success` as its term and description (split at the first run of two spaces).
  static func splitTerm(_ line: String) -> (term: String, description: String) {
    let characters = Array(line.drop { $0 == " " })
    guard
      let gap = characters.indices.dropLast().first(where: {
        characters[$0] == " " && characters[$0 + 1] == " "
      })
    else { return (String(characters), "") }
    return (String(characters[..<gap]), String(characters[gap...].drop { $0 == " " }))
  }
}
