import Foundation
import PipeProtocol
import PipeReading
import TestSupport
import Testing
import ToolSupport

/// Parses `arguments` against a command (the demo tool by default) and returns the invocation to run.
private func parse(_ arguments: [String], _ root: Command = Fixtures.command) throws -> Invocation {
  let request = try CommandLineParser.parse(arguments, root: root)
  guard case .run(let invocation) = request else {
    throw ToolError("expected a run request for \(arguments), got \(request)")
  }
  return invocation
}

/// The usage error `arguments` give, or nil when they parse.
private func failure(_ arguments: [String], _ root: Command = Fixtures.command) -> ToolError? {
  do {
    _ = try CommandLineParser.parse(arguments, root: root)
    return nil
  } catch {
    return error
  }
}

/// The help request `arguments` make, or nil when they make another.
private func helpRequest(_ arguments: [String], _ root: Command = Fixtures.command) throws -> (
  path: [String], spec: CommandSpec, parents: [CommandSpec]
)? {
  guard case .help(let path, let spec, let parents) = try CommandLineParser.parse(arguments, root: root)
  else { return nil }
  return (path, spec, parents)
}

/// A tool of one command taking `options` and `arguments`, for the tests of one option kind.
private func tool(_ options: [any OptionKey], arguments: Arguments = .none) -> Command {
  Command(name: "t", summary: "a test tool", options: options, arguments: arguments, run: Fixtures.succeed)
}

/// The long names of the options a command accepts, as its help and completions list them.
private func optionNames(_ spec: CommandSpec) -> [String] { spec.options.map(\.long) }

@Suite("argument parser: commands")
struct ParserCommandTests {
  @Test func noArgumentsRunsTheToolItself() throws {
    let invocation = try parse([])
    #expect(invocation.path == ["demo-tool"])
    #expect(invocation.tool == "demo-tool")
    #expect(invocation.command.name == "demo-tool")
    #expect(invocation.positionals.isEmpty)
  }

  @Test func subcommandIsSelected() throws {
    let invocation = try parse(["list"])
    #expect(invocation.path == ["demo-tool", "list"])
    #expect(invocation.command.name == "list")
  }

  @Test func nestedSubcommandIsSelected() throws {
    let invocation = try parse(["admin", "reset", "--force"])
    #expect(invocation.path == ["demo-tool", "admin", "reset"])
    #expect(invocation.command.name == "reset")
    #expect(invocation[Fixtures.force])
  }

  @Test func hiddenSubcommandStillParses() throws {
    #expect(try parse(["secret"]).path == ["demo-tool", "secret"])
  }

  @Test func sharedOptionsWorkBeforeAndAfterTheSubcommand() throws {
    #expect(try parse(["--store", "a.jsonl", "list"])[Fixtures.store] == "a.jsonl")
    #expect(try parse(["list", "-s", "b.jsonl"])[Fixtures.store] == "b.jsonl")
    #expect(try parse(["admin", "reset", "--verbose"])[Fixtures.verbose])
    #expect(try parse(["-v", "admin", "reset"])[Fixtures.verbose])
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

  @Test func commandThatOnlyHoldsSubcommandsNeedsOne() {
    let error = failure(["admin"])
    #expect(error?.message == "missing command")
    #expect(error?.notes == ["commands: reset", "see 'demo-tool admin --help'"])
    #expect(error?.code == 64)
  }

  @Test func toolThatOnlyHoldsSubcommandsNeedsOne() throws {
    let root = Command(
      name: "box", summary: "holds two commands",
      subcommands: [
        Command(name: "open", summary: "open it", run: Fixtures.succeed),
        Command(name: "shut", summary: "shut it", run: Fixtures.succeed),
        Command(name: "peek", summary: "not listed", hidden: true, run: Fixtures.succeed),
      ])
    let error = failure([], root)
    #expect(error?.message == "missing command")
    #expect(error?.notes == ["commands: open, shut", "see 'box --help'"])
    #expect(error?.code == 64)
    #expect(try helpRequest(["--help"], root)?.path == ["box"])
    #expect(try parse(["open"], root).path == ["box", "open"])
    #expect(root.spec.usage == ["box COMMAND [OPTION...]"])
  }
}

@Suite("argument parser: shared options")
struct ParserSharedOptionTests {
  @Test func subcommandHelpListsExactlyTheOptionsItAccepts() throws {
    let list = try #require(try helpRequest(["list", "--help"]))
    #expect(list.path == ["demo-tool", "list"])
    #expect(
      optionNames(list.spec) == ["format", "tag", "count", "all", "since", "ratio", "store", "verbose"])
    let reset = try #require(try helpRequest(["admin", "reset", "--help"]))
    #expect(optionNames(reset.spec) == ["force", "store", "verbose"])
    let admin = try #require(try helpRequest(["admin", "--help"]))
    #expect(optionNames(admin.spec) == ["store", "verbose"])
    let root = try #require(try helpRequest(["--help"]))
    #expect(optionNames(root.spec) == ["dry-run", "store", "verbose"])
    // The spec that help, manual pages and completions read says the same.
    let spec = Fixtures.tool
    #expect(optionNames(spec.subcommands[0]) == optionNames(list.spec))
    #expect(optionNames(spec.subcommands[2].subcommands[0]) == optionNames(reset.spec))
  }

