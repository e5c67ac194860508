import ToolSupport

/// A made-up tool with every kind of option and nested, hidden and argument-taking subcommands,
/// used by the parser, help, completion and manual tests.
enum Fixtures {
  static let tool = CommandSpec(
    name: "demo-tool",
    summary: "a tool that exists for the tests",
    usage: ["demo-tool [--store FILE] [--verbose] COMMAND"],
    options: [
      .value("store", short: "s", name: "FILE", help: "the store file [default: ~/demo.jsonl]"),
      .flag("verbose", short: "v", help: "say what happens"),
    ],
    subcommands: [
      CommandSpec(
        name: "list",
        summary: "list the records",
        usage: ["demo-tool list [--format F] [--tag TAG]... [-n N] [-a] [FILE...]"],
        options: [
          .value("format", short: "f", name: "F", help: "how to write them", choices: ["text", "json"]),
          .value("tag", short: "t", name: "TAG", help: "only records with TAG", repeatable: true),
          .value("count", short: "n", name: "N", help: "at most N records"),
          .flag("all", short: "a", help: "also the archived ones"),
          .value("since", name: "DATE", help: "only records after DATE"),
          .value("ratio", name: "R", help: "a share from 0 to 1"),
        ],
        positionalName: "FILE",
        input: "JSON lines from each FILE, or stdin.",
        output: "One line per record.",
        examples: ["demo-tool list --format json | jq .name"]),
      CommandSpec(
        name: "next", summary: "advance one record", usage: ["demo-tool next ID"],
        positionalName: "ID", minPositionals: 1, maxPositionals: 1),
      CommandSpec(
        name: "admin", summary: "administration", usage: ["demo-tool admin COMMAND"],
        subcommands: [
          CommandSpec(
            name: "reset", summary: "empty the store", usage: ["demo-tool admin reset [--force]"],
            options: [.flag("force", help: "do not ask")])
        ]),
      CommandSpec(name: "secret", summary: "not listed", usage: ["demo-tool secret"], hidden: true),
    ],
    input: "Nothing, except for 'list'.",
    output: "Records as JSON lines.\n\nMessages go to stderr.",
    exitStatus: ["3    the store is locked"],
    examples: ["demo-tool list | pipe-check", "demo-tool next 4 && echo done"])

  /// A tool without subcommands that reads files.
  static let filter = CommandSpec(
    name: "filter",
    summary: "pass records through",
    usage: ["filter [-q] [FILE...]"],
    options: [
      .flag("quiet", short: "q", help: "say nothing"),
      .flag("pass", short: "p", help: "pass everything"),
      .value("type", short: "t", name: "T", help: "only type T"),
    ],
    positionalName: "FILE",
    examples: ["orders generate | filter --pass | sales-chart"])
}
