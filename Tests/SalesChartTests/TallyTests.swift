import FoodTruckKit
import Foundation
import PipeProtocol
import Testing
import ToolSupport

@testable import SalesChartCommand

@Suite("counting orders and summaries")
struct TallyTests {
  func top(_ tally: SalesTally, _ timeframe: Timeframe) throws -> [String] {
    let sales = try tally.totals(in: timeframe.window(today: Fixture.today)).sales
    return TopChart.rank(sales, top: 5).map { "\($0.donut.id):\($0.sales)" }
  }

  @Test("orders count on the UTC day of creationDate; offsets and fractions are understood")
  func orderDays() throws {
    let tally = try Fixture.tally([
      Fixture.order("2026-11-29T10:02:13Z", [(3, 2)]),
      Fixture.order("2026-11-28T23:30:00-02:00", [(9, 3)]),  // 2026-11-29T01:30Z
      Fixture.order("2026-11-28T23:59:59.999Z", [(1, 1)]),
      Fixture.order("2026-11-30T00:00:00Z", [(5, 7)]),  // tomorrow: only in all
    ])
    #expect(try top(tally, .today) == ["9:3", "3:2"])
    #expect(try top(tally, .week) == ["9:3", "3:2", "1:1"])
    #expect(try top(tally, .all) == ["5:7", "9:3", "3:2", "1:1"])
    #expect(tally.orders == 4)
  }