  @Test func parentOptionThatIsNotSharedIsRefusedAfterTheSubcommand() throws {
    #expect(try parse(["--dry-run"])[Fixtures.dryRun])
    let error = failure(["list", "--dry-run"])
    #expect(error?.message == "unknown option '--dry-run'")
    #expect(error?.notes == ["see 'demo-tool list --help'"])
    #expect(error?.code == 64)
  }

  @Test func optionBeforeTheSubcommandThatTheSubcommandDoesNotAccept() {
    let error = failure(["--dry-run", "list"])
    #expect(error?.message == "--dry-run does not apply to 'demo-tool list'")
    #expect(error?.notes == ["see 'demo-tool list --help'"])
    #expect(error?.code == 64)
    #expect(
      failure(["--dry-run", "admin", "reset"])?.message
        == "--dry-run does not apply to 'demo-tool admin reset'")
  }

  @Test func sharedOptionsPassDownEveryLevelBelow() throws {
    let depth = Option.int("depth", help: "how deep", default: 1, in: 1...9)
    let color = Flag("color", help: "in colour")
    let root = Command(
      name: "t", summary: "s", sharedOptions: [color],
      subcommands: [
        Command(
          name: "a", summary: "s", sharedOptions: [depth],
          subcommands: [Command(name: "b", summary: "s", run: Fixtures.succeed)], run: Fixtures.succeed)
      ])
    let b = try parse(["a", "b", "--depth", "3", "--color"], root)
    #expect(b[depth] == 3)
    #expect(b[color])
    #expect(try parse(["a", "--depth", "2", "b"], root)[depth] == 2)
    // --depth is shared by a with what is below it, not with the tool.
    #expect(failure(["--depth", "2"], root)?.message == "unknown option '--depth'")
    #expect(optionNames(root.spec.subcommands[0].subcommands[0]) == ["color", "depth"])
  }

  @Test func aSubcommandMayRedeclareASharedOption() throws {
    let loud = Flag("verbose", short: "v", help: "say more, louder")
    let root = Command(
      name: "t", summary: "s", sharedOptions: [Fixtures.verbose],
      subcommands: [Command(name: "a", summary: "s", options: [loud], run: Fixtures.succeed)])
    let spec = root.spec.subcommands[0]
    #expect(spec.options.map(\.help) == ["say more, louder"])
    #expect(try parse(["a", "-v"], root)[loud])
  }
}

@Suite("argument parser: options")
struct ParserOptionTests {
  @Test func longOptionWithSeparateValue() throws {
    #expect(try parse(["list", "--format", "json"])[Fixtures.format] == .json)
  }

  @Test func longOptionWithInlineValue() throws {
    let invocation = try parse(["list", "--format=json", "--tag=a=b", "--tag="])
    #expect(invocation[Fixtures.format] == .json)
    #expect(invocation[Fixtures.tag] == ["a=b", ""])
    // A value that begins with a combining mark: `=` and the mark are one character.
    #expect(try parse(["list", "--tag=\u{20DD}x"])[Fixtures.tag] == ["\u{20DD}x"])
  }

