import Foundation
import Glibc
import PipeCheckCommand
@_spi(Testing) import PipeReading
import SalesChartCommand
import TestSupport
import Testing
import ToolSupport
import WeatherCommand

/// A file that shrinks while a tool reads it through its mapping ends in one clean error naming
/// it, exit 74, and nothing on stdout: never SIGBUS, never a chart of the bytes that were left.
/// The tool runs in this process, and the test's `MappedFile.afterMapping` truncates the file
/// as soon as it is mapped, so that no race decides what the tool saw.
@Suite("mapped reading, the tools")
struct MappedReadingCLITests {
  static let orders: Data = {
    (try? TestSupport.run(
      "orders", ["generate", "--count", "20000", "--seed", "3", "--now", "2026-11-29T12:00:00Z"]
    )
    .stdout) ?? Data()
  }()

  /// Each tool's command and its arguments before the file.
  static let commands: [(Command, [String])] = [
    (SalesChart.command, ["-t", "all", "-f", "json"]), (PipeCheck.command, []),
    (Weather.command, ["annotate"]),
  ]

  @Test(
    "sales-chart, pipe-check and weather annotate: a file shrunk while read is exit 74",
    arguments: [0, 1, 2], ["1", "2"])
  func shrunk(_ index: Int, threads: String) throws {
    let (command, arguments) = Self.commands[index]
    let tool = command.name
    #expect(Self.orders.count > 1_000_000)
    for size in [0, 4097, Self.orders.count / 2] {
      let path = try TestSupport.temporaryDirectory().appendingPathComponent("orders.jsonl").path
      try Self.orders.write(to: URL(fileURLWithPath: path))
      let result = Self.withThreads(threads) {
        MappedFile.afterMapping = { mapped in if mapped == path { _ = truncate(mapped, off_t(size)) } }
        defer { MappedFile.afterMapping = nil }
        return TestSupport.runInProcess(command, arguments + [path])
      }
      #expect(result.status == 74, "\(tool) \(size): \(result.status) \(result.err)")
      #expect(result.err.hasPrefix("\(tool): error: \(path)"), "\(result.err)")
      #expect(result.err.contains("shrank"), "\(result.err)")
      if tool == "sales-chart" { #expect(result.stdout.isEmpty) }
    }
  }

  /// Runs `body` with `SAMPLEPIPES_THREADS` set to `threads` (the tool reads it in this process),
  /// one test at a time.
  static func withThreads<T>(_ threads: String, _ body: () -> T) -> T {
    lock.lock()
    defer { lock.unlock() }
    setenv("SAMPLEPIPES_THREADS", threads, 1)
    defer { unsetenv("SAMPLEPIPES_THREADS") }
    return body()
  }

  static let lock = NSLock()
}
