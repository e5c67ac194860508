import Foundation
import PipeProtocol
import TestSupport
import Testing
import ToolSupport

/// `--format csv` of every listing, from one helper: RFC 4180 quoting, a header row of the
/// record's field names, nested values flattened as Miller does (`items.1.donut`).
@Suite("CSV of listings")
struct CSVTableTests {
  @Test("fields are quoted when they hold a comma, a quote or a line break; quotes are doubled")
  func quoting() {
    #expect(CSVTable.field("plain") == "plain")
    #expect(CSVTable.field("a,b") == "\"a,b\"")
    #expect(CSVTable.field("say \"hi\"") == "\"say \"\"hi\"\"\"")
    #expect(CSVTable.field("two\nlines") == "\"two\nlines\"")
    #expect(CSVTable.field("cr\r") == "\"cr\r\"")
    #expect(CSVTable.field("") == "")
  }

  @Test("a header of the schema's fields and type, sorted; nested values flattened as Miller does")
  func rows() {
    let schema = RecordSchema(
      type: "thing", summary: "a thing",
      fields: [
        FieldSpec("name", .string), .optional("tags", .array(.string)), FieldSpec("count", .integer),
        .optional("ok", .bool), .optional("at", .object([FieldSpec("x", .integer)])),
      ])
    let table = CSVTable(schema)
    #expect(table.columns == ["at", "count", "name", "ok", "tags", "type"])
    #expect(table.header == "at,count,name,ok,tags,type\n")
    let record: JSONObject = [
      "type": .string("thing"), "name": .string("Maple, \"Dream\""), "count": .int(3),
      "tags": .array((1...10).map { .string("t\($0)") }), "extra": .string("left out"),
      "at": .object(["y": .array([]), "x": .int(-1)]),
    ]
    let other: JSONObject = ["type": .string("thing"), "ok": .bool(false), "name": .null, "tags": .array([])]
    let text = table.text([record, other])
    let tags = (1...10).map { "tags.\($0)" }.joined(separator: ",")
    #expect(text.split(separator: "\n").first == "at.x,at.y,count,name,ok,\(tags),type")
    #expect(
      text.split(separator: "\n").dropFirst().first
        == "-1,[],3,\"Maple, \"\"Dream\"\"\",,\((1...10).map { "t\($0)" }.joined(separator: ",")),thing")
    #expect(text.split(separator: "\n").last == ",,,,false,,,,,,,,,,,thing")
    #expect(table.text([]) == table.header)
    #expect(CSVTable.pathOrder("items.2.donut", "items.10.donut"))
    #expect(CSVTable.pathOrder("items", "items.1"))
    #expect(!CSVTable.pathOrder("items.1.name", "items.1.donut"))
    // Streaming: the header from the schema, an array by the slots known up front.
    let streaming = CSVTable(schema, slots: ["tags": 2])
    #expect(streaming.columns == ["at.x", "count", "name", "ok", "tags.1", "tags.2", "type"])
    #expect(streaming.row(record) == "-1,3,\"Maple, \"\"Dream\"\"\",,t1,t2,thing\n")
  }

  /// Every listing subcommand and the record type its csv holds.
  static let listings: [(command: String, header: String)] = [
    (
      "orders list --now 2026-11-29T10:30:00Z",
      "city,completionDate,creationDate,grandTotal,id,items.1.donut,"
    ),
    (
      "orders recent --now 2026-11-29T10:30:00Z",
      "city,completionDate,creationDate,grandTotal,id,items.1.donut,"
    ),
    (
      "orders menu",
      "dough,flavors.bitter,flavors.salty,flavors.savory,flavors.sour,flavors.spicy,flavors.sweet,glaze,"
    ),
    (
      "orders history --days 1 --now 2026-11-29T10:30:00Z", "city,date,period,sales.1.donut,sales.1.quantity,"
    ),
    ("trips list", "activities.1.dateCreated,activities.1.dateEdited,"),
    ("trips recent", "activities.1.dateCreated,activities.1.dateEdited,"),
    ("trips search hike", "activity,collection,isComplete,name,query,rank,section,sectionTitle,trip,"),
    ("trips collections", "id,name,season,summary,type"),
    ("weather forecast --now 2022-05-06T16:00:00Z", "city,cloudCover,condition,date,isDaylight,"),
    ("weather spots", "city,latitude,longitude,position,spot,timeZone,type"),
    ("weather spot --all --now 2022-05-06T16:00:00Z", "city,cloudCover,condition,date,latitude,longitude,"),
    ("trips list | achievements --now 2026-04-01T10:00:00Z", "achieved,badge,collection,count,dateAchieved,"),
    ("story-io list", "bytes,lines,modified,path,sha256,text,title,type,words"),
  ]

  @Test("every listing takes --format csv: a header row of its record's fields, then rows")
  func everyListing() throws {
    let home = try TestSupport.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let environment = ["HOME": home.path, "XDG_DATA_HOME": home.path]
    for (command, header) in Self.listings {
      let result = try TestSupport.shell(
        "set -o pipefail; \(command) --format csv", environment: environment, currentDirectory: home)
      #expect(result.status == 0, "\(command): \(result.err)")
      #expect(result.out.hasPrefix(header), "\(command): \(result.out.prefix(120))")
    }
  }
}