  @Test("an order's members are found by code points: escaped keys are read, a near miss is not")
  func orderKeys() throws {
    let plain = Fixture.order("2026-11-29T10:02:13Z", [(3, 2)])
    let escaped = plain.replacingOccurrences(of: #""creationDate""#, with: #""\u0063reationDate""#)
      .replacingOccurrences(of: #""items""#, with: #""it\u0065ms""#)
      .replacingOccurrences(of: #""totalSales""#, with: #""totalSale\u0073""#)
    #expect(escaped != plain)
    let tally = try Fixture.tally([plain, escaped])
    #expect(try top(tally, .today) == ["3:4"])
    #expect(tally.orders == 2)
    // The stated total is read through its escaped key too.
    let wrongTotal = escaped.replacingOccurrences(of: #"\u0073":2"#, with: #"\u0073":3"#)
    #expect(Fixture.error([wrongTotal])?.message.contains("\"totalSales\" is 3") == true)
    let nearMiss = plain.replacingOccurrences(of: #""creationDate""#, with: #""creationdate""#)
    #expect(Fixture.error([nearMiss])?.message.contains("no \"creationDate\"") == true)
    let decomposed = plain.replacingOccurrences(of: #""items""#, with: #""item\u0073\u0301""#)
    #expect(Fixture.error([decomposed])?.message.contains("no \"items\" array") == true)
  }

  @Test("in a zone, orders count on its days: the same instants, other days (America/Los_Angeles)")
  func zoneDays() throws {
    let lines = [
      Fixture.order("2026-11-29T07:59:59Z", [(1, 1)]),  // Nov 28, 11:59:59 PM PST
      Fixture.order("2026-11-29T08:00:00Z", [(2, 2)]),  // Nov 29, midnight PST
      Fixture.order("2026-11-29T23:59:59Z", [(4, 4)]),  // Nov 29, 3:59 PM PST
      Fixture.order("2026-11-30T00:00:00Z", [(5, 5)]),  // Nov 29, 4 PM PST; Nov 30 UTC
      Fixture.order("2026-11-30T07:59:59Z", [(6, 6)]),  // Nov 29, 11:59:59 PM PST
      Fixture.order("2026-11-30T08:00:00Z", [(7, 7)]),  // Nov 30, midnight PST
    ]
    let local = try Fixture.tally(lines, zone: Fixture.losAngeles)
    let utc = try Fixture.tally(lines)
    // 2026-11-30T03:00:00Z is 7 PM on Nov 29 in Los Angeles, and Nov 30 in UTC.
    let now = ISODate.parse("2026-11-30T03:00:00Z")!
    let localToday = Fixture.losAngeles.localDay(now)
    #expect(localToday == Fixture.today)
    func top(_ tally: SalesTally, _ today: Int) throws -> [String] {
      TopChart.rank(try tally.totals(in: Timeframe.today.window(today: today)).sales, top: 9).map {
        "\($0.donut.id):\($0.sales)"
      }
    }
    #expect(try top(local, localToday) == ["6:6", "5:5", "4:4", "2:2"])
    #expect(try top(utc, ISODate.floorDiv(now, 86_400)) == ["7:7", "6:6", "5:5"])
    #expect(local.days.map { ISODate.formatDay($0 * 86_400) } == ["2026-11-28", "2026-11-29", "2026-11-30"])
    // The partial names its zone, and says the days of it.
    #expect(local.partialRecord["zone"] == .string("America/Los_Angeles"))
    #expect(utc.partialRecord["zone"] == .string("UTC"))
  }

  @Test("the day clock agrees with the zone's local day at every instant, across the clocks' changes")
  func dayClock() throws {
    for name in ["America/Los_Angeles", "Europe/London", "Asia/Kolkata", "Australia/Lord_Howe", "UTC"] {
      let zone = try #require(LocalTime.Zone.named(name))
      var clock = DayClock(zone)
      // Every 17 minutes over 2026 (both changes of each zone), then back and forth.
      let start = ISODate.parse("2026-01-01T00:00:00Z")!
      var instants = Array(stride(from: start, to: start + 366 * 86_400, by: 17 * 60))
      instants += instants.reversed().map { $0 + 7 }
      instants += [
        ISODate.parse("2026-03-08T09:59:59Z")!, ISODate.parse("2026-11-01T08:59:59Z")!, -62_167_219_200,
      ]
      for seconds in instants where clock.day(of: seconds) != zone.localDay(seconds) {
        Issue.record("\(name) at \(seconds): \(clock.day(of: seconds)), not \(zone.localDay(seconds))")
        break
      }
    }
  }

  @Test("a partial of another zone's days is refused; one without a zone has UTC days")
  func partialZones() throws {
    let order = Fixture.order("2026-11-29T07:00:00Z", [(1, 1)])
    var bytes: [UInt8] = []
    JSONWriter.append(try Fixture.tally([order], zone: Fixture.losAngeles).partialRecord, to: &bytes)
    let local = String(decoding: bytes, as: UTF8.self)
    #expect(try Fixture.tally([local], merge: true, zone: Fixture.losAngeles).days == [Fixture.today - 1])
    let refused = Fixture.error([local], merge: true)
    #expect(refused?.message.contains("counted its orders on the days of America/Los_Angeles") == true)
    #expect(refused?.message.contains("with the same TZ") == true)
    let unzoned = #"{"type":"sales-partial","version":2,"days":{"2026-11-29":[0,1]}}"#
    #expect(try Fixture.tally([unzoned], merge: true).days == [Fixture.today])
    #expect(
      Fixture.error([unzoned], merge: true, zone: Fixture.losAngeles)?.message.contains("days of UTC") == true
    )
    // Without orders' days, the zone does not matter.
    let summariesOnly = #"{"type":"sales-partial","version":2,"days":{},"zone":"Asia/Kolkata"}"#
    #expect(Fixture.error([summariesOnly], merge: true) == nil)
    #expect(Fixture.error([#"{"type":"sales-partial","version":2,"days":{},"zone":7}"#], merge: true) != nil)
  }

  @Test("window edges: the first day is in, the day before is out")
  func edges() throws {
    let tally = try Fixture.tally([
      Fixture.order("2026-11-23T00:00:00Z", [(1, 1)]), Fixture.order("2026-11-22T23:59:59Z", [(2, 1)]),
      Fixture.order("2026-10-31T00:00:00Z", [(3, 1)]), Fixture.order("2026-10-30T23:59:59Z", [(4, 1)]),
      Fixture.order("2025-12-01T00:00:00Z", [(5, 1)]), Fixture.order("2025-11-30T23:59:59Z", [(6, 1)]),
    ])
    #expect(try top(tally, .week) == ["1:1"])
    #expect(try top(tally, .month) == ["3:1", "2:1", "1:1"])
    #expect(try top(tally, .year) == ["5:1", "4:1", "3:1", "2:1", "1:1"])
    #expect(try top(tally, .all).count == 5)
  }

  @Test("daily summaries count by day; monthly ones only for year and all")
  func summaries() throws {
    let tally = try Fixture.tally([
      Fixture.summary("San Francisco", "day", "2026-11-28", [(0, 93), (16, 4)]),
      Fixture.summary("London", "month", "2026-11-01", [(5, 300)]),
      Fixture.summary("London", "month", "2025-11", [(6, 50)]),
    ])
    #expect(try top(tally, .week) == ["0:93", "16:4"])
    #expect(try top(tally, .year) == ["5:300", "0:93", "16:4"])
    #expect(try top(tally, .all) == ["5:300", "0:93", "6:50", "16:4"])
    #expect(tally.summaries == 3)
  }

  @Test("a city's month with a monthly summary is counted from it in year and all, not from its daily ones")
  func monthlySupersedesDaily() throws {
    let tally = try Fixture.tally([
      Fixture.summary("London", "day", "2026-11-27", [(1, 10)]),
      Fixture.summary("London", "day", "2026-11-28", [(1, 5), (2, 1)]),
      Fixture.summary("London", "day", "2026-11-28", [(2, 1)]),  // the same day again: adds up
      Fixture.summary("London", "month", "2026-11-01", [(1, 100)]),
      // Another city's daily summaries of the month are not London's: they count.
      Fixture.summary("San Francisco", "day", "2026-11-28", [(3, 7)]),
      // A month without a monthly summary: its daily summaries count.
      Fixture.summary("London", "day", "2026-10-15", [(4, 2)]),
      Fixture.order("2026-11-28T10:00:00Z", [(5, 1)]),
    ])
    #expect(try top(tally, .year) == ["1:100", "3:7", "4:2", "5:1"])
    #expect(try top(tally, .all) == ["1:100", "3:7", "4:2", "5:1"])
    // Week and month never count monthly summaries: the daily ones count there.
    #expect(try top(tally, .week) == ["1:15", "3:7", "2:2", "5:1"])
    let year = try tally.totals(in: Timeframe.year.window(today: Fixture.today))
    #expect(
      year.superseded == [
        SalesTally.Superseded(city: "London", month: MonthNumber.of(day: Fixture.today), days: 2, donuts: 17)
      ]
    )
    #expect(year.outside == 0)
    // The monthly summary is not also counted as sold at other times.
    #expect(try tally.totals(in: Timeframe.today.window(today: Fixture.today)).outside == 10 + 7 + 7 + 2 + 1)
    #expect(try tally.totals(in: Timeframe.week.window(today: Fixture.today)).superseded.isEmpty)
  }

  @Test("an order-summary without a city is an error naming it (sales are counted per city)")
  func summaryCity() {
    let noCity =
      #"{"type":"order-summary","period":"day","date":"2026-11-28","sales":[{"donut":1,"quantity":2}]}"#
    #expect(Fixture.error([noCity])?.message.contains(#"order-summary record has no "city""#) == true)
    let badCity = #"{"type":"order-summary","city":"","period":"day","date":"2026-11-28","sales":[]}"#
    #expect(Fixture.error([badCity])?.message.contains(#""city" must be a city's name, not """#) == true)
  }

  @Test("other record types are only counted as ignored")
  func ignored() throws {
    let tally = try Fixture.tally([
      #"{"type":"weather","items":[{"donut":99}]}"#, #"{"type":"notice"}"#, #"{"type":"notice"}"#,
      Fixture.order("2026-11-29T10:00:00Z", [(0, 1)]),
    ])
    #expect(tally.ignored == ["weather": 1, "notice": 2])
    #expect(tally.orders == 1)
  }

  @Test(
    "bad records are errors naming their line",
    arguments: [
      (
        #"{"type":"order","creationDate":"2026-11-29T10:00:00Z","items":[{"donut":17,"quantity":1}]}"#,
        "unknown donut id 17 in items[0] (the menu has ids 0...16"
      ),
      (
        #"{"type":"order","creationDate":"2026-11-29T10:00:00Z","items":[{"donut":-1,"quantity":1}]}"#,
        "unknown donut id -1"
      ),
      (
        #"{"type":"order","creationDate":"2026-11-29T10:00:00Z","items":[{"donut":3,"name":"Rainbow","quantity":1}]}"#,
        #"items[0] names donut 3 "Rainbow", but donut 3 is "Cosmos" on the menu"#
      ),
      (
        #"{"type":"order","creationDate":"2026-11-29T10:00:00Z","items":[{"donut":3,"name":3,"quantity":1}]}"#,
        "items[0].name must be a string, not 3"
      ),
      (
        #"{"type":"order","creationDate":"2026-11-29T10:00:00Z","items":[{"donut":3,"quantity":-2}]}"#,
        "\"items[0].quantity\" must be a whole number from 1 to 1000000"
      ),
      (
        #"{"type":"order","creationDate":"2026-11-29T10:00:00Z","items":[{"donut":3,"quantity":1.5}]}"#,
        "items[0].quantity must be a whole number, not 1.5"
      ),
      (
        #"{"type":"order","creationDate":"2026-11-29T10:00:00Z","items":[{"donut":"3","quantity":1}]}"#,
        #"items[0].donut must be a whole number, not "3""#
      ),
      (
        #"{"type":"order","creationDate":"2026-11-29T10:00:00Z","items":[{"quantity":1}]}"#,
        #"items[0] has no "donut" id"#
      ),
      (#"{"type":"order","creationDate":"2026-11-29T10:00:00Z","items":[3]}"#, "items[0] must be an object"),
      (#"{"type":"order","creationDate":"2026-11-29T10:00:00Z","items":{}}"#, #""items" must be an array"#),
      (#"{"type":"order","creationDate":"2026-11-29T10:00:00Z"}"#, #"order record has no "items" array"#),
      (
        #"{"type":"order","creationDate":"yesterday","items":[]}"#,
        #""creationDate" must be an ISO 8601 date"#
      ),
      (
        #"{"type":"order","creationDate":"2026-02-30T10:00:00Z","items":[]}"#,
        #""creationDate" must be an ISO 8601 date"#
      ),
      (
        #"{"type":"order","creationDate":"2026-11-29T25:00:00Z","items":[]}"#,
        #""creationDate" must be an ISO 8601 date"#
      ),
      (#"{"type":"order","items":[]}"#, #"order record has no "creationDate""#),
      (
        #"{"type":"order","creationDate":"2026-11-29T10:00:00Z","items":[{"donut":3,"quantity":2}],"totalSales":3}"#,
        #""totalSales" is 3, but the items add up to 2"#
      ),
      (
        #"{"type":"order-summary","period":"week","date":"2026-11-28","sales":[]}"#,
        #""period" must be "day" or "month", not "week""#
      ),
      (
        #"{"type":"order-summary","period":"day","date":"2026-11","sales":[]}"#,
        #""date" must be a day such as 2026-11-28"#
      ),
      (
        #"{"type":"order-summary","period":"day","date":"2026-11-28","sales":[{"donut":20,"quantity":1}]}"#,
        "unknown donut id 20 in sales[0]"
      ),
      (
        #"{"type":"sales-partial","version":1,"days":{}}"#, "a sales-partial record is only read with --merge"
      ),
    ])
  func errors(line: String, message: String) {
    let error = Fixture.error([Fixture.order("2026-11-29T10:00:00Z", [(0, 1)]), line])
    #expect(error?.line == 2)
    #expect(error?.message.contains(message) == true, "\(error?.message ?? "no error")")
  }

  @Test("counts too large to add up are an error, never a wrap or a crash")
  func overflow() {
    let items = Array(repeating: #"{"donut":1,"quantity":999999999999999}"#, count: 10_000).joined(
      separator: ",")
    let error = Fixture.error([
      #"{"type":"order-summary","period":"day","date":"2026-11-29","sales":[\#(items)]}"#
    ])
    #expect(error?.message.contains("too large") == true, "\(error?.message ?? "no error")")
    #expect(
      Fixture.error([
        #"{"type":"order-summary","period":"day","date":"2026-11-29","sales":[{"donut":1,"quantity":1000000000000000}]}"#
      ])?.message.contains("is too large") == true)
    // An order's item holds at most 1,000,000 donuts (PROTOCOL.md).
    #expect(
      Fixture.error([
        #"{"type":"order","creationDate":"2026-11-29T10:00:00Z","items":[{"donut":1,"quantity":1000001}]}"#
      ])?.message.contains("from 1 to 1000000") == true)
    let partial =
      #"{"type":"sales-partial","version":2,"days":{"2026-11-29":[9223372036854775807]},"orders":1}"#
    do {
      let tally = try Fixture.tally([partial, partial], merge: true)
      Issue.record("no error: \(tally.counts(day: Fixture.today))")
    } catch let error as InputError {
      #expect(error.line == 2)
      #expect(error.message.contains("too large"))
    } catch {
      Issue.record("unexpected \(error)")
    }
  }

  @Test("an escaped but equal name or key is accepted")
  func escapes() throws {
    let tally = try Fixture.tally([
      #"{"type":"order","creationDate":"2026-11-29T10:00:00Z","items":[{"\u0064onut":3,"name":"C\u006fsmos","quantity":2}]}"#
    ])
    #expect(try top(tally, .today) == ["3:2"])
    let escapedTop = try Fixture.tally([
      #"{"type":"order","creation\u0044ate":"2026-11-29T10:00:00Z","items":[{"donut":3,"quantity":2}],"total\u0053ales":2}"#
    ])
    #expect(try top(escapedTop, .today) == ["3:2"])
    // A key given twice is refused by the reader (PROTOCOL.md), not read as its first value.
    #expect(throws: InputError.self) {
      try Fixture.tally([
        #"{"type":"order","creationDate":"2026-11-29T10:00:00Z","items":[{"donut":3,"quantity":2}],"items":[{"donut":4,"quantity":9}]}"#
      ])
    }
  }

  @Test("the fast date path and the general parser agree")
  func datePaths() throws {
    // The same instants written in the common shape and in shapes the fast path leaves to ISODate.
    let tally = try Fixture.tally([
      Fixture.order("2026-11-29T00:00:00Z", [(1, 1)]), Fixture.order("2026-11-29T00:00:00+00:00", [(1, 1)]),
      Fixture.order("2026-11-29T00:00:00.5Z", [(1, 1)]), Fixture.order("2026-11-29T01:00:00+01:00", [(1, 1)]),
    ])
    #expect(tally.days.map { ISODate.formatDay($0 * 86_400) } == ["2026-11-29"])
    #expect(tally.counts(day: Fixture.today)[1] == 4)
    // A space instead of T is not the protocol's date: refused, never counted.
    #expect(throws: InputError.self) {
      try Fixture.tally([Fixture.order("2026-11-29 00:00:00Z", [(1, 1)])])
    }
  }
}

@Suite("partial tallies merge into exactly the single pass")
struct PartialTests {
  static var lines: [String] {
    get throws {
      try String(contentsOf: Fixture.goldenInput, encoding: .utf8).split(separator: "\n").map(String.init)
    }
  }

  @Test("split anywhere, partials merged: the same totals for every timeframe")
  func splitAndMerge() throws {
    let lines = try Self.lines
    let whole = try Fixture.tally(lines)
    for cut in [0, 1, 17, lines.count / 2, lines.count - 1, lines.count] {
      var partials: [String] = []
      for part in [Array(lines[..<cut]), Array(lines[cut...])] {
        var bytes: [UInt8] = []
        JSONWriter.append(try Fixture.tally(part).partialRecord, to: &bytes)
        partials.append(String(decoding: bytes, as: UTF8.self))
      }
      let merged = try Fixture.tally(partials, merge: true)
      for timeframe in Timeframe.allCases {
        let window = timeframe.window(today: Fixture.today)
        #expect(try merged.totals(in: window).sales == whole.totals(in: window).sales)
        #expect(try merged.totals(in: window).outside == whole.totals(in: window).outside)
      }
      #expect(merged.ignored == whole.ignored)
      #expect(merged.orders == whole.orders)
      #expect(merged.summaries == whole.summaries)
      #expect(merged.partials == 2)
    }
  }

  @Test("a partial of partials is the partial of the whole")
  func partialOfPartials() throws {
    let lines = try Self.lines
    var pieces: [String] = []
    for chunk in stride(from: 0, to: lines.count, by: 10) {
      var bytes: [UInt8] = []
      JSONWriter.append(
        try Fixture.tally(Array(lines[chunk..<min(chunk + 10, lines.count)])).partialRecord, to: &bytes)
      pieces.append(String(decoding: bytes, as: UTF8.self))
    }
    let merged = try Fixture.tally(pieces, merge: true).partialRecord
    #expect(merged == (try Fixture.tally(lines).partialRecord))
  }

  @Test("the partial record matches its schema")
  func schema() throws {
    let record = Record(object: try Fixture.tally(try Self.lines).partialRecord)
    #expect(FoodTruckSchemas.catalog.schema(for: "sales-partial")!.problems(in: record).isEmpty)
  }

  @Test("bad partials are errors")
  func badPartials() {
    for (line, message) in [
      (#"{"type":"sales-partial","version":3,"days":{}}"#, "version 3 is not supported"),
      (#"{"type":"sales-partial","version":1,"days":{}}"#, "make the partials again"),
      (#"{"type":"sales-partial","version":2}"#, #"no "days" object"#),
      (#"{"type":"sales-partial","version":2,"days":{"2026-13-01":[1]}}"#, "is not a day"),
      (
        #"{"type":"sales-partial","version":2,"days":{"2026-11-01":[1,-1]}}"#,
        "days.2026-11-01[1] must be a count"
      ),
      (
        #"{"type":"sales-partial","version":2,"days":{"2026-11-01":[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,5]}}"#,
        "donut 17 was counted here, but no donut record in the input defines it"
      ),
      (
        #"{"type":"sales-partial","version":2,"days":{"2026-11-01":[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,5]},"names":{"17":"Maple"}}"#,
        #"donut 17 ("Maple") was counted here, but no donut record in the input defines it"#
      ),
      (
        #"{"type":"sales-partial","version":2,"days":{},"names":{"3":"Moon"}}"#,
        #"names.3 names donut 3 "Moon", but donut 3 is "Cosmos" on the menu"#
      ),
      (
        #"{"type":"sales-partial","version":2,"days":{},"donuts":[{"id":3,"name":"Moon"}]}"#,
        #"donuts[0]"#
      ),
      (
        #"{"type":"sales-partial","version":2,"days":{"2026-11-01":[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,5]},"summaryDays":{"London":{"2026-11-01":[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,1]}}}"#,
        "donut 17 was counted here"
      ),
      (
        #"{"type":"sales-partial","version":2,"days":{},"summaryDays":[]}"#,
        #""summaryDays" must be an object"#
      ),
      (
        #"{"type":"sales-partial","version":2,"days":{},"summaryDays":{"London":[1]}}"#,
        "summaryDays must map city names to objects"
      ),
      (
        #"{"type":"sales-partial","version":2,"days":{},"summaryMonths":{"London":{"2026-11-01":[1]}}}"#,
        #"month "2026-11-01" is not a month"#
      ),
      (
        #"{"type":"sales-partial","version":2,"days":{},"summaryDays":{"London":{"2026-11-01":[1,"x"]}}}"#,
        "summaryDays.London.2026-11-01[1] must be a count"
      ),
    ] {
      do {
        _ = try Fixture.tally([line], merge: true)
        Issue.record("no error for \(line)")
      } catch let error as InputError {
        #expect(error.message.contains(message), "\(error.message)")
        #expect(error.line == 1)
      } catch {
        Issue.record("unexpected \(error)")
      }
    }
  }
}

@Suite("the golden fixture against an independent count")
struct IndependentCountTests {
  /// Counts the fixture with Foundation's JSON parser and calendar arithmetic, not with the tool's code.
  func expected(_ timeframe: Timeframe) throws -> [Int] {
    let text = try String(contentsOf: Fixture.goldenInput, encoding: .utf8)
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    let now = ISO8601DateFormatter().date(from: Fixture.now)!
    let today = calendar.startOfDay(for: now)
    let firstDay: Date? =
      switch timeframe {
      case .today: today
      case .week: calendar.date(byAdding: .day, value: -6, to: today)
      case .month: calendar.date(byAdding: .day, value: -29, to: today)
      case .year:
        calendar.date(
          byAdding: .month, value: -11,
          to: calendar.date(from: calendar.dateComponents([.year, .month], from: today))!)
      case .all: nil
      }
    let end = calendar.date(byAdding: .day, value: 1, to: today)!
    var sales = Array(repeating: 0, count: 17)
    for line in text.split(separator: "\n") {
      let record = try JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: Any]
      var date: Date
      var list: [[String: Any]]
      var monthly = false
      switch record["type"] as? String {
      case "order":
        let text = record["creationDate"] as! String
        date = Self.instant(text, calendar: calendar)
        list = record["items"] as! [[String: Any]]
      case "order-summary":
        let text = record["date"] as! String
        monthly = record["period"] as! String == "month"
        date = ISO8601DateFormatter().date(from: (text.count == 7 ? text + "-01" : text) + "T00:00:00Z")!
        list = record["sales"] as! [[String: Any]]
      default: continue
      }
      if let firstDay {
        if monthly && timeframe != .year { continue }
        if date < firstDay || date >= end { continue }
      }
      for item in list { sales[item["donut"] as! Int] += item["quantity"] as! Int }
    }
    return sales
  }

  /// `YYYY-MM-DDTHH:MM:SS` followed by `Z` or `±HH:MM`, through Foundation's calendar.
  static func instant(_ text: String, calendar: Calendar) -> Date {
    let digits = text.split(whereSeparator: { !$0.isNumber }).map { Int($0)! }
    var components = DateComponents(
      year: digits[0], month: digits[1], day: digits[2], hour: digits[3], minute: digits[4], second: digits[5]
    )
    components.timeZone = TimeZone(secondsFromGMT: 0)
    var date = calendar.date(from: components)!
    if !text.hasSuffix("Z") {
      let sign = text.dropLast(6).last == "-" || text.suffix(6).first == "-" ? -1.0 : 1.0
      date -= sign * Double(digits[6] * 3600 + digits[7] * 60)
    }
    return date
  }

  @Test("every timeframe's totals", arguments: Timeframe.allCases)
  func totals(_ timeframe: Timeframe) throws {
    let tally = try Fixture.tally(try PartialTests.lines)
    #expect(try tally.totals(in: timeframe.window(today: Fixture.today)).sales == expected(timeframe))
  }
}
