import Foundation
import TestSupport
import Testing
import ToolSupport

/// Help and long text views go through `$PAGER` on a terminal only, as git's do; piped output
/// never pages, and `--no-pager` or `PAGER=cat` refuse it. The terminal is `script`'s.
@Suite("the pager")
struct PagerTests {
  /// Runs `line` on a terminal (`script`), with `PAGER` a script that records what it read.
  /// Returns the status and what the pager read (nil when it did not run).
  static func onTerminal(_ line: String, environment: [String: String] = [:]) throws -> (
    status: Int32, paged: String?, shown: String
  ) {
    let folder = try TestSupport.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let log = folder.appendingPathComponent("paged")
    let pager = folder.appendingPathComponent("pager")
    try TestSupport.writeExecutable(
      "#!/bin/sh\necho \"LESS=$LESS\" > '\(log.path)'\ncat >> '\(log.path)'\n", to: pager)
    var env = ["PAGER": pager.path, "SAMPLEPIPES_PAGER": "", "SAMPLEPIPES_CONFIG": "/dev/null", "LESS": ""]
    env.removeValue(forKey: "LESS")
    for (key, value) in environment { env[key] = value }
    let script = try #require(Requirements.path(of: "script"))
    let result = try TestSupport.runProcess(
      script, ["-qec", line + "; echo \"[status $?]\"", "/dev/null"], environment: env)
    let paged = try? String(contentsOf: log, encoding: .utf8)
    return (result.status, paged, result.out)
  }

  @Test(
    "TOOL --help on a terminal runs $PAGER; piped, it does not",
    .enabled(if: Requirements.has("script"), "script (util-linux) is not installed"))
  func helpPages() throws {
    let (status, paged, shown) = try Self.onTerminal("orders --help")
    #expect(status == 0)
    #expect(shown.contains("[status 0]"))
    let text = try #require(paged)
    #expect(text.hasPrefix("LESS=FRX\norders - "))
    #expect(text.contains("\nCOMMANDS\n"))
    #expect(!shown.contains("COMMANDS"))
    let piped = try Self.onTerminal("orders --help | cat")
    #expect(piped.paged == nil)
    #expect(piped.shown.contains("COMMANDS"))
    let help = try Self.onTerminal("orders help place")
    #expect(help.paged?.contains("orders place - ") == true)
  }

  @Test(
    "--no-pager, PAGER=cat and the config file's no-pager refuse the pager",
    .enabled(if: Requirements.has("script"), "script (util-linux) is not installed"))
  func refused() throws {
    for (line, environment) in [
      ("orders --no-pager --help", [:]),
      ("orders --help", ["PAGER": "cat"]),
      ("orders --help", ["SAMPLEPIPES_PAGER": "cat"]),
    ] {
      let run = try Self.onTerminal(line, environment: environment)
      #expect(run.paged == nil, "\(line) \(environment)")
      #expect(run.shown.contains("COMMANDS"))
      #expect(run.shown.contains("[status 0]"))
    }
  }

  @Test(
    "story-io focus takes the same choice: SAMPLEPIPES_PAGER before PAGER, none with --no-pager",
    .enabled(if: Requirements.has("script"), "script (util-linux) is not installed"))
  func focusChoosesAlike() throws {
    let folder = try TestSupport.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let story = folder.appendingPathComponent("Long.story").path
    try (1...60).map { "line \($0)\n" }.joined().write(toFile: story, atomically: true, encoding: .utf8)
    let env = ["LINES": "24", "SAMPLEPIPES_PAGER": "cat", "PAGER": "cat > /dev/null"]
    let refused = try Self.onTerminal("story-io focus '\(story)' --no-pager", environment: ["LINES": "24"])
    #expect(refused.paged == nil)
    #expect(refused.shown.contains("line 60"))
    let catted = try Self.onTerminal("story-io focus '\(story)'", environment: env)
    #expect(catted.shown.contains("line 60"))
    let chosen = try Self.onTerminal(
      "story-io focus '\(story)'", environment: ["LINES": "24", "PAGER": "cat >/dev/null"])
    #expect(!chosen.shown.contains("line 60"))
  }

  @Test(
    "a long text view pages on a terminal; a pager that quits at once ends the tool quietly",
    .enabled(if: Requirements.has("script"), "script (util-linux) is not installed"))
  func textViews() throws {
    let folder = try TestSupport.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let env = ["HOME": folder.path, "XDG_DATA_HOME": folder.path, "SAMPLEPIPES_ORDERS": ""]
    let list = try Self.onTerminal("orders list -f text --now 2026-11-29T10:00:00Z", environment: env)
    #expect(list.paged?.contains("Order#1201") == true)
    var quitting = env
    quitting["PAGER"] = "true"
    // Far more than a pipe holds, into a pager that reads nothing.
    let big = folder.appendingPathComponent("big.jsonl").path
    let quit = try Self.onTerminal(
      "orders generate --count 3000 --now 2026-11-29T10:00:00Z > '\(big)' && "
        + "orders list --store '\(big)' -f text --now 2026-11-29T10:00:00Z 2>&1",
      environment: quitting)
    #expect(quit.shown.hasSuffix("[status 0]\r\n"))
    #expect(!quit.shown.contains("error"))
  }
}
