import Testing
import ToolSupport

@Suite("--help rendering")
struct HelpTests {
  static let small = CommandSpec(
    name: "filter", summary: "pass records through", usage: ["filter [-q] [FILE...]"],
    options: [
      .flag("quiet", short: "q", help: "say nothing"),
      .value("type", short: "t", name: "T", help: "only type T"),
      .flag("strict", help: "be strict"),
    ],
    positionalName: "FILE", input: "JSON lines.", output: "The same lines.\n\nNothing else.",
    exitStatus: ["3    locked"], examples: ["orders generate | filter -q"])

  @Test func wholeHelpOfASmallTool() {
    // Labels are padded to the longest ("    --version", 13 characters) plus two spaces.
    #expect(
      Help.render(Self.small, path: ["filter"]) == """
        filter - pass records through

        USAGE
          filter [-q] [FILE...]

        OPTIONS
          -q, --quiet    say nothing
          -t, --type T   only type T
              --strict   be strict
          -h, --help     show this help and exit
              --version  print the version and exit

        INPUT
          JSON lines.

        OUTPUT
          The same lines.

          Nothing else.

        EXIT STATUS
          0    success
          1    failure (an unknown id, a refused step)
          64   usage error (unknown option, bad value)
          65   bad input data (the line is named)
          66   cannot open an input file
          74   I/O error (read, write, sync)
          130  interrupted (Ctrl-C); 143 terminated
          3    locked

        EXAMPLES
          orders generate | filter -q

        """)
  }

  @Test func toolWithSubcommandsListsTheVisibleOnes() {
    let text = Help.render(Fixtures.tool, path: ["demo-tool"])
    #expect(
      text.contains(
        "\nCOMMANDS\n  list   list the records\n  next   advance one record\n  admin  administration\n"))
    #expect(!text.contains("secret"))
  }

  @Test func subcommandHelpShowsInheritedOptionsButNotVersion() {
    let list = Fixtures.tool.subcommands[0]
    let text = Help.render(list, path: ["demo-tool", "list"], parents: [Fixtures.tool])
    #expect(text.hasPrefix("demo-tool list - list the records\n\nUSAGE\n  demo-tool list [--format F]"))
    #expect(text.contains("  -s, --store FILE  the store file [default: ~/demo.jsonl]\n"))
    #expect(text.contains("  -f, --format F    how to write them\n"))
    #expect(text.contains("--help"))
    #expect(!text.contains("--version"))
    #expect(text.contains("\nINPUT\n  JSON lines from each FILE, or stdin.\n"))
    #expect(text.contains("\nEXAMPLES\n  demo-tool list --format json | jq .name\n"))
  }

  @Test func subcommandWithoutItsOwnSectionsFallsBackToTheTool() {
    let next = Fixtures.tool.subcommands[1]
    let text = Help.render(next, path: ["demo-tool", "next"], parents: [Fixtures.tool])
    #expect(text.contains("\nINPUT\n  Nothing, except for 'list'.\n"))
    #expect(text.contains("  3    the store is locked\n"))
    #expect(text.contains("\nEXAMPLES\n  demo-tool list | pipe-check\n"))
  }

  @Test func emptySectionsAreLeftOut() {
    let bare = CommandSpec(name: "bare", summary: "nothing much", usage: ["bare"])
    let text = Help.render(bare, path: ["bare"])
    #expect(!text.contains("INPUT"))
    #expect(!text.contains("OUTPUT"))
    #expect(!text.contains("EXAMPLES"))
    #expect(text.contains("EXIT STATUS"))
  }

  @Test func optionLabels() {
    #expect(Help.optionLabel(.value("count", short: "n", name: "N", help: "")) == "-n, --count N")
    #expect(Help.optionLabel(.flag("force", help: "")) == "    --force")
  }
}
