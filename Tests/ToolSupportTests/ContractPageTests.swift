import TestSupport
import Testing

@testable import ToolSupport

/// A command whose options have rules between them and lookups, for the parser and the docs.
private enum RuleFixture {
  static let install = Flag("install", help: "install it")
  static let uninstall = Flag("uninstall", help: "uninstall it")
  static let events = Flag("events", help: "only what changed")
  static let state = Option.string("state", name: "FILE", help: "the state file")
  static let lat: Option<Double?> = .double("lat", name: "DEG", help: "latitude", in: -90...90)
  static let lon: Option<Double?> = .double("lon", name: "DEG", help: "longitude", in: -180...180)
  static let top = Option.int("top", short: "n", help: "bars", default: 5, in: 1...20)
  static let partial = Flag("partial", help: "counts only")
  static let trip = Argument.one("TRIP")

  static let setup = Command(
    name: "setup", summary: "set things up",
    options: [install, uninstall, events, state, lat, lon, top, partial], arguments: Arguments(trip),
    exitStatus: ["1    no trip of that name"],
    conflicts: [
      .excludes("install", ["uninstall"], message: "give --install or --uninstall, not both"),
      .requires("events", "state"),
      .together(["lat", "lon"]),
      .excludes(
        "partial", ["top", "lat"], message: "--{option} does not apply to --partial", notes: ["a note"]),
      .described("`TRIP` is not empty"),
    ],
    lookups: [
      LookupRule("TRIP", finds: "a trip", by: "its id, else its name in any case", ambiguous: 64, notFound: 1)
    ],
    run: { _ in ExitStatus.ok })
  static let tool = Command(name: "rule-tool", summary: "a tool with rules", subcommands: [setup])
}

@Suite("the command line as contract")
struct ContractPageTests {
  func run(_ words: [String]) -> TestSupport.Result {
    TestSupport.runInProcess(RuleFixture.tool, ["setup", "Lisbon"] + words)
  }

  @Test func theParserEnforcesDeclaredRules() {
    let both = run(["--install", "--uninstall"])
    #expect(both.status == 64)
    #expect(both.err == "rule-tool: error: give --install or --uninstall, not both\n")
    let needs = run(["--events"])
    #expect(needs.status == 64)
    #expect(needs.err == "rule-tool: error: --events needs --state\n")
    #expect(run(["--events", "--state", "s"]).status == 0)
    let half = run(["--lon", "3"])
    #expect(half.status == 64)
    #expect(half.err == "rule-tool: error: --lat and --lon go together\n")
    #expect(run(["--lat", "1", "--lon", "3"]).status == 0)
    // The first of the others given, in the declared order, fills {option}; notes follow.
    let partial = run(["--lat", "1", "--lon", "3", "--top", "2", "--partial"])
    #expect(partial.status == 64)
    #expect(partial.err.hasPrefix("rule-tool: error: --top does not apply to --partial\n"))
    #expect(partial.err.contains("a note"))
    // A described rule is the command's own check: the parser lets it through.
    #expect(run(["--install"]).status == 0)
  }

  @Test func aBadValueIsReportedBeforeARule() {
    let result = run(["--install", "--uninstall", "--top", "99"])
    #expect(result.err.hasPrefix("rule-tool: error: --top takes a whole number from 1 to 20, not '99'"))
  }

