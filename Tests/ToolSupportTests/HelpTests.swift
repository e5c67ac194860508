import Testing
import ToolSupport

/// The help `tool ARGUMENTS --help` prints for the demo tool.
private func help(_ arguments: [String]) throws -> String {
  guard
    case .help(let path, let spec, let parents) = try CommandLineParser.parse(
      arguments + ["--help"], root: Fixtures.command)
  else {
    throw ToolError("\(arguments) --help did not ask for help")
  }
  return Help.render(spec, path: path, parents: parents)
}

@Suite("--help rendering")
struct HelpTests {
  @Test func wholeHelpOfASmallTool() {
    // Labels are padded to the longest ("    --color WHEN", 16 characters) plus two spaces.
    #expect(
      Help.render(Fixtures.filter.spec, path: ["filter"], width: 100) == """
        filter - pass records through

        USAGE
          filter [--quiet] [--type T] [--strict] [FILE...]

        OPTIONS
          -q, --quiet       say nothing
          -t, --type T      only type T
              --strict      be strict
          -h, --help        show this help and exit
              --color WHEN  colour on a terminal (auto, the default), always or never
              --no-pager    write help and long text views straight out, never through $PAGER
              --version     print the version and exit

        INPUT
          JSON lines.

        OUTPUT
          The same lines.

          Nothing else.

        EXIT STATUS
          0    success
          1    failure (an unknown id, a refused step)
          3    locked
          64   usage error (unknown option, bad value)
          65   bad input data (the line is named)
          66   cannot open an input file
          74   I/O error (read, write, sync)
          130  interrupted (Ctrl-C); 143 terminated

        EXAMPLES
          orders generate | filter -q

        """)
  }

  @Test func toolWithSubcommandsListsTheVisibleOnes() throws {
    let text = try help([])
    #expect(
      text.contains(
        "\nCOMMANDS\n  list   list the records\n  next   advance one record\n  admin  administration\n"))
    #expect(!text.contains("secret"))
    #expect(
      text.contains(
        "\nUSAGE\n  demo-tool [--dry-run] [--store FILE] [--verbose]\n  demo-tool COMMAND [OPTION...]\n"))
    #expect(text.contains("      --dry-run     show what would change\n"))
    #expect(text.contains("      --version     print the version and exit\n"))
  }

  @Test func subcommandHelpShowsSharedOptionsButNotVersion() throws {
    let text = try help(["list"])
    #expect(
      text.hasPrefix("demo-tool list - list the records\n\nUSAGE\n  demo-tool list [--format text|json]"))
    #expect(text.contains("  -s, --store FILE  the store file [JSON lines] (default ~/demo.jsonl)\n"))
    #expect(text.contains("  -f, --format F    how to write them\n"))
    #expect(text.contains("--help"))
    #expect(!text.contains("--version"))
    #expect(!text.contains("--dry-run"), "--dry-run is the tool's own, not shared")
    #expect(text.contains("\nINPUT\n  JSON lines from each FILE, or stdin.\n"))
    #expect(text.contains("\nEXAMPLES\n  demo-tool list --format json | jq .name\n"))
  }

  @Test func subcommandWithoutItsOwnSectionsFallsBackToTheTool() throws {
    let text = try help(["next"])
    #expect(text.contains("\nINPUT\n  Nothing, except for 'list'.\n"))
    #expect(text.contains("  3    the store is locked\n"))
    #expect(text.contains("\nEXAMPLES\n  demo-tool list | pipe-check\n"))
  }

  @Test func emptySectionsAreLeftOut() {
    let bare = Command(name: "bare", summary: "nothing much", run: Fixtures.succeed).spec
    let text = Help.render(bare, path: ["bare"])
    #expect(!text.contains("INPUT"))
    #expect(!text.contains("OUTPUT"))
    #expect(!text.contains("EXAMPLES"))
    #expect(text.contains("EXIT STATUS"))
    #expect(text.contains("\nUSAGE\n  bare\n"))
  }

  @Test func optionLabels() {
    #expect(Help.optionLabel(Fixtures.count.spec) == "-n, --count N")
    #expect(Help.optionLabel(Fixtures.force.spec) == "    --force")
  }

  @Test("a command with a date option says what it takes under TIMES, in help and in its manual page")
  func timesSection() {
    let now = Option.date("now", help: "the current time").spec
    var spec = Fixtures.filter.spec
    #expect(!Help.render(spec, path: ["filter"], width: 100).contains("TIMES"))
    spec.options.append(now)
    let help = Help.render(spec, path: ["filter"], width: 200)
    #expect(help.contains("TIMES\n  --now T takes \(WrittenTime.forms)."))
    #expect(Manual.render(spec).contains(".SH TIMES\n"))
  }
}