  @Test func valueMayStartWithADash() throws {
    #expect(try parse(["list", "--tag", "-1"])[Fixtures.tag] == ["-1"])
    #expect(try parse(["list", "-t", "--all"])[Fixtures.tag] == ["--all"])
    #expect(try parse(["list", "-t", "--all"])[Fixtures.all] == false)
  }

  @Test func shortOptionWithSeparateOrAttachedValue() throws {
    #expect(try parse(["list", "-n", "5"])[Fixtures.count] == 5)
    #expect(try parse(["list", "-n5"])[Fixtures.count] == 5)
  }

  @Test func clusteredShortFlags() throws {
    let invocation = try parse(["list", "-av"])
    #expect(invocation[Fixtures.all])
    #expect(invocation[Fixtures.verbose])
  }

  @Test func clusterEndingInAnOptionTakesTheRestOrTheNextWord() throws {
    let attached = try parse(["list", "-an10"])
    #expect(attached[Fixtures.all])
    #expect(attached[Fixtures.count] == 10)
    let separate = try parse(["list", "-van", "7", "x.jsonl"])
    #expect(separate[Fixtures.verbose] && separate[Fixtures.all])
    #expect(separate[Fixtures.count] == 7)
    #expect(separate.positionals == ["x.jsonl"])
  }

  @Test func repeatableOptionKeepsEveryValueInOrder() throws {
    let invocation = try parse(["list", "--tag", "a", "-t", "b", "--tag=c", "-td"])
    #expect(invocation[Fixtures.tag] == ["a", "b", "c", "d"])
    #expect(try parse(["list"])[Fixtures.tag] == [])
  }

  @Test func nonRepeatableOptionTwiceIsAnError() {
    let error = failure(["list", "-n", "1", "--count", "2"])
    #expect(error?.message == "--count was given twice; give it once")
    #expect(error?.code == 64)
    #expect(failure(["--store", "a", "list", "-s", "b"])?.message == "--store was given twice; give it once")
  }

  @Test func flagGivenTwiceIsFine() throws {
    #expect(try parse(["list", "-a", "--all"])[Fixtures.all])
  }

  @Test func flagWithAValueIsAnError() {
    #expect(failure(["list", "--all=yes"])?.message == "--all takes no value")
  }

  @Test func missingValueNamesThePlaceholder() {
    #expect(failure(["list", "--format"])?.message == "--format needs a value (F)")
    #expect(failure(["list", "-n"])?.message == "-n needs a value (N)")
  }

  @Test func unknownLongOptionSuggestsTheClosest() {
    let error = failure(["list", "--formt", "json"])
    #expect(error?.message == "unknown option '--formt'")
    #expect(error?.notes == ["did you mean --format?", "see 'demo-tool list --help'"])
    #expect(error?.code == 64)
  }

