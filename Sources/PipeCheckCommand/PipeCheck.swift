import FoodTruckKit
import PipeProtocol
import PipeReading
import ToolSupport

/// `pipe-check`: validates a JSON-lines stream against PROTOCOL.md.
public enum PipeCheck: Tool {
  static let pass = Flag(
    "pass", short: "p",
    help: "guard a pipeline: write each good line to stdout as it came; stop at the first bad one (exit 65)")
  static let quiet = Flag("quiet", short: "q", help: "print nothing; only the exit status tells")
  static let type = Option.string(
    "type", short: "t", name: "T", help: "check only records of type T (others are framed and counted)")
  static let strict = Flag("strict", help: "also report record types the protocol does not define")
  static let allowEmpty = Flag(
    "allow-empty", help: "accept an input with no records (by default that is a problem)")
  static let maxProblems = Option.int(
    "max-problems", help: "print at most N problems (all are counted)", default: 100, in: 0...Int.max)
  static let maxLineLength = Option.int(
    "max-line-length", name: "BYTES", help: "refuse longer lines",
    default: LineReader.defaultMaxLineLength, in: 16...(1 << 40))
  static let maxDepth = Option.int(
    "max-depth", help: "refuse deeper nesting", default: JSONParser.defaultMaxDepth,
    in: 1...JSONParser.maxDepthCeiling)
  static let listTypes = Flag("list-types", help: "list the record types the protocol defines and exit")
  static let describe = Flag(
    "describe", help: "print every record type's fields as Markdown (the table in PROTOCOL.md)")

  /// The command: its options, help sections and run.
  public static let command = Command(
    name: "pipe-check",
    summary: "check that a stream follows the SamplePipes protocol",
    options: [
      pass, quiet, type, strict, allowEmpty, maxProblems, maxLineLength, maxDepth, listTypes, describe,
    ],
    arguments: .files,
    input: """
      JSON lines from each FILE, or stdin ('-' or none). Every line must be one JSON object
      (RFC 8259, UTF-8) with a string "type"; empty lines are skipped. Records of a type that
      PROTOCOL.md defines must have its required fields with the right types.
      """,
    output: """
      stderr: one line per problem ('FILE line N: ...') and a summary
      ('N records, M types, K problems'). stdout: nothing.
      --pass: every line as read, checked first: at the first line with a problem pipe-check stops,
      writes nothing of it or after it, names it and exits 65, so that nothing it finds wrong
      reaches the next tool.
      """,
    exitStatus: ["1", "65   a problem was found (all problems are counted, the first 100 printed)"],
    examples: """
      orders generate | pipe-check
      orders generate | pipe-check --pass | sales-chart
      pipe-check --type order --quiet store.jsonl && echo ok
      """,
    run: run)

  /// Runs the check.
  static func run(_ invocation: Invocation) throws -> Int32 {
    if invocation[describe] {
      StandardOutput.shared.write(SchemaDocs.markdown(RecordTypes.catalog.all))
      return ExitStatus.ok
    }
    if invocation[listTypes] {
      for schema in RecordTypes.catalog.all {
        StandardOutput.shared.write("\(schema.type)\t\(schema.summary)\n")
      }
      return ExitStatus.ok
    }
    var checker = Checker(
      pass: invocation[pass], quiet: invocation[quiet], onlyType: invocation[type],
      strict: invocation[strict], maxProblems: invocation[maxProblems], maxDepth: invocation[maxDepth])
    var status = ExitStatus.ok
    try Inputs.forEachReader(
      invocation.positionals, tool: command.name, quiet: checker.quiet,
      maxLineLength: invocation[maxLineLength],
      cannotOpen: { error in
        if !checker.quiet { _ = Diagnostics.report(error, tool: command.name) }
        status = ExitStatus.noInput
      }
    ) { reader in
      let before = (checker.records, checker.problems)
      try checker.checkAll(reader)
      if checker.stopped { return false }
      if (checker.records, checker.problems) == before, !invocation[allowEmpty] {
        checker.problem(reader.source, 1, "no records: the input is empty (use --allow-empty to accept that)")
      }
      return true
    }
    StandardOutput.shared.flush()
    if !checker.quiet {
      let types = checker.types.count
      Diagnostics.note(
        [
          Numbers.count(checker.records, "record"), Numbers.count(types, "type"),
          Numbers.count(checker.problems, "problem"),
        ]
        .joined(separator: ", "), tool: command.name)
    }
    if checker.problems > 0 { return ExitStatus.dataError }
    return status
  }
}

