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
    "on a terminal a long read shows a progress line and clears it; off a terminal, nothing",
    .enabled(if: Requirements.has("script"), "script (bsdutils) is not installed"))
  func terminalOnly() throws {
    let slow = #"(echo '{"type":"x"}'; sleep 1.5; echo '{"type":"y"}')"#
    let tool = TestSupport.tool("pipe-check")
    let onTerminal = try TestSupport.shell("script -qec \"\(slow) | '\(tool)' > /dev/null\" /dev/null")
    #expect(onTerminal.out.contains("records/s"))
    #expect(onTerminal.out.contains("\r\u{1B}[K"))
    let quiet = try TestSupport.shell("script -qec \"\(slow) | '\(tool)' --quiet > /dev/null\" /dev/null")
    #expect(!quiet.out.contains("records/s"))
    let offTerminal = try TestSupport.shell("\(slow) | '\(tool)'")
    #expect(!offTerminal.err.contains("records/s"))
    #expect(offTerminal.err.contains("2 records"))
  }
}