  @Test func unknownLongOptionSuggestsSharedOnes() {
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

@Suite("argument parser: typed values")
struct ParserValueTests {
  @Test func absentOptionsGiveTheirDefaults() throws {
    let invocation = try parse(["list"])
    #expect(invocation[Fixtures.store] == "~/demo.jsonl")
    #expect(invocation[Fixtures.format] == nil)
    #expect(invocation[Fixtures.count] == nil)
    #expect(invocation[Fixtures.since] == nil)
    #expect(invocation[Fixtures.ratio] == 1)
    #expect(invocation[Fixtures.tag] == [])
    #expect(invocation[Fixtures.all] == false)
    #expect(!invocation.isGiven(Fixtures.store))
    #expect(try parse(["list", "--store", "~/demo.jsonl"]).isGiven(Fixtures.store))
  }

  @Test func defaultsAreShownInHelpOnce() {
    #expect(Fixtures.store.spec.help == "the store file [JSON lines] (default ~/demo.jsonl)")
    #expect(Fixtures.ratio.spec.help == "a share (default 1)")
    #expect(Fixtures.count.spec.help == "at most N records, 1 to 10")
    let pages = Option.int("pages", help: "how many pages", default: 25, in: 1...240)
    #expect(pages.spec.help == "how many pages, 1 to 240 (default 25)")
    let width = Option.int("width", help: "columns", default: 80, in: 20...Int.max)
    #expect(width.spec.help == "columns, at least 20 (default 80)")
  }

  @Test func integerWithinARange() throws {
    #expect(try parse(["list", "-n", "7"])[Fixtures.count] == 7)
    #expect(try parse(["list", "-n", "1"])[Fixtures.count] == 1)
    #expect(try parse(["list", "-n", "10"])[Fixtures.count] == 10)
    let pages = Option.int("pages", help: "how many", default: 3, in: 1...10)
    #expect(try parse([], tool([pages]))[pages] == 3)
    #expect(try parse(["--pages", "4"], tool([pages]))[pages] == 4)
  }

  @Test func integerOutOfRangeOrNotANumber() {
    let cases: [(String, ClosedRange<Int>, String)] = [
      ("11", 1...10, "--count takes a whole number from 1 to 10, not '11'"),
      ("x", 1...10, "--count takes a whole number from 1 to 10, not 'x'"),
      ("-1", 0...Int.max, "--count takes a whole number of at least 0, not '-1'"),
      ("1.5", Int.min...Int.max, "--count takes a whole number, not '1.5'"),
    ]
    for (text, range, message) in cases {
      let count = Option.int("count", help: "how many", default: 0, in: range)
      let error = failure(["--count", text], tool([count]))
      #expect(error?.message == message)
      #expect(error?.code == 64)
    }
  }

  @Test func numberWithinARange() throws {
    #expect(try parse(["list", "--ratio", "0.25"])[Fixtures.ratio] == 0.25)
    #expect(try parse(["list", "--ratio", "0"])[Fixtures.ratio] == 0)
    for bad in ["1.5", "abc", "nan", "inf", "-0.1"] {
      let error = failure(["list", "--ratio", bad])
      #expect(error?.message == "--ratio takes a number from 0 to 1, not '\(bad)'")
      #expect(error?.code == 64)
    }
    let scale: Option<Double?> = .double("scale", help: "a factor", in: 0.5...2.5)
    #expect(try parse([], tool([scale]))[scale] == nil)
    #expect(try parse(["--scale=2"], tool([scale]))[scale] == 2)
    #expect(
      failure(["--scale", "3"], tool([scale]))?.message == "--scale takes a number from 0.5 to 2.5, not '3'")
  }

  @Test func dates() throws {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    let expected = calendar.date(
      from: DateComponents(year: 2026, month: 11, day: 29, hour: 10, minute: 0, second: 0))!
    let seconds = Int(expected.timeIntervalSince1970)
    #expect(try parse(["list", "--since", "2026-11-29T10:00:00Z"])[Fixtures.since] == .instant(seconds))
    #expect(try parse(["list", "--since", "2026-11-29"])[Fixtures.since] == .local(seconds - 36000))
    #expect(try parse(["list", "--since", "2026-11-29"]).time(Fixtures.since, in: .utc) == seconds - 36000)
    #expect(try parse(["list", "--since", "@1000"])[Fixtures.since] == .instant(1000))
    #expect(try parse(["list", "--since", "yesterday"])[Fixtures.since] == .daysAgo(1))
    #expect(try parse(["list"])[Fixtures.since] == nil)
    for bad in ["last tuesday", ""] {
      let error = failure(["list", "--since=\(bad)"])
      #expect(
        error?.message
          == "--since takes a time such as 2026-11-29T10:00:00Z, 2026-11-29 10:00 (local), yesterday or "
          + "'2 hours ago', not '\(bad)'")
      #expect(error?.code == 64)
    }
  }

  @Test func nowIsTheOptionOrTheClock() throws {
    let now: Option<WrittenTime?> = .date("now", help: "the time to use")
    #expect(try parse(["--now", "@1000"], tool([now])).now(now) == 1000)
    let before = Int(Date().timeIntervalSince1970)
    let clock = try parse([], tool([now])).now(now)
    #expect(clock >= before && clock <= before + 60)
  }

  @Test("an option whose value may be left out takes it only after '='")
  func optionalValue() throws {
    var spec = OptionSpec(long: "store", valueName: "FILE", help: "the store")
    spec.valueIsOptional = true
    let store = Option<String?>(spec: spec) { (words: [String]) throws(ToolError) -> String? in words.last }
    #expect(try parse([], tool([store]))[store] == nil)
    #expect(try parse(["--store"], tool([store]))[store] == "")
    #expect(try parse(["--store=a.jsonl"], tool([store]))[store] == "a.jsonl")
    #expect(throws: ToolError.self) { try parse(["--store", "a.jsonl"], tool([store])) }
    #expect(Help.optionLabel(spec) == "    --store[=FILE]")
  }

