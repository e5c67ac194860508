import Foundation
import TestSupport
import Testing
import ToolSupport

/// Parses `arguments` against the demo tool and returns the invocation to run.
private func parse(_ arguments: [String], _ spec: CommandSpec = Fixtures.tool) throws -> LegacyInvocation {
  let request = try LegacyParser.parse(arguments, root: spec)
  guard case .run(let invocation) = request else {
    throw ToolError("expected a run request for \(arguments), got \(request)")
  }
  return invocation
}

/// The usage error `arguments` give, or nil when they parse.
private func failure(_ arguments: [String], _ spec: CommandSpec = Fixtures.tool) -> ToolError? {
  do {
    _ = try LegacyParser.parse(arguments, root: spec)
    return nil
  } catch {
    return error
  }
}

/// The tool error `body` throws, or nil when it throws none.
private func toolError(_ body: () throws -> Void) -> ToolError? {
  do {
    try body()
    return nil
  } catch let error as ToolError {
    return error
  } catch {
    return ToolError("unexpected error \(error)")
  }
}

@Suite("argument parser: commands")
struct ParserCommandTests {
  @Test func noArgumentsRunsTheToolItself() throws {
    let invocation = try parse([])
    #expect(invocation.path == ["demo-tool"])
    #expect(invocation.subcommand == nil)
    #expect(invocation.positionals.isEmpty)
  }

  @Test func subcommandIsSelected() throws {
    let invocation = try parse(["list"])
    #expect(invocation.path == ["demo-tool", "list"])
    #expect(invocation.subcommand == "list")
    #expect(invocation.spec.name == "list")
  }

  @Test func nestedSubcommandIsSelected() throws {
    let invocation = try parse(["admin", "reset", "--force"])
    #expect(invocation.path == ["demo-tool", "admin", "reset"])
    #expect(invocation.subcommand == "admin")
    #expect(invocation.flag("force"))
  }

  @Test func hiddenSubcommandStillParses() throws {
    #expect(try parse(["secret"]).path == ["demo-tool", "secret"])
  }

  @Test func parentOptionsWorkBeforeAndAfterTheSubcommand() throws {
    #expect(try parse(["--store", "a.jsonl", "list"]).string("store") == "a.jsonl")
    #expect(try parse(["list", "-s", "b.jsonl"]).string("store") == "b.jsonl")
    #expect(try parse(["admin", "reset", "--verbose"]).flag("verbose"))
  }

  @Test func subcommandOptionBeforeItsNameIsUnknown() {
    let error = failure(["--format", "json", "list"])
    #expect(error?.message == "unknown option '--format'")
    #expect(error?.code == ExitStatus.usage)
  }

  @Test func unknownCommandSuggestsTheClosestVisibleOne() {
    let error = failure(["lsit"])
    #expect(error?.message == "unknown command 'lsit'")
    #expect(error?.notes == ["did you mean 'list'?", "commands: list, next, admin"])
    #expect(error?.code == 64)
  }

  @Test func unknownCommandFarFromAllHasNoSuggestion() {
    let error = failure(["zzzzzz"])
    #expect(error?.notes == ["commands: list, next, admin"])
  }

  @Test func subcommandNameAfterAnArgumentIsAnArgument() throws {
    #expect(try parse(["list", "next"]).positionals == ["next"])
  }
}

@Suite("argument parser: options")
struct ParserOptionTests {
  @Test func longOptionWithSeparateValue() throws {
    #expect(try parse(["list", "--format", "json"]).string("format") == "json")
  }

  @Test func longOptionWithInlineValue() throws {
    let invocation = try parse(["list", "--format=json", "--tag=a=b", "--since="])
    #expect(invocation.string("format") == "json")
    #expect(invocation.strings("tag") == ["a=b"])
    #expect(invocation.string("since") == "")
  }

  @Test func valueMayStartWithADash() throws {
    #expect(try parse(["list", "--since", "-1"]).string("since") == "-1")
    #expect(try parse(["list", "-t", "--all"]).strings("tag") == ["--all"])
  }

  @Test func shortOptionWithSeparateOrAttachedValue() throws {
    #expect(try parse(["list", "-n", "5"]).string("count") == "5")
    #expect(try parse(["list", "-n5"]).string("count") == "5")
  }

  @Test func clusteredShortFlags() throws {
    let invocation = try parse(["list", "-av"])
    #expect(invocation.flag("all"))
    #expect(invocation.flag("verbose"))
    #expect(!invocation.flag("force"))
  }

  @Test func clusterEndingInAnOptionTakesTheRestOrTheNextWord() throws {
    let attached = try parse(["list", "-an12"])
    #expect(attached.flag("all"))
    #expect(attached.string("count") == "12")
    let separate = try parse(["list", "-van", "7", "x.jsonl"])
    #expect(separate.flag("verbose") && separate.flag("all"))
    #expect(separate.string("count") == "7")
    #expect(separate.positionals == ["x.jsonl"])
  }