/// The state of one check over one or more inputs.
struct Checker {
  let pass: Bool
  let quiet: Bool
  let onlyType: String?
  let strict: Bool
  let maxProblems: Int
  let maxDepth: Int
  var records = 0
  var problems = 0
  var types: Set<String> = []
  var members: [MemberSpan] = []
  /// The type of the last record checked (none before the first: its type is always counted).
  var lastType: String?
  var lastSchema: RecordSchema?
  /// Whether a guard (`--pass`) stopped at a bad line.
  var stopped = false
  /// The menu so far: the built-in donuts and those the stream's `donut` records defined.
  var menu = RecordTypes.menu
  /// The schemas, with the rule that donut ids are on `menu`.
  var schemas = RecordTypes.checked()

  init(pass: Bool, quiet: Bool, onlyType: String?, strict: Bool, maxProblems: Int, maxDepth: Int) {
    self.pass = pass
    self.quiet = quiet
    self.onlyType = onlyType
    self.strict = strict
    self.maxProblems = maxProblems
    self.maxDepth = maxDepth
  }

  mutating func problem(_ source: String, _ line: Int, _ message: String, column: Int = 0) {
    problems += 1
    guard !quiet, problems <= maxProblems else { return }
    ReadProgress.clearForMessage()
    let error = InputError(source: source, line: line, column: column, message: message)
    StandardOutput.error.write("pipe-check: \(TerminalText.safe(error.description))\n")
    if problems == maxProblems {
      StandardOutput.error.write("pipe-check: (further problems are counted, not printed)\n")
    }
    StandardOutput.error.flush()
  }

  mutating func check(_ reader: LineReader) throws {
    reader.skipsBlankLines = false
    let source = reader.source
    while !stopped {
      let more: Bool
      do {
        more = try reader.next { line in
          let before = problems
          if !line.bytes.isEmpty { checkLine(line, source: source) }
          guard pass else { return }
          if problems > before {
            stopped = true
            return
          }
          StandardOutput.shared.write(line.bytes)
          StandardOutput.shared.write(
            UnsafeBufferPointer(start: line.ending.utf8Start, count: line.ending.utf8CodeUnitCount))
        }
      } catch let error as InputError where error.kind == .badData {
        problem(error.source, error.line, error.message)
        if pass { stopped = true }
        continue
      }
      if !more { break }
    }
    if stopped, pass, !quiet {
      StandardOutput.error.write(
        "pipe-check: --pass stopped at that line; nothing from it on was passed on\n")
      StandardOutput.error.flush()
    }
  }

  mutating func checkLine(_ line: Line, source: String) {
    let type: String
    do {
      type = try RecordIndexer.index(
        line.bytes, source: source, line: line.number, into: &members, maxDepth: maxDepth)
    } catch {
      problem(error.source, error.line, error.message, column: error.column)
      // A stream that starts pretty-printed (its first problem, before any record) is more of
      // the same from there on: one hint, not a line each. A piece in the middle of a stream of
      // records is reported like any other bad line, and checking goes on.
      if error.message == PrettyPrintedJSON.hint, records == 0, problems == 1 { stopped = true }
      return
    }
    records += 1
    if type != lastType {
      lastType = type
      lastSchema = schemas.schema(for: type)
      types.insert(type)
    }
    if let onlyType, type != onlyType {
      // A donut record still defines its donut for the records after it; checking it is up to a
      // run that checks donuts.
      if type == "donut", lastSchema?.problems(in: line.bytes, members: members).isEmpty ?? false {
        define(line, source: source, report: false)
      }
      return
    }
    guard let schema = lastSchema else {
      if strict { problem(source, line.number, "unknown record type \"\(type)\" (see PROTOCOL.md)") }
      return
    }
    let found = schema.problems(in: line.bytes, members: members)
    for message in found {
      problem(source, line.number, "\(type) record: \(message)")
    }
    if type == "donut", found.isEmpty { define(line, source: source, report: true) }
  }

  /// Learns the donut of a well-formed `donut` record: a built-in id must be the built-in donut, a
  /// new id defines a custom donut that later records may name, an id defined before must be
  /// defined the same way (`Menu.define`); its flavours must be what its ingredients give.
  mutating func define(_ line: Line, source: String, report: Bool) {
    do throws(InputError) {
      let record = try Record(bytes: Array(line.bytes), source: source, line: line.number)
      let donut = try Donut(definition: record)
      do {
        guard try menu.define(donut) else { return }
      } catch {
        throw record.error(error.message)
      }
      schemas = RecordTypes.checked(menu: menu)
      lastType = ""
    } catch {
      if report { problem(error.source, error.line, "donut record: \(error.message)") }
    }
  }
}
