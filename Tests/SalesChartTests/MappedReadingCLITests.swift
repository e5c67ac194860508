import Foundation
import TestSupport
import Testing

/// A file that shrinks while a tool reads it through its mapping ends in one clean error naming
/// it, exit 74, and nothing on stdout: never SIGBUS, never a chart of the bytes that were left.
/// `SAMPLEPIPES_TEST_SHRINK_MAPPED=N` (for tests only) has the tool truncate the file to N bytes
/// as soon as it is mapped, so that no race decides what the tool saw.
@Suite("mapped reading, the tools")
struct MappedReadingCLITests {
  static let orders: Data = {
    (try? TestSupport.run(
      "orders", ["generate", "--count", "20000", "--seed", "3", "--now", "2026-11-29T12:00:00Z"]
    )
    .stdout) ?? Data()
  }()

  /// Each tool's command line before the file.
  static let commands = [
    ["sales-chart", "-t", "all", "-f", "json"], ["pipe-check"], ["weather", "annotate"],
  ]

  @Test(
    "sales-chart, pipe-check and weather annotate: a file shrunk while read is exit 74",
    arguments: commands, ["1", "2"])
  func shrunk(_ command: [String], threads: String) throws {
    let tool = command[0]
    #expect(Self.orders.count > 1_000_000)
    for size in [0, 4097, Self.orders.count / 2] {
      let path = try TestSupport.temporaryDirectory().appendingPathComponent("orders.jsonl").path
      try Self.orders.write(to: URL(fileURLWithPath: path))
      let result = try TestSupport.run(
        tool, Array(command.dropFirst()) + [path],
        environment: ["SAMPLEPIPES_TEST_SHRINK_MAPPED": "\(size)", "SAMPLEPIPES_THREADS": threads])
      #expect(result.status == 74, "\(tool) \(size): \(result.status) \(result.err)")
      #expect(result.err.hasPrefix("\(tool): error: \(path)"), "\(result.err)")
      #expect(result.err.contains("shrank"), "\(result.err)")
      if tool == "sales-chart" { #expect(result.stdout.isEmpty) }
    }
  }
}