  @Test func repeatableOptionKeepsEveryValueInOrder() throws {
    let invocation = try parse(["list", "--tag", "a", "-t", "b", "--tag=c", "-td"])
    #expect(invocation.strings("tag") == ["a", "b", "c", "d"])
    #expect(invocation.string("tag") == "d")
  }

  @Test func nonRepeatableOptionTwiceIsAnError() {
    let error = failure(["list", "-n", "1", "--count", "2"])
    #expect(error?.message == "--count was given twice; give it once")
    #expect(error?.code == 64)
  }

  @Test func flagGivenTwiceIsFine() throws {
    #expect(try parse(["list", "-a", "--all"]).flag("all"))
  }

  @Test func flagWithAValueIsAnError() {
    #expect(failure(["list", "--all=yes"])?.message == "--all takes no value")
  }

  @Test func missingValueNamesThePlaceholder() {
    #expect(failure(["list", "--format"])?.message == "--format needs a value (F)")
    #expect(failure(["list", "-n"])?.message == "-n needs a value (N)")
  }

  @Test func choicesAreChecked() throws {
    let error = failure(["list", "--format", "xml"])
    #expect(error?.message == "--format takes one of text, json, not 'xml'")
    #expect(error?.code == 64)
    #expect(try parse(["list", "-f", "text"]).choice("format", default: "json") == "text")
    #expect(try parse(["list"]).choice("format", default: "json") == "json")
  }

  @Test func unknownLongOptionSuggestsTheClosest() {
    let error = failure(["list", "--formt", "json"])
    #expect(error?.message == "unknown option '--formt'")
    #expect(error?.notes == ["did you mean --format?", "see 'demo-tool list --help'"])
    #expect(error?.code == 64)
  }

  @Test func unknownLongOptionSuggestsInheritedOnes() {
    #expect(failure(["list", "--verbos"])?.notes.first == "did you mean --verbose?")
  }

  @Test func unknownLongOptionFarFromAllHasOnlyTheHelpHint() {
    #expect(failure(["--qqqqqqqq"])?.notes == ["see 'demo-tool --help'"])
  }

  @Test func unknownShortOption() {
    let error = failure(["list", "-x"])
    #expect(error?.message == "unknown option '-x'")
    #expect(error?.notes == ["see 'demo-tool list --help'"])
    #expect(error?.code == 64)
  }

  @Test func unknownShortOptionInsideACluster() {
    #expect(failure(["list", "-axv"])?.message == "unknown option '-x'")
  }
}

@Suite("argument parser: arguments")
struct ParserArgumentTests {
  @Test func doubleDashEndsOptions() throws {
    let invocation = try parse(["list", "-a", "--", "--format", "-n", "--"])
    #expect(invocation.flag("all"))
    #expect(invocation.positionals == ["--format", "-n", "--"])
    #expect(invocation.string("format") == nil)
  }

  @Test func doubleDashBeforeACommandNameMakesItAnArgument() {
    #expect(failure(["--", "list"])?.message == "unexpected argument 'list'")
  }

  @Test func singleDashIsAnArgument() throws {
    #expect(try parse(["list", "-", "a.jsonl", "-"]).positionals == ["-", "a.jsonl", "-"])
  }

  @Test func negativeNumberIsAnArgument() throws {
    #expect(try parse(["next", "-5"]).positionals == ["-5"])
  }

  @Test func missingArgument() {
    let error = failure(["next"])
    #expect(error?.message == "missing ID")
    #expect(error?.notes == ["usage: demo-tool next ID"])
    #expect(error?.code == 64)
  }

  @Test func tooManyArguments() {
    let error = failure(["next", "1", "2"])
    #expect(error?.message == "too many arguments (at most 1 ID)")
    #expect(error?.notes == ["see 'demo-tool next --help'"])
  }

  @Test func argumentWhereNoneIsTaken() {
    #expect(failure(["admin", "reset", "now"])?.message == "unexpected argument 'now'")
  }

  @Test func argumentsInterleaveWithOptions() throws {
    let invocation = try parse(["list", "a.jsonl", "-a", "b.jsonl", "--tag", "x", "c.jsonl"])
    #expect(invocation.positionals == ["a.jsonl", "b.jsonl", "c.jsonl"])
    #expect(invocation.flag("all"))
  }
}

@Suite("argument parser: help and version")
struct ParserHelpTests {
  @Test func helpForTheToolAndForASubcommand() throws {
    guard case .help(let root) = try LegacyParser.parse(["--help"], root: Fixtures.tool) else {
      Issue.record("--help did not ask for help")
      return
    }
    #expect(root.path == ["demo-tool"])
    guard case .help(let sub) = try LegacyParser.parse(["admin", "reset", "-h"], root: Fixtures.tool) else {
      Issue.record("-h did not ask for help")
      return
    }
    #expect(sub.path == ["demo-tool", "admin", "reset"])
  }

  @Test func helpWinsOverAMissingArgument() throws {
    guard case .help(let invocation) = try LegacyParser.parse(["next", "--help"], root: Fixtures.tool)
    else {
      Issue.record("--help with a missing argument did not ask for help")
      return
    }
    #expect(invocation.path == ["demo-tool", "next"])
  }

