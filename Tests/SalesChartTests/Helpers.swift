import Foundation
import PipeProtocol
import PipeReading
import SalesChartCommand
import TestSupport
import ToolSupport

/// Helpers shared by the sales-chart tests.
enum Fixture {
  /// `2026-11-29T12:00:00Z`, the reference time of the fixtures.
  static let now = "2026-11-29T12:00:00Z"
  /// The day number of `now`.
  static let today = ISODate.parseDay("2026-11-29")! / 86_400

  /// The truck city's zone, whose days are not UTC's.
  static let losAngeles = LocalTime.Zone.named("America/Los_Angeles")!

  /// An order record on `date` with `(donut, quantity)` items, named from the menu.
  static func order(_ date: String, _ items: [(Int, Int)], id: Int = 1201) -> String {
    let names = [
      "The Classic", "Blueberry Frosted", "Strawberry Drizzle", "Cosmos", "Strawberry Sprinkles",
      "Lemon Chocolate", "Rainbow", "Picnic Basket", "Figure Skater", "Powdered Chocolate",
      "Powdered Strawberry", "Custard", "Super Lemon", "Fire Zest", "Black Raspberry", "Daytime", "Nighttime",
    ]
    let list = items.map { "{\"donut\":\($0.0),\"name\":\"\(names[$0.0])\",\"quantity\":\($0.1)}" }
    let total = items.reduce(0) { $0 + $1.1 }
    return
      "{\"type\":\"order\",\"id\":\"Order#\(id)\",\"status\":\"placed\",\"items\":[\(list.joined(separator: ","))],"
      + "\"totalSales\":\(total),\"grandTotal\":\(Double(total) * 5.78),\"city\":\"Cupertino\","
      + "\"parkingSpot\":\"Apple Park\",\"creationDate\":\"\(date)\"}"
  }

  /// An order-summary record.
  static func summary(_ city: String, _ period: String, _ date: String, _ sales: [(Int, Int)]) -> String {
    let list = sales.map { "{\"donut\":\($0.0),\"quantity\":\($0.1)}" }.joined(separator: ",")
    return "{\"type\":\"order-summary\",\"city\":\"\(city)\",\"period\":\"\(period)\",\"date\":\"\(date)\","
      + "\"sales\":[\(list)],\"totalSales\":\(sales.reduce(0) { $0 + $1.1 })}"
  }

  /// Reads `lines` through the protocol's record reader into `body`.
  static func read(_ lines: [String], _ body: (RecordView) throws -> Void) throws {
    let dir = try TestSupport.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let file = dir.appendingPathComponent("input.jsonl")
    try (lines.joined(separator: "\n") + "\n").write(to: file, atomically: true, encoding: .utf8)
    let reader = RecordReader(try LineReader.open(path: file.path))
    try reader.forEach(body)
  }

  /// A tally of `lines`, counting orders on the days of `zone`.
  static func tally(_ lines: [String], merge: Bool = false, zone: LocalTime.Zone = .utc) throws -> SalesTally
  {
    let tally = SalesTally(acceptsPartials: merge, zone: zone)
    try read(lines) { try tally.add($0) }
    try tally.finish()
    return tally
  }

  /// The error a tally of `lines` throws, if any.
  static func error(_ lines: [String], merge: Bool = false, zone: LocalTime.Zone = .utc) -> InputError? {
    do {
      _ = try tally(lines, merge: merge, zone: zone)
      return nil
    } catch let error as InputError {
      return error
    } catch {
      return nil
    }
  }

  /// The golden fixture: orders on every timeframe boundary, summaries and other record types.
  static var goldenInput: URL {
    TestSupport.packageRoot.appendingPathComponent("Tests/golden/sales-chart/top-week/input.jsonl")
  }
}
