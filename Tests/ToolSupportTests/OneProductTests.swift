import Foundation
import PipeProtocol
import PipeReading
import TestSupport
import Testing
import ToolSupport

/// The conventions every tool gets from one helper: `-f/--format`'s vocabulary, did-you-mean for
/// values, `--color`, numbers for people, and the pretty-printed JSON hint.
@Suite("one product: shared conventions")
struct OneProductTests {
  static let format = Option.format([.text, .json], default: .json)
  static let files = Command(
    name: "t", summary: "a tool of files and commands", arguments: .files,
    subcommands: [Command(name: "history", summary: "a subcommand", run: { _ in 0 })], run: { _ in 0 })

  static func run(_ arguments: [String], _ root: Command) -> (value: Invocation?, error: ToolError?) {
    do {
      guard case .run(let invocation) = try CommandLineParser.parse(arguments, root: root) else {
        return (nil, nil)
      }
      return (invocation, nil)
    } catch {
      return (nil, error)
    }
  }

  @Test("--format takes text and json, with jsonl as another spelling of json")
  func formatVocabulary() {
    let tool = Command(name: "t", summary: "a tool", options: [Self.format], run: { _ in 0 })
    #expect(Self.run(["-f", "text"], tool).value?[Self.format] == .text)
    #expect(Self.run(["--format=jsonl"], tool).value?[Self.format] == .json)
    #expect(Self.run(["--format", "JSON"], tool).value?[Self.format] == .json)
    #expect(Self.run([], tool).value?[Self.format] == .json)
    let error = Self.run(["-f", "txt"], tool).error
    #expect(error?.code == 64)
    #expect(error?.message == "--format takes text or json, not 'txt'")
    #expect(error?.notes == ["did you mean 'text'?"])
    #expect(Self.run(["-f", "svg"], tool).error?.message == "--format takes text or json, not 'svg'")
    #expect(Self.format.spec.choices == ["text", "json"])
  }

  @Test("a swap of two letters is one edit, so 'histroy' suggests 'history'")
  func transpositions() {
    #expect(Suggest.distance("histroy", "history") == 1)
    #expect(Suggest.distance("wek", "week") == 1)
    #expect(Suggest.distance("ab", "ba") == 1)
    #expect(Suggest.notes(for: "Londn", in: ["London", "Paris"]) == ["did you mean 'London'?"])
    #expect(Suggest.notes(for: "zzzzzz", in: ["London", "Paris"]) == [])
    // Case is ignored, and the candidate is named as it is written.
    #expect(Suggest.notes(for: "londn", in: ["London", "Paris"]) == ["did you mean 'London'?"])
    #expect(Suggest.notes(for: "Bar", in: ["bar", "line"]) == ["did you mean 'bar'?"])
    #expect(Suggest.notes(for: "bar", in: ["bar", "line"]) == [])
    let unknown = Suggest.unknown("city", "Londn", in: ["London", "Paris"], plural: "cities")
    #expect(unknown.code == 64)
    #expect(unknown.message == "unknown city 'Londn'")
    #expect(unknown.notes == ["did you mean 'London'?", "cities: London, Paris"])
  }

  @Test("a FILE that does not exist and is one edit from a subcommand is a usage error")
  func fileThatIsAMistypedCommand() throws {
    let error = Self.run(["histroy"], Self.files).error
    #expect(error?.code == 64)
    #expect(error?.notes.first == "did you mean 'history'?")
    // A file that exists is read, whatever its name.
    let dir = try TestSupport.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let path = dir.appendingPathComponent("histroy").path
    FileManager.default.createFile(atPath: path, contents: Data())
    #expect(Self.run([path], Self.files).value?.positionals == [path])
    // A word far from every command is left to the tool (it cannot open it: 66).
    #expect(Self.run(["orders.jsonl"], Self.files).value?.positionals == ["orders.jsonl"])
  }

  // Run as a separate process: `--color` sets a process-wide choice, which would colour the
  // output of tests running beside this one in the same process.
  @Test("--color=always colours a pipe, never does not, and a typo is refused with a suggestion")
  func color() throws {
    let always = try TestSupport.run("trips", ["collections", "-f", "text", "--color=always"])
    #expect(always.status == 0)
    #expect(always.out.contains("\u{1B}["))
    let never = try TestSupport.run("trips", ["collections", "-f", "text", "--color", "never"])
    #expect(never.status == 0)
    #expect(!never.out.contains("\u{1B}["))
    let tool = Command(name: "t", summary: "a tool", run: { _ in 0 })
    let error = Self.run(["--color=alwys"], tool).error
    #expect(error?.code == 64)
    #expect(error?.notes == ["did you mean 'always'?"])
    #expect(Terminal.color == .auto)
  }

  @Test("numbers for people: grouped digits and money with cents")
  func numbers() {
    #expect(Numbers.grouped(1_000_000) == "1,000,000")
    #expect(Numbers.grouped(-38_790) == "-38,790")
    #expect(Numbers.grouped(999) == "999")
    #expect(Numbers.money(1231.14) == "$1,231.14")
    #expect(Numbers.money(cents: 5) == "$0.05")
    #expect(Numbers.money(cents: -123_456) == "-$1,234.56")
    #expect(Numbers.count(1, "Donut") == "1 Donut")
    #expect(Numbers.count(2_651_892, "Donut") == "2,651,892 Donuts")
  }