  @Test func textOptions() throws {
    #expect(try parse(["list", "--store", ""])[Fixtures.store] == "")
    let type = Fixtures.type
    #expect(try parse([], Fixtures.filter)[type] == nil)
    #expect(try parse(["-t", "order"], Fixtures.filter)[type] == "order")
  }

  @Test func generalOptionWithItsOwnParse() throws {
    let size = Option<Int>(
      "size", name: "BYTES", help: "a size such as 4k", default: 1024, defaultText: "1k"
    ) { (text: String) throws(ToolError) -> Int in
      guard text.hasSuffix("k"), let n = Int(text.dropLast()) else {
        throw .usage("--size takes a size such as 4k, not '\(text)'")
      }
      return n * 1024
    }
    #expect(size.spec.help == "a size such as 4k (default 1k)")
    #expect(try parse([], tool([size]))[size] == 1024)
    #expect(try parse(["--size", "4k"], tool([size]))[size] == 4096)
    #expect(failure(["--size", "4"], tool([size]))?.message == "--size takes a size such as 4k, not '4'")
  }
}

/// The shapes a chart may take, for the choice tests.
enum Shape: String, CaseIterable, Sendable {
  case bar, line, pie
}

@Suite("argument parser: choices")
struct ParserChoiceTests {
  static let shape = Option.choice("shape", name: "S", help: "the chart's shape", default: Shape.bar)

  @Test func choicesComeFromTheEnum() throws {
    #expect(Self.shape.spec.choices == ["bar", "line", "pie"])
    #expect(Self.shape.spec.help == "the chart's shape (default bar)")
    #expect(Fixtures.format.spec.choices == ["text", "json"])
    #expect(try parse(["--shape", "pie"], tool([Self.shape]))[Self.shape] == .pie)
    #expect(try parse([], tool([Self.shape]))[Self.shape] == .bar)
    #expect(try parse(["list", "-f", "text"])[Fixtures.format] == .text)
  }

  @Test func otherValuesAreRefused() {
    let error = failure(["list", "--format", "xml"])
    #expect(error?.message == "--format takes text or json, not 'xml'")
    #expect(error?.code == 64)
    #expect(
      failure(["--shape=Bar"], tool([Self.shape]))?.message
        == "--shape takes one of bar, line, pie, not 'Bar'")
  }
}

@Suite("argument parser: required options")
struct ParserRequiredTests {
  static let name = Option.required("name", short: "N", name: "NAME", help: "who it is for")
  static let command = tool([name, Fixtures.verbose])

  @Test func requiredOptionIsRead() throws {
    #expect(try parse(["--name", "Ada"], Self.command)[Self.name] == "Ada")
    #expect(try parse(["-NAda", "-v"], Self.command)[Self.name] == "Ada")
  }

  @Test func missingRequiredOptionShowsTheUsage() {
    let error = failure(["-v"], Self.command)
    #expect(error?.message == "missing --name")
    #expect(error?.notes == ["usage: t --name NAME [--verbose]"])
    #expect(error?.code == 64)
  }

  @Test func helpNeedsNoRequiredOption() throws {
    #expect(try helpRequest(["--help"], Self.command)?.path == ["t"])
  }
}

@Suite("argument parser: arguments")
struct ParserArgumentTests {
  @Test func doubleDashEndsOptions() throws {
    let invocation = try parse(["list", "-a", "--", "--format", "-n", "--"])
    #expect(invocation[Fixtures.all])
    #expect(invocation.positionals == ["--format", "-n", "--"])
    #expect(invocation[Fixtures.format] == nil)
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
    #expect(error?.notes == ["usage: demo-tool next [--store FILE] [--verbose] ID"])
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
    #expect(invocation[Fixtures.all])
  }