/// CSV is written by bytes and checked against an independent reader: Python's `csv` module.
@Suite("CSV against an independent reader")
struct CSVReaderPropertyTests {
  @Test("a comma or a quote with a combining mark, CR LF: quoted by bytes")
  func bytesNotCharacters() {
    #expect(CSVTable.quoted("x,\u{301}y") == "\"x,\u{301}y\"")
    #expect(CSVTable.quoted("say \"\u{301}") == "\"say \"\"\u{301}\"")
    #expect(CSVTable.quoted("a\r\nb") == "\"a\r\nb\"")
    #expect(CSVTable.quoted("\u{301}") == "\u{301}")
  }

  @Test("a text cell a spreadsheet would run gets one leading '; numbers never do")
  func formulaCells() {
    for leader in ["=", "+", "-", "@", "\t", "\r", "'"] {
      #expect(CSVTable.guardedText(leader + "1") == "'" + leader + "1")
    }
    #expect(CSVTable.field("=HYPERLINK(\"http://x\",\"y\")") == "\"'=HYPERLINK(\"\"http://x\"\",\"\"y\"\")\"")
    #expect(CSVTable.field("a=b") == "a=b")
    #expect(CSVTable.cell(.string("-3")) == "'-3")
    #expect(CSVTable.cell(.int(-3)) == "-3")
    #expect(CSVTable.cell(.number(JSONNumber(text: "-3.5e1")!)) == "-3.5e1")
  }

  @Test(
    "hostile strings: Python's strict csv reads as many cells as the header in every row, each the string",
    .enabled(if: Requirements.has("python3"), "needs python3, the independent CSV reader"))
  func hostileStrings() throws {
    let table = CSVTable(columns: ["a", "b\u{301},\"", "n", "type"])
    let texts = HostileText.strings(seed: 4180, count: 600)
    var random = SplitMix64(seed: 4181)
    var records: [JSONObject] = []
    for pair in stride(from: 0, to: texts.count, by: 2) {
      let number = Int.random(in: -50...50, using: &random)
      records.append([
        "type": .string("thing"), "a": .string(texts[pair]), "b\u{301},\"": .string(texts[pair + 1]),
        "n": .int(number),
      ])
    }
    let rows = try PythonCSV.rows(Data(table.text(records).utf8))
    try #require(
      rows.count == records.count + 1, "\(rows.count) rows for \(records.count) records and a header")
    #expect(rows[0] == table.columns)
    /// A reader of rule 10 takes one leading `'` off a text cell.
    func text(_ cell: String) -> String { cell.hasPrefix("'") ? String(cell.dropFirst()) : cell }
    for (row, record) in zip(rows.dropFirst(), records) {
      try #require(row.count == table.columns.count, "\(row)")
      #expect(text(row[0]).unicodeScalars.elementsEqual(record["a"]!.stringValue!.unicodeScalars))
      #expect(text(row[1]).unicodeScalars.elementsEqual(record["b\u{301},\""]!.stringValue!.unicodeScalars))
      #expect(row[2] == record["n"]!.jsonText)
      #expect(row[3] == "thing")
    }
  }
}