  @Test(
    "pieces of pretty-printed JSON are recognised, a record cut short is not",
    arguments: [
      ("{", true), ("  [", true), ("}", true), ("},", true), ("  \"id\": 3,", true),
      ("\"type\": \"order\"", true), ("  \"a\\\"b\" : 1", true),
      ("{\"type\":\"order\",", false), ("{\"type\":\"order\"}", false), ("", false), ("3", false),
      ("\"just a string\"", false), ("}}", false),
    ])
  func prettyPrinted(line: String, expected: Bool) {
    let bytes = Array(line.utf8)
    #expect(bytes.withUnsafeBufferPointer(PrettyPrintedJSON.looksLikePart) == expected)
  }

  @Test("a reader names the first line of a pretty-printed stream with the hint")
  func readerHint() throws {
    let reader = RecordReader(LineReader(bytes: Array("{\n  \"type\": \"order\"\n}\n".utf8), source: "stdin"))
    let error = #expect(throws: InputError.self) { try reader.forEach { _ in } }
    #expect(error?.line == 1)
    #expect(error?.message == PrettyPrintedJSON.hint)
  }

  @Test(
    "a neighbour's format gets its fix named: an array of objects, a CSV header on line 1, a byte order mark",
    arguments: [
      (#"[{"type":"order"},{"type":"order"}]"#, 1, "`jq -c '.[]'`"),
      (#"  [ {"type":"order"}]"#, 3, "`jq -c '.[]'`"),
      ("city,creationDate,items.1.donut,type", 1, "`mlr --icsv --ojsonl cat`"),
      (#"type,"a ""quoted"" name",id"#, 1, "`mlr --icsv --ojsonl cat`"),
      ("city,type\r", 1, "`mlr --icsv --ojsonl cat`"),
      ("\u{FEFF}{\"type\":\"order\"}", 1, #"`sed '1s/^\xEF\xBB\xBF//'`"#),
      ("\u{FEFF}{\"type\":\"order\"}", 4, #"`sed 's/^\xEF\xBB\xBF//'`"#),
      ("[1,2]", 1, nil), ("city,type", 2, nil), ("city", 1, nil), ("not json", 1, nil),
      ("city,,type", 1, nil),
      ("1,2,3", 1, nil), ("city,{}", 1, nil),
    ] as [(String, Int, String?)])
  func neighbourHints(line: String, number: Int, fix: String?) throws {
    let bytes = Array(line.utf8)
    let hint = bytes.withUnsafeBufferPointer { InputHint.hint(for: $0, line: number) }
    if let fix { #expect(hint?.contains(fix) == true, "\(hint ?? "no hint")") } else { #expect(hint == nil) }
    // Through the reader: the parser's words, then the hint; still bad data.
    let reader = RecordReader(LineReader(bytes: bytes + [0x0A], source: "stdin"))
    let error = #expect(throws: InputError.self) { try reader.forEach { _ in } }
    #expect(error?.kind == .badData)
    if let fix, number == 1 { #expect(error?.message.contains(fix) == true, "\(error?.message ?? "")") }
  }
}

@Suite("exit status: one table for help and manual pages")
struct ExitCodeTableTests {
  @Test("a code is listed once, the command's words replace the standard ones, a bare code is left out")
  func oneTable() {
    let rows = CommandSpec.exitCodes(["1", "65   a problem was found", "3    a code of its own"])
    #expect(rows.map(\.term) == ["0", "3", "64", "65", "66", "74", "130"])
    #expect(rows.first { $0.term == "65" }?.description == "a problem was found")
    let spec = CommandSpec(name: "t", summary: "a tool", usage: ["t"], exitStatus: ["1", "65   bad"])
    let page = Manual.render(spec)
    #expect(page.components(separatedBy: ".B 65\n").count == 2)
    #expect(!page.contains(".B 1\n"))
  }
}

@Suite("text layout: shortening and the width of emoji sequences")
struct ShortenTests {
  @Test("a name cut to its columns ends in …, keeps an escape whole, and drops a space before …")
  func shorten() {
    #expect(TextLayout.shorten("Cosmos", to: 10) == "Cosmos")
    #expect(TextLayout.shorten("Into the Woods", to: 10) == "Into the…")
    #expect(TextLayout.shorten("Lava \\u{1B}[31m", to: 10) == "Lava…")
    #expect(TextLayout.shorten("Lava \\u{1B}[31m", to: 12) == "Lava \\u{1B}…")
    #expect(TextLayout.shorten("東京タワー", to: 5) == "東京…")
    #expect(TextLayout.shorten("Cosmos", to: 1) == "C…")
  }

  @Test("an emoji sequence is one picture of two columns")
  func emojiSequences() {
    #expect(TextLayout.displayWidth("🏔️") == 2)  // U+1F3D4 U+FE0F
    #expect(TextLayout.displayWidth("👨‍👩‍👧") == 2)
    #expect(TextLayout.displayWidth("🇬🇧") == 2)
    #expect(TextLayout.displayWidth("é") == 1)  // e and a combining accent
    #expect(TextLayout.displayWidth("☀") == 1)
  }
}