  @Test func argumentCounts() throws {
    let some = tool([], arguments: Arguments(Argument.some("PATH")))
    #expect(failure([], some)?.message == "missing PATH")
    #expect(try parse(["a", "b"], some).positionals == ["a", "b"])
    let optional = tool([], arguments: Arguments(Argument.optional("NAME")))
    #expect(try parse([], optional).positionals == [])
    #expect(failure(["a", "b"], optional)?.message == "too many arguments (at most 1 NAME)")
  }

  @Test func typedArgumentsTakeTheirWordsInOrder() throws {
    let file = Argument.one("FILE")
    let title = Argument.optional("TITLE")
    let notes = Argument.many("NOTE")
    let command = tool([], arguments: Arguments(file, title, notes))
    let one = try parse(["a"], command)
    #expect(one[file] == "a")
    #expect(one[title] == nil)
    #expect(one[notes] == [])
    let two = try parse(["a", "--", "-b"], command)
    #expect(two[title] == "-b")
    #expect(two[notes] == [])
    let four = try parse(["a", "b", "c", "d"], command)
    #expect(four[file] == "a")
    #expect(four[title] == "b")
    #expect(four[notes] == ["c", "d"])
    #expect(four.positionals == ["a", "b", "c", "d"])
    #expect(command.spec.usage == ["t FILE TITLE NOTE..."])
  }

  @Test func theMissingArgumentIsNamed() {
    let command = tool([], arguments: Arguments(Argument.one("FILE"), Argument.one("NEW_TITLE")))
    #expect(failure([], command)?.message == "missing FILE")
    #expect(failure(["a"], command)?.message == "missing NEW_TITLE")
    #expect(failure(["a"], command)?.notes == ["usage: t FILE NEW_TITLE"])
  }

  @Test func anArgumentDecodesToItsTypeBeforeTheRun() throws {
    let count = Argument("N", min: 1, max: 1) { (words: [String]) throws(ToolError) -> Int in
      guard let n = Int(words[0]) else { throw .usage("N is a whole number, not '\(words[0])'") }
      return n
    }
    let command = tool([], arguments: Arguments(count))
    #expect(try parse(["12"], command)[count] == 12)
    let error = failure(["twelve"], command)
    #expect(error?.message == "N is a whole number, not 'twelve'")
    #expect(error?.code == 64)
  }
}

@Suite("argument parser: generated usage lines")
struct ParserUsageTests {
  @Test func usageLinesOfTheDemoTool() {
    let spec = Fixtures.tool
    #expect(
      spec.usage == ["demo-tool [--dry-run] [--store FILE] [--verbose]", "demo-tool COMMAND [OPTION...]"])
    #expect(
      spec.subcommands[0].usage == [
        "demo-tool list [--format text|json] [--tag TAG...] [--count N] [--all] [--since DATE] [--ratio R]",
        "               [--store FILE] [--verbose] [FILE...]",
      ])
    #expect(spec.subcommands[1].usage == ["demo-tool next [--store FILE] [--verbose] ID"])
    #expect(spec.subcommands[2].usage == ["demo-tool admin COMMAND [OPTION...]"])
    #expect(
      spec.subcommands[2].subcommands[0].usage == [
        "demo-tool admin reset [--force] [--store FILE] [--verbose]"
      ])
  }

  @Test func requiredOptionsAndArgumentsAreNotBracketed() {
    let name = Option.required("name", name: "NAME", help: "who")
    #expect(tool([name], arguments: Arguments(Argument.some("PATH"))).spec.usage == ["t --name NAME PATH..."])
    #expect(tool([], arguments: Arguments(Argument.optional("NAME"))).spec.usage == ["t [NAME]"])
    #expect(tool([], arguments: Arguments(Argument.one("ID"))).spec.usage == ["t ID"])
  }

  @Test func manyChoicesShowTheValueName() {
    enum Many: String, CaseIterable, Sendable { case a, b, c, d, e, f }
    let many = Option.choice("many", name: "M", help: "one of six", default: Many.a)
    #expect(tool([many]).spec.usage == ["t [--many M]"])
  }
}

@Suite("argument parser: help and version")
struct ParserHelpTests {
  @Test func helpForTheToolAndForASubcommand() throws {
    let root = try #require(try helpRequest(["--help"]))
    #expect(root.path == ["demo-tool"])
    #expect(root.parents.isEmpty)
    let sub = try #require(try helpRequest(["admin", "reset", "-h"]))
    #expect(sub.path == ["demo-tool", "admin", "reset"])
    #expect(sub.spec.name == "reset")
    #expect(sub.parents.map(\.name) == ["demo-tool", "admin"])
  }

