import ToolSupport

/// A made-up tool declared as tools are (a `Command` with typed options), with every kind of
/// option and nested, hidden and argument-taking subcommands, used by the parser, help, completion
/// and manual tests. Help, manual and completion tests read its `.spec`.
enum Fixtures {
  /// How `list` writes records.
  enum Format: String, CaseIterable, Sendable {
    case text, json
  }

  // Shared by the tool with every subcommand below it.
  static let store = Option.string(
    "store", short: "s", name: "FILE", help: "the store file [JSON lines]", default: "~/demo.jsonl")
  static let verbose = Flag("verbose", short: "v", help: "say what happens")

  // The tool's own: not accepted after a subcommand.
  static let dryRun = Flag("dry-run", help: "show what would change")

  // list's options.
  static let format: Option<Format?> = .choice("format", short: "f", name: "F", help: "how to write them")
  static let tag = Option.strings("tag", short: "t", name: "TAG", help: "only records with TAG")
  static let count: Option<Int?> = .int("count", short: "n", help: "at most N records", in: 1...10)
  static let all = Flag("all", short: "a", help: "also the archived ones")
  static let since: Option<WrittenTime?> = .date("since", name: "DATE", help: "only records after DATE")
  static let ratio = Option.double("ratio", name: "R", help: "a share", default: 1, in: 0...1)

  // reset's option.
  static let force = Flag("force", help: "do not ask")

  /// A run that does nothing: the parser tests look at the invocation, not at a run.
  static let succeed: @Sendable (Invocation) throws -> Int32 = { _ in ExitStatus.ok }

  static let list = Command(
    name: "list", summary: "list the records", options: [format, tag, count, all, since, ratio],
    arguments: .files, input: "JSON lines from each FILE, or stdin.", output: "One line per record.",
    examples: """
      demo-tool list --format json | jq .name
      """, run: succeed)

  // next's argument.
  static let id = Argument.one("ID")

  static let next = Command(
    name: "next", summary: "advance one record", arguments: Arguments(id), run: succeed)

  static let reset = Command(name: "reset", summary: "empty the store", options: [force], run: succeed)

  /// Holds only subcommands: no run of its own.
  static let admin = Command(name: "admin", summary: "administration", subcommands: [reset])

  static let secret = Command(name: "secret", summary: "not listed", hidden: true, run: succeed)

  static let command = Command(
    name: "demo-tool",
    summary: "a tool that exists for the tests",
    options: [dryRun],
    sharedOptions: [store, verbose],
    subcommands: [list, next, admin, secret],
    input: "Nothing, except for 'list'.",
    output: "Records as JSON lines.\n\nMessages go to stderr.",
    exitStatus: ["3    the store is locked"],
    examples: """
      demo-tool list | pipe-check
      demo-tool next 4 && echo done
      """,
    run: succeed)

  /// What help, manual pages and completions show of the tool.
  static var tool: CommandSpec { command.spec }

  static let quiet = Flag("quiet", short: "q", help: "say nothing")
  static let type: Option<String?> = .string("type", short: "t", name: "T", help: "only type T")
  static let strict = Flag("strict", help: "be strict")

  /// A small tool without subcommands that reads files.
  static let filter = Command(
    name: "filter", summary: "pass records through", options: [quiet, type, strict], arguments: .files,
    input: "JSON lines.", output: "The same lines.\n\nNothing else.", exitStatus: ["3    locked"],
    examples: """
      orders generate | filter -q
      """, run: succeed)
}
