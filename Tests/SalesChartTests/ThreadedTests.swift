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
      let differences = try ThreadedReading.differences("sales-chart", arguments, input)
      #expect(differences.isEmpty, "\(differences.joined(separator: "\n"))")
    }
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
      ("SAMPLEPIPES_THREADS", "0"), ("SAMPLEPIPES_THREADS", "two"), ("SAMPLEPIPES_THREADS", "65"),
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
