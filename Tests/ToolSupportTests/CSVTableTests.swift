import Foundation
import PipeProtocol
import TestSupport
import Testing
import ToolSupport

/// `--format csv` of every listing, from one helper: RFC 4180 quoting, a header row of the
/// record's field names, nested values as their JSON text in one field.
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

  @Test("a header of the schema's fields and type, sorted; a row per record, nested values unflattened")
  func rows() {
    let schema = RecordSchema(
      type: "thing", summary: "a thing",
      fields: [
        FieldSpec("name", .string), .optional("tags", .array(.string)), FieldSpec("count", .integer),
        .optional("ok", .bool),
      ])
    let table = CSVTable(schema)
    #expect(table.columns == ["count", "name", "ok", "tags", "type"])
    #expect(table.header == "count,name,ok,tags,type\n")
    let record: JSONObject = [
      "type": .string("thing"), "name": .string("Maple, \"Dream\""), "count": .int(3),
      "tags": .array([.string("a"), .string("b")]), "extra": .string("left out"),
    ]
    #expect(table.row(record) == "3,\"Maple, \"\"Dream\"\"\",,\"[\"\"a\"\",\"\"b\"\"]\",thing\n")
    #expect(table.row(["type": .string("thing"), "ok": .bool(false), "name": .null]) == ",,false,,thing\n")
    #expect(table.text([]) == table.header)
  }

  /// Every listing subcommand and the record type its csv holds.
  static let listings: [(command: String, header: String)] = [
    ("orders list --now 2026-11-29T10:30:00Z", "city,completionDate,creationDate,grandTotal,id,items,"),
    ("orders recent --now 2026-11-29T10:30:00Z", "city,completionDate,creationDate,grandTotal,id,items,"),
    ("orders menu", "dough,flavors,glaze,id,mostPotentFlavor,name,topping,type"),
    ("orders history --days 1 --now 2026-11-29T10:30:00Z", "city,date,period,sales,totalSales,type"),
    ("trips list", "activities,activityCount,collection,"),
    ("trips recent", "activities,activityCount,collection,"),
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
