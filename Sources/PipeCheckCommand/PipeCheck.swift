import PipeProtocol
import ToolSupport

/// `pipe-check`: validates a JSON-lines stream against PROTOCOL.md.
public enum PipeCheck: LegacyCommand {
  /// The command-line specification.
  public static let spec = CommandSpec(
    name: "pipe-check",
    summary: "check that a stream follows the SamplePipes protocol",
    usage: ["pipe-check [--pass] [--quiet] [--type T] [--strict] [--allow-empty] [FILE...]"],
    options: [
      .flag("pass", short: "p", help: "also write every record to stdout exactly as it came"),
      .flag("quiet", short: "q", help: "print nothing; only the exit status tells"),
      .value(
        "type", short: "t", name: "T", help: "check only records of type T (others are framed and counted)"),
      .flag("strict", help: "also report record types the protocol does not define"),
      .flag("allow-empty", help: "accept an input with no records (by default that is a problem)"),
      .value("max-problems", name: "N", help: "print at most N problems (default 100; all are counted)"),
      .value("max-line-length", name: "BYTES", help: "refuse longer lines (default 67108864, 64 MiB)"),
      .value("max-depth", name: "N", help: "refuse deeper nesting (default 512)"),
      .flag("list-types", help: "list the record types the protocol defines and exit"),
      .flag("describe", help: "print every record type's fields as Markdown (the table in PROTOCOL.md)"),
    ],
    positionalName: "FILE",
    input: """
      JSON lines from each FILE, or stdin ('-' or none). Every line must be one JSON object
      (RFC 8259, UTF-8) with a string "type"; empty lines are skipped. Records of a type that
      PROTOCOL.md defines must have its required fields with the right types.
      """,
    output: """
      stderr: one line per problem ('FILE line N: ...') and a summary
      ('N records, M types, K problems'). stdout: nothing, or with --pass every line as read.
      """,
    exitStatus: ["65   a problem was found (all problems are counted, the first 100 printed)"],
    examples: [
      "orders generate | pipe-check",
      "orders generate | pipe-check --pass | sales-chart",
      "pipe-check --type order --quiet store.jsonl && echo ok",
    ])

  /// Runs the check.
  public static func run(_ invocation: LegacyInvocation) throws -> Int32 {
    if invocation.flag("describe") {
      StandardOutput.shared.write(SchemaDocs.markdown(RecordTypes.catalog.all))
      return ExitStatus.ok
    }
    if invocation.flag("list-types") {
      for schema in RecordTypes.catalog.all {
        StandardOutput.shared.write("\(schema.type)\t\(schema.summary)\n")
      }
      return ExitStatus.ok
    }
    var checker = Checker(
      pass: invocation.flag("pass"), quiet: invocation.flag("quiet"), onlyType: invocation.string("type"),
      strict: invocation.flag("strict"),
      maxProblems: try invocation.int("max-problems", default: 100, in: 0...Int.max),
      maxDepth: try invocation.int(
        "max-depth", default: JSONParser.defaultMaxDepth, in: 1...JSONParser.maxDepthCeiling))
    let maxLine = try invocation.int(
      "max-line-length", default: LineReader.defaultMaxLineLength, in: 16...(1 << 40))
    let paths = invocation.positionals.isEmpty ? ["-"] : invocation.positionals
    var status = ExitStatus.ok
    for path in paths {
      if path == "-", Terminal.isTTY(0), !checker.quiet {
        Diagnostics.note("reading JSON lines from the terminal; end with Ctrl-D", tool: spec.name)
      }
      let reader: LineReader
      do {
        reader = try LineReader.open(path: path, maxLineLength: maxLine)
      } catch {
        if !checker.quiet { _ = Diagnostics.report(error, tool: spec.name) }
        status = ExitStatus.noInput
        continue
      }
      let before = (checker.records, checker.problems)
      try checker.check(reader)
      if (checker.records, checker.problems) == before, !invocation.flag("allow-empty") {
        checker.problem(reader.source, 1, "no records: the input is empty (use --allow-empty to accept that)")
      }
    }
    StandardOutput.shared.flush()
    if !checker.quiet {
      let types = checker.types.count
      Diagnostics.note(
        "\(checker.records) record\(checker.records == 1 ? "" : "s"), \(types) type\(types == 1 ? "" : "s"), "
          + "\(checker.problems) problem\(checker.problems == 1 ? "" : "s")", tool: spec.name)
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
  var lastType = ""
  var lastSchema: RecordSchema?
  let schemas = RecordTypes.checked()

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
    let error = InputError(source: source, line: line, column: column, message: message)
    StandardOutput.error.write("pipe-check: \(error.description)\n")
    if problems == maxProblems {
      StandardOutput.error.write("pipe-check: (further problems are counted, not printed)\n")
    }
    StandardOutput.error.flush()
  }

  mutating func check(_ reader: LineReader) throws {
    reader.beforeRead = { StandardOutput.shared.flush() }
    reader.skipsBlankLines = false
    let source = reader.source
    while true {
      let more: Bool
      do {
        more = try reader.next { line in
          if pass {
            StandardOutput.shared.write(line.bytes)
            StandardOutput.shared.write(
              UnsafeBufferPointer(start: line.ending.utf8Start, count: line.ending.utf8CodeUnitCount))
          }
          if !line.bytes.isEmpty { checkLine(line, source: source) }
        }
      } catch let error as InputError where error.kind == .badData {
        problem(error.source, error.line, error.message)
        continue
      }
      if !more { break }
    }
  }

  mutating func checkLine(_ line: Line, source: String) {
    let type: String
    do {
      type = try RecordIndexer.index(
        line.bytes, source: source, line: line.number, into: &members, maxDepth: maxDepth)
    } catch {
      problem(error.source, error.line, error.message, column: error.column)
      return
    }
    records += 1
    if type != lastType {
      lastType = type
      lastSchema = schemas.schema(for: type)
      types.insert(type)
    }
    if let onlyType, type != onlyType { return }
    guard let schema = lastSchema else {
      if strict { problem(source, line.number, "unknown record type \"\(type)\" (see PROTOCOL.md)") }
      return
    }
    for message in schema.problems(in: line.bytes, members: members) {
      problem(source, line.number, "\(type) record: \(message)")
    }
  }
}
