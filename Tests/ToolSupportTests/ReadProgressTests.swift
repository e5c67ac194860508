import Foundation
import TestSupport
import Testing

@testable import ToolSupport

@Suite("progress on long reads")
struct ReadProgressTests {
  @Test("a regular file shows the percentage and the rate; a pipe the records and their rate")
  func wording() {
    #expect(
      ReadProgress.text(tool: "sales-chart", size: 434_000_000, bytes: 217_000_000, lines: 1, seconds: 2)
        == "sales-chart: 50% of 434 MB, 108 MB/s")
    #expect(
      ReadProgress.text(tool: "pipe-check", size: nil, bytes: 0, lines: 1_200_000, seconds: 4)
        == "pipe-check: 1,200,000 records, 300,000 records/s")
  }

  @Test(
    "on a terminal a long read shows a progress line and clears it; off a terminal, or with --quiet, nothing",
    .enabled(if: Requirements.has("script"), "script (bsdutils) is not installed"),
    arguments: [["pipe-check"], ["sales-chart"], ["weather", "annotate"]])
  func terminalOnly(_ command: [String]) throws {
    // printf's octal \042 is a double quote: the line goes through script's double-quoted command, run by
    // $SHELL, which may be dash (no \x escapes in its printf), so only POSIX escapes are used.
    let slow = #"(printf '{\042type\042:\042x\042}\n'; sleep 1.5; printf '{\042type\042:\042y\042}\n')"#
    let name = command[0]
    let line = ([TestSupport.tool(name)] + command.dropFirst()).map { "'\($0)'" }.joined(separator: " ")
    let onTerminal = try TestSupport.shell("script -qec \"\(slow) | \(line) > /dev/null\" /dev/null")
    #expect(onTerminal.out.contains("\(name): "), "\(onTerminal.out)")
    #expect(onTerminal.out.contains("records/s"))
    #expect(onTerminal.status == 0)
    #expect(onTerminal.out.contains("\r\u{1B}[K"))
    let quiet = try TestSupport.shell("script -qec \"\(slow) | \(line) --quiet > /dev/null\" /dev/null")
    #expect(!quiet.out.contains("records/s"))
    #expect(quiet.status == 0)
    let offTerminal = try TestSupport.shell("\(slow) | \(line) > /dev/null")
    #expect(!offTerminal.err.contains("records/s"))
    #expect(offTerminal.status == 0)
  }
}
