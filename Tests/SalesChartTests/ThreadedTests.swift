import Foundation
import TestSupport
import Testing

/// `sales-chart` reading with threads gives exactly what one thread gives: the same chart, the
/// same partial, the same error naming the same line, the same exit status.
@Suite("sales-chart with threads")
struct ThreadedTests {
  static let inputs = (try? ThreadedReading.inputs()) ?? []

  @Test("the same bytes with one thread and with two or three, chunks of any size", arguments: inputs)
  func sameOutput(_ input: ThreadedReading.Input) throws {
    for arguments in [
      ["--now", "2026-11-29T12:00:00Z", "-t", "all", "-f", "json", "--verbose"],
      ["--partial"],
      ["--merge", "--now", "2026-11-29T12:00:00Z", "-t", "year", "-f", "csv", "--verbose"],
    ] {
      // The truck city's zone, whose days are not UTC's: the clock rule's default.
      let differences = try ThreadedReading.differences(
        "sales-chart", arguments, input, environment: ["TZ": "America/Los_Angeles"])
      #expect(differences.isEmpty, "\(differences.joined(separator: "\n"))")
    }
  }

  /// Zones whose days differ from UTC's (a whole and a half-hour offset) and UTC, each with an
  /// instant two hours after one of its midnights.
  static let zones = [
    ("America/Los_Angeles", "2026-11-29T10:00:00Z"), ("Asia/Kolkata", "2026-11-29T20:30:00Z"),
    ("UTC", "2026-11-29T02:00:00Z"),
  ]

  @Test(
    "the same days with threads as without, in any zone (TZ), for orders across its midnight",
    arguments: zones)
  func sameDays(_ zone: String, _ now: String) throws {
    // 240 orders over the 8 hours before `now` (30 an hour): the last 2 hours on the zone's next day.
    let orders = try TestSupport.run("orders", ["generate", "--count", "240", "--seed", "5", "--now", now])
      .stdout
    let input = ThreadedReading.Input(name: "orders across midnight in \(zone)", bytes: orders)
    for arguments in [["--partial"], ["--now", now, "-t", "today", "-f", "json", "--verbose"]] {
      let differences = try ThreadedReading.differences(
        "sales-chart", arguments, input, threads: [2], environment: ["TZ": zone])
      #expect(differences.isEmpty, "\(differences.joined(separator: "\n"))")
    }
    // The partial has both days: the input does cross the zone's midnight.
    let partial = try TestSupport.run("sales-chart", ["--partial"], stdin: orders, environment: ["TZ": zone])
    let days = try #require(try JSONSerialization.jsonObject(with: partial.stdout) as? [String: Any])["days"]
    #expect((days as? [String: Any])?.count == 2, "\(partial.out)")
  }

  @Test("partials and the stream they came from, merged with threads")
  func partials() throws {
    let orders = try ThreadedReading.orders(200, seed: 9)
    let first = Data(orders[..<100].joined(separator: Data([0x0A]))) + Data([0x0A])
    let partial = try TestSupport.run("sales-chart", ["--partial"], stdin: first).stdout
    let input = ThreadedReading.Input(
      name: "orders, a partial, orders",
      bytes: first + partial + Data(orders[100...].joined(separator: Data([0x0A]))))
    let differences = try ThreadedReading.differences(
      "sales-chart", ["--merge", "--now", "2026-11-29T12:00:00Z", "-t", "all", "-f", "json", "--verbose"],
      input)
    #expect(differences.isEmpty, "\(differences.joined(separator: "\n"))")
  }

  @Test("the inputs are there")
  func inputsMade() {
    #expect(Self.inputs.count >= 15)
  }

  @Test(
    "a bad SAMPLEPIPES_THREADS or SAMPLEPIPES_CHUNK_SIZE is a usage error",
    arguments: [
      ("SAMPLEPIPES_THREADS", "-1"), ("SAMPLEPIPES_THREADS", "two"), ("SAMPLEPIPES_THREADS", "65"),
      ("SAMPLEPIPES_CHUNK_SIZE", "0"), ("SAMPLEPIPES_CHUNK_SIZE", "-1"), ("SAMPLEPIPES_CHUNK_SIZE", "1M"),
    ])
  func badSetting(_ name: String, _ value: String) throws {
    let result = try TestSupport.run(
      "sales-chart", [], stdin: Data("{\"type\":\"x\"}\n".utf8), environment: [name: value])
    #expect(result.status == 64)
    #expect(result.err.hasPrefix("sales-chart: error: \(name) must be a number of "))
    #expect(result.stdout.isEmpty)
  }
}