  @Test func thePageStatesEverything() {
    let page = ContractPage.page(RuleFixture.tool.spec)
    #expect(page.hasPrefix("# `rule-tool` command line\n"))
    #expect(page.contains("\n## rule-tool setup\n\nset things up.\n"))
    #expect(page.contains("- `TRIP`: one, required\n"))
    #expect(page.contains("| `-n`, `--top` | `N` | 1 to 20 | `5` | bars, 1 to 20 (default 5) |\n"))
    #expect(page.contains("| `--lat` | `DEG` | -90 to 90 |  | latitude |\n"))
    #expect(page.contains("| `--install` | (flag) |  |  | install it |\n"))
    #expect(page.contains("- `--install` does not go with `--uninstall`\n"))
    #expect(page.contains("- `--events` needs `--state`\n"))
    #expect(page.contains("- `--lat` and `--lon` go together (all or none)\n"))
    #expect(page.contains("- `TRIP` is not empty\n"))
    #expect(
      page.contains(
        "- `TRIP` names a trip, by its id, else its name in any case; none fits: exit 1; several fit: exit 64\n"
      ))
    #expect(page.contains("Exit statuses: 0 success; 1 no trip of that name; 64 usage error"))
    // A command that only holds subcommands has no section.
    #expect(!page.contains("\n## rule-tool\n"))
  }

  @Test func theSummaryNamesEveryCommandAndOption() {
    let summary = ContractPage.summary(RuleFixture.tool.spec, page: "docs/cli/rule-tool.md")
    #expect(
      summary.contains(
        "| [`rule-tool setup`](docs/cli/rule-tool.md#rule-tool-setup) | `TRIP` | `--install` `--uninstall` "
          + "`--events` `--state` `--lat` `--lon` `--top` `--partial` |\n"))
    #expect(summary.contains("`--help`") && summary.contains("`--color`") && summary.contains("--version"))
  }

  @Test func theWordsAreJSONLines() {
    #expect(
      ContractPage.words(RuleFixture.tool.spec)
        == "{\"command\":\"rule-tool setup\",\"options\":[\"--install\",\"--uninstall\",\"--events\","
        + "\"--state\",\"--lat\",\"--lon\",\"--top\",\"-n\",\"--partial\"]}\n")
  }

  @Test func theHiddenEntriesPrintThem() {
    let page = TestSupport.runInProcess(RuleFixture.tool, ["--generate-contract"])
    #expect(page.status == 0)
    #expect(page.out == ContractPage.page(RuleFixture.tool.spec))
    let summary = TestSupport.runInProcess(RuleFixture.tool, ["--generate-contract=summary"])
    #expect(summary.out == ContractPage.summary(RuleFixture.tool.spec, page: "docs/cli/rule-tool.md"))
    let words = TestSupport.runInProcess(RuleFixture.tool, ["--generate-contract=words"])
    #expect(words.out == ContractPage.words(RuleFixture.tool.spec))
    let bad = TestSupport.runInProcess(RuleFixture.tool, ["--generate-contract=yaml"])
    #expect(bad.status == 64)
    let extra = TestSupport.runInProcess(RuleFixture.tool, ["--generate-contract", "x"])
    #expect(extra.err == "rule-tool: error: --generate-contract takes no arguments\n")
  }

  @Test func versionNamesTheProtocolVersion() {
    #expect(
      Runtime.versionLine(tool: "x")
        == "x (SamplePipes) \(samplePipesVersion), protocol version \(protocolVersion)\n")
    let version = TestSupport.runInProcess(RuleFixture.tool, ["--version"])
    #expect(
      version.out == "rule-tool (SamplePipes) \(samplePipesVersion), protocol version \(protocolVersion)\n")
  }

  @Test func eachSubcommandHasItsManualPage() {
    let spec = RuleFixture.tool.spec
    #expect(Manual.pageNames(spec) == ["rule-tool", "rule-tool-setup"])
    let page = Manual.page(named: "rule-tool-setup", of: spec) ?? ""
    #expect(page.contains("\n.TH RULE\\-TOOL\\-SETUP 1 "))
    #expect(page.contains("\n.SH NAME\nrule\\-tool\\-setup \\- set things up\n"))
    #expect(page.contains("\n.SH RULES\n.IP \\(bu 2\n\\-\\-install does not go with \\-\\-uninstall\n"))
    #expect(page.hasSuffix(".SH SEE ALSO\n.nh\n\\fBrule\\-tool\\fR(1)\n"))
    #expect(Manual.page(named: "rule-tool", of: spec) == Manual.render(spec))
    #expect(Manual.page(named: "nope", of: spec) == nil)
    #expect(Manual.render(spec).hasSuffix(".SH SEE ALSO\n.nh\n\\fBrule\\-tool\\-setup\\fR(1)\n"))
    let listed = TestSupport.runInProcess(RuleFixture.tool, ["--manual-pages"])
    #expect(listed.out == "rule-tool\nrule-tool-setup\n")
    let unknown = TestSupport.runInProcess(RuleFixture.tool, ["--generate-manual=nope"])
    #expect(unknown.status == 64)
  }

  @Test func longExampleLinesAreCutWhereTheShellJoinsThem() throws {
    let text = "https://example.com/" + String(repeating: "ab", count: 50)
    let lines = Manual.shellLines("echo '\(text)' 'a b' end", width: 40)
    #expect(lines.count > 3)
    #expect(lines.allSatisfy { $0.count <= 40 }, "\(lines)")
    // bash joins the pieces again: the example still runs when copied.
    let result = try TestSupport.runProcess("/bin/bash", ["-c", lines.joined(separator: "\n")])
    #expect(result.out == "\(text) a b end\n")
  }
}