  @Test func shortHInACluster() throws {
    guard case .help = try LegacyParser.parse(["list", "-ah"], root: Fixtures.tool) else {
      Issue.record("-ah did not ask for help")
      return
    }
  }

  @Test func shortHBelongsToAToolThatDefinesIt() throws {
    let spec = CommandSpec(
      name: "t", summary: "s", usage: ["t"], options: [.flag("human", short: "h", help: "readable")])
    #expect(try parse(["-h"], spec).flag("human"))
  }

  @Test func versionAtTheTopAndInSubcommands() throws {
    guard case .version = try LegacyParser.parse(["--version"], root: Fixtures.tool) else {
      Issue.record("--version did not ask for the version")
      return
    }
    guard case .version = try LegacyParser.parse(["list", "--version"], root: Fixtures.tool) else {
      Issue.record("list --version did not ask for the version")
      return
    }
  }
}

@Suite("invocation: typed values")
struct InvocationValueTests {
  @Test func integerWithinARange() throws {
    let invocation = try parse(["list", "-n", "7"])
    #expect(try invocation.int("count", default: 3, in: 1...10) == 7)
    #expect(try parse(["list"]).int("count", default: 3, in: 1...10) == 3)
    #expect(try parse(["list"]).int("count", in: 1...10) == nil)
  }

  @Test func integerOutOfRangeOrNotANumber() throws {
    let errors = [("11", 1...10), ("x", 1...10), ("-1", 0...Int.max), ("1.5", Int.min...Int.max)].map {
      (text, range) in
      toolError { _ = try parse(["list", "-n", text]).int("count", default: 0, in: range) }
    }
    #expect(errors.allSatisfy { $0?.code == 64 })
    let messages = errors.map { $0?.message }
    #expect(
      messages == [
        "--count takes a whole number from 1 to 10, not '11'",
        "--count takes a whole number from 1 to 10, not 'x'",
        "--count takes a whole number of at least 0, not '-1'",
        "--count takes a whole number, not '1.5'",
      ])
  }

  @Test func numberWithinARange() throws {
    #expect(try parse(["list", "--ratio", "0.25"]).double("ratio", default: 1, in: 0...1) == 0.25)
    #expect(try parse(["list"]).double("ratio", default: 1, in: 0...1) == 1)
    for bad in ["1.5", "abc", "nan", "inf"] {
      let error = toolError {
        _ = try parse(["list", "--ratio", bad]).double("ratio", default: 1, in: 0...1)
      }
      #expect(error?.message == "--ratio takes a number from 0.0 to 1.0, not '\(bad)'")
      #expect(error?.code == 64)
    }
  }

  @Test func dates() throws {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    let expected = calendar.date(
      from: DateComponents(year: 2026, month: 11, day: 29, hour: 10, minute: 0, second: 0))!
    #expect(
      try parse(["list", "--since", "2026-11-29T10:00:00Z"]).date("since")
        == Int(expected.timeIntervalSince1970))
    #expect(
      try parse(["list", "--since", "2026-11-29"]).date("since") == Int(expected.timeIntervalSince1970)
        - 36000)
    #expect(try parse(["list", "--since", "@1000"]).date("since") == 1000)
    #expect(try parse(["list"]).date("since") == nil)
    let error = toolError { _ = try parse(["list", "--since", "yesterday"]).date("since") }
    #expect(error?.message == "--since takes an ISO 8601 date such as 2026-11-29T10:00:00Z, not 'yesterday'")
    #expect(error?.code == 64)
  }
}

@Suite("did-you-mean")
struct SuggestTests {
  @Test func editDistance() {
    #expect(Suggest.distance("kitten", "sitting") == 3)
    #expect(Suggest.distance("", "abc") == 3)
    #expect(Suggest.distance("same", "same") == 0)
    #expect(Suggest.distance("format", "formt") == 1)
  }

  @Test func closestCandidate() {
    #expect(Suggest.closest(to: "formt", in: ["format", "count", "tag"]) == "format")
    #expect(Suggest.closest(to: "max", in: ["max-problems", "quiet"]) == "max-problems")
    #expect(Suggest.closest(to: "max", in: ["max-problems", "max-depth"]) == nil)
    #expect(Suggest.closest(to: "zebra", in: ["format", "count"]) == nil)
    #expect(Suggest.closest(to: "x", in: []) == nil)
  }
}

@Suite("usage errors from a real tool")
struct UsageExitTests {
  @Test func unknownOptionExits64WithAHint() throws {
    let result = try TestSupport.run("pipe-check", ["--pas"])
    #expect(result.status == 64)
    #expect(
      result.err == """
        pipe-check: error: unknown option '--pas'
        pipe-check: did you mean --pass?
        pipe-check: see 'pipe-check --help'

        """)
    #expect(result.out.isEmpty)
  }

  @Test func badTypedValueExits64() throws {
    let result = try TestSupport.run("pipe-check", ["--max-depth", "0"], stdin: Data())
    #expect(result.status == 64)
    #expect(result.err == "pipe-check: error: --max-depth takes a whole number from 1 to 10000, not '0'\n")
  }
}