  @Test func helpWinsOverAMissingArgument() throws {
    #expect(try helpRequest(["next", "--help"])?.path == ["demo-tool", "next"])
  }

  @Test func helpWinsOverAnOptionTheSubcommandDoesNotAccept() throws {
    #expect(try helpRequest(["--dry-run", "list", "--help"])?.path == ["demo-tool", "list"])
  }

  @Test func shortHInACluster() throws {
    #expect(try helpRequest(["list", "-ah"]) != nil)
  }

  @Test func shortHBelongsToAToolThatDefinesIt() throws {
    let human = Flag("human", short: "h", help: "readable")
    #expect(try parse(["-h"], tool([human]))[human])
  }

  @Test func versionOnlyAtTheTop() throws {
    guard case .version = try CommandLineParser.parse(["--version"], root: Fixtures.command) else {
      Issue.record("--version did not ask for the version")
      return
    }
    // A subcommand's help does not list --version, and it does not take it.
    #expect(failure(["list", "--version"])?.message == "unknown option '--version'")
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

/// The runtime around the parser, run in process: what a tool prints and the status it exits with.
@Suite("usage errors through the runtime")
struct UsageExitTests {
  @Test func unknownOptionExits64WithAHint() {
    let result = TestSupport.runInProcess(Fixtures.command, ["list", "--formt"])
    #expect(result.status == 64)
    #expect(
      result.err == """
        demo-tool: error: unknown option '--formt'
        demo-tool: did you mean --format?
        demo-tool: see 'demo-tool list --help'

        """)
    #expect(result.out.isEmpty)
  }

  @Test func badTypedValueExits64() {
    let result = TestSupport.runInProcess(Fixtures.command, ["list", "--count", "0"])
    #expect(result.status == 64)
    #expect(result.err == "demo-tool: error: --count takes a whole number from 1 to 10, not '0'\n")
    #expect(result.out.isEmpty)
  }

  @Test func helpAndVersionGoToStdout() {
    let help = TestSupport.runInProcess(Fixtures.command, ["admin", "--help"])
    #expect(help.status == 0)
    #expect(help.out.hasPrefix("demo-tool admin - administration\n"))
    #expect(help.err.isEmpty)
    let version = TestSupport.runInProcess(Fixtures.command, ["--version"])
    #expect(
      version.out == "demo-tool (SamplePipes) \(samplePipesVersion), protocol version \(protocolVersion)\n")
  }

  @Test func theRunGetsTheTypedInvocation() {
    let shout = Flag("shout", help: "loudly")
    let who = Argument.one("NAME")
    let hello = Command(
      name: "hello", summary: "greets", options: [shout], arguments: Arguments(who),
      run: { invocation in
        let name = invocation[who]
        StandardOutput.shared.write(invocation[shout] ? "HELLO, \(name.uppercased())!\n" : "hello, \(name)\n")
        return name == "nobody" ? ExitStatus.failure : ExitStatus.ok
      })
    #expect(TestSupport.runInProcess(hello, ["--shout", "ada"]).out == "HELLO, ADA!\n")
    let nobody = TestSupport.runInProcess(hello, ["nobody"])
    #expect(nobody.status == 1)
    #expect(nobody.out == "hello, nobody\n")
  }

  @Test func generatedManualAndCompletionsTakeTheDeclaration() {
    let manual = TestSupport.runInProcess(Fixtures.command, ["--generate-manual"])
    #expect(manual.status == 0)
    #expect(manual.stdout == Data(Manual.render(Fixtures.tool).utf8))
    let bash = TestSupport.runInProcess(Fixtures.command, ["--generate-completion-script", "bash"])
    #expect(bash.out == Completions.script(for: Fixtures.tool, shell: "bash"))
    let extra = TestSupport.runInProcess(Fixtures.command, ["--generate-manual", "x"])
    #expect(extra.status == 64)
    #expect(extra.err == "demo-tool: error: --generate-manual takes no arguments\n")
  }
}
