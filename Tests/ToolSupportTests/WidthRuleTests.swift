import Foundation
import TestSupport
import Testing
import ToolSupport

/// The one width rule: `COLUMNS`, the terminal's width and a text view's `--width` all go through
/// `TextLayout.widths`, so that no width makes a tool allocate, or spin, by its value.
@Suite("one width rule")
struct WidthRuleTests {
  @Test("a width is kept within 20 to 1,000 columns")
  func bound() {
    #expect(TextLayout.widths == 20...1_000)
    #expect(TextLayout.bounded(Int.max) == 1_000)
    #expect(TextLayout.bounded(99_999_999_999) == 1_000)
    #expect(TextLayout.bounded(5) == 20)
    #expect(TextLayout.bounded(132) == 132)
  }

  @Test(
    "huge COLUMNS: every text view, chart and --help of every tool ends within 10 s with a bounded answer",
    .enabled(if: Requirements.has("timeout"), "timeout (coreutils) is not installed"))
  func hugeColumns() async throws {
    let script = TestSupport.packageRoot.appendingPathComponent("Tests/tools/width-check").path
    let result = try await TestSupport.offThePool {
      try TestSupport.shell("'\(script)' 99999999999 2147483648 100000000")
    }
    #expect(result.status == 0, "\(result.out)\(result.err)")
    #expect(result.out.hasSuffix(" 0 failures\n"), "\(result.out)")
  }
}
