import Foundation
import TestSupport
import Testing

@testable import TripsCommand

/// What `trips` does on a terminal: it asks before removing, colours its text views, and `trips
/// site` reads the store. The terminal is a pseudo-terminal made by `script` (util-linux).
@Suite(
  "trips on a terminal", .serialized,
  .enabled(if: Requirements.has("script"), "needs script (util-linux/bsdutils) to make a terminal"))
struct TerminalTests {
  /// Runs `command` (a bash line; the built tools are first on PATH) on a pseudo-terminal, with
  /// `typed` as what the person types. Returns its status and everything the terminal showed.
  static func onTerminal(
    _ command: String, typed: String = "", in box: Sandbox, environment: [String: String] = [:]
  ) throws -> (status: Int32, screen: String) {
    var env = ["TERM": "xterm", "SAMPLEPIPES_TRIPS": box.store, "XDG_DATA_HOME": box.dir.path + "/data"]
    for (k, v) in environment { env[k] = v }
    let result = try TestSupport.runProcess(
      try #require(Requirements.path(of: "script")), ["-qec", command, "/dev/null"], stdin: Data(typed.utf8),
      environment: env, currentDirectory: box.dir)
    return (result.status, result.out.replacingOccurrences(of: "\r\n", with: "\n"))
  }

  static func count(_ box: Sandbox) throws -> Int { box.lines(try box.trips(["list"])).count }

  @Test("remove asks; y removes, n and end of input keep everything (exit 1)")
  func removeAsks() throws {
    let box = try Sandbox()
    #expect(try Self.count(box) == 12)
    let declined = try Self.onTerminal(
      "trips remove 'Desert Off-Road' 'Kona Deep Dive'", typed: "n\n", in: box)
    #expect(declined.status == 1)
    #expect(
      declined.screen.contains(
        "Remove 2 trips from the wishlist: 'Desert Off-Road' and 'Kona Deep Dive'? [y/N]"))
    #expect(declined.screen.contains("not confirmed; nothing was removed"))
    #expect(try Self.count(box) == 12)
    let ended = try Self.onTerminal("trips remove 'Desert Off-Road'", in: box)
    #expect(ended.status == 1)
    #expect(try Self.count(box) == 12)
    let accepted = try Self.onTerminal(
      "trips remove 'Desert Off-Road' > removed.jsonl", typed: "y\n", in: box)
    #expect(accepted.status == 0, "\(accepted.screen)")
    #expect(accepted.screen.contains("Remove the trip 'Desert Off-Road' from the wishlist? [y/N]"))
    #expect(try Self.count(box) == 11)
    let removed = try String(contentsOf: box.dir.appendingPathComponent("removed.jsonl"), encoding: .utf8)
    #expect(removed.contains("\"name\":\"Desert Off-Road\""))
    // --yes does not ask.
    let yes = try Self.onTerminal("trips remove --yes 'Kona Deep Dive' >/dev/null", in: box)
    #expect(yes.status == 0 && !yes.screen.contains("[y/N]"))
    #expect(try Self.count(box) == 10)
  }

  @Test("activity remove asks as the sample's Delete Activity dialog; names are shown escaped")
  func activityRemoveAsks() throws {
    let box = try Sandbox()
    let odd = "Odd\u{1B}]0;title\u{07}"
    #expect(try box.trips(["add", "--name", odd, "--seed", "1"]).status == 0)
    #expect(try box.trips(["activity", "add", odd, "One", "Two\u{1B}[2J", "--seed", "2"]).status == 0)
    let declined = try Self.onTerminal(
      "trips activity remove \"$TRIP\" One \"$STEP\"", typed: "no\n", in: box,
      environment: ["TRIP": odd, "STEP": "Two\u{1B}[2J"])
    #expect(declined.status == 1)
    #expect(
      declined.screen.contains(
        "Delete 2 activities from 'Odd\\u{1B}]0;title\\u{7}': 'One' and 'Two\\u{1B}[2J'? [y/N]"))
    #expect(!declined.screen.contains("\u{1B}[2J") && !declined.screen.contains("\u{1B}]0;"))
    let accepted = try Self.onTerminal(
      "trips activity remove \"$TRIP\" One >/dev/null", typed: "YES\n", in: box, environment: ["TRIP": odd])
    #expect(accepted.status == 0, "\(accepted.screen)")
    let trip = box.lines(try box.trips(["show", odd])).first
    #expect((trip?["activities"] as? [[String: Any]])?.map { $0["name"] as? String } == ["Two\u{1B}[2J"])
  }

  @Test("text views are coloured on a terminal, not with NO_COLOR, and never through a pipe")
  func colour() throws {
    let box = try Sandbox()
    let coloured = try Self.onTerminal("trips list --format text", in: box, environment: ["NO_COLOR": ""])
    #expect(coloured.status == 0)
    #expect(coloured.screen.contains("\u{1B}[1mAngkor Temple Run"))
    // No pager here: less writes its own terminal codes (keypad mode), which are not colour.
    let noColour = try Self.onTerminal(
      "trips show 'Angkor Temple Run' --format text", in: box,
      environment: ["NO_COLOR": "1", "SAMPLEPIPES_PAGER": "cat"])
    #expect(
      noColour.status == 0 && noColour.screen.contains("Angkor Temple Run")
        && !noColour.screen.contains("\u{1B}["))
    let piped = try Self.onTerminal("trips list --format text | cat", in: box, environment: ["NO_COLOR": ""])
    #expect(piped.status == 0 && piped.screen.contains("Angkor") && !piped.screen.contains("\u{1B}["))
  }

  @Test("trips site typed at a terminal publishes the store; a pipe is read even with SAMPLEPIPES_TRIPS set")
  func siteReadsStore() throws {
    let box = try Sandbox()
    #expect(try box.trips(["add", "--name", "Extra", "--photo", "Beach"]).status == 0)
    let typed = try Self.onTerminal("trips site --out site && ls site | grep -c '^trip-.*html$'", in: box)
    #expect(typed.status == 0, "\(typed.screen)")
    #expect(typed.screen.hasSuffix("13\n"))
    // A pipe wins over the store, here with the sample's 12 trips from another store.
    let other = box.dir.appendingPathComponent("other.jsonl").path
    let piped = try Self.onTerminal(
      "trips list --store '\(other)' | trips site --out site && ls site | grep -c '^trip-.*html$'", in: box)
    #expect(piped.status == 0, "\(piped.screen)")
    #expect(piped.screen.hasSuffix("12\n"))
  }
}

@Suite("trips off a terminal, in this process")
struct OffTerminalTests {
  @Test("remove without --yes off a terminal: exit 64, the store untouched")
  func removeNeedsYes() throws {
    let box = try Sandbox()
    let before = try box.trips(["list"]).stdout
    for arguments in [
      ["remove", "Desert Off-Road"],
      ["activity", "remove", "Japan Mystique", "Walk the canal paths at sunrise"],
    ] {
      let result = TestSupport.runInProcess(Trips.command, arguments + ["--store", box.store])
      #expect(result.status == 64)
      #expect(result.stdout.isEmpty)
      #expect(result.err.contains("stdin is not a terminal to ask on; nothing was removed"))
      #expect(result.err.contains("give --yes to remove without asking"))
      // Piping an answer does not count as asking.
      let piped = TestSupport.runInProcess(
        Trips.command, arguments + ["--store", box.store], stdin: Data("y\n".utf8))
      #expect(piped.status == 64)
    }
    #expect(try box.trips(["list"]).stdout == before)
    let yes = TestSupport.runInProcess(
      Trips.command, ["remove", "-y", "Desert Off-Road", "--store", box.store])
    #expect(yes.status == 0 && yes.out.contains("\"name\":\"Desert Off-Road\""))
  }

  @Test("site --store reads the store, not stdin; an empty input does not replace a site with trips")
  func siteStore() throws {
    let box = try Sandbox()
    _ = try box.trips(["list"])
    let site = box.dir.appendingPathComponent("site").path
    let fromStore = TestSupport.runInProcess(
      Trips.command, ["site", "--out", site, "--store", box.store], stdin: Data())
    #expect(fromStore.status == 0, "\(fromStore.err)")
    let pages = { try FileManager.default.contentsOfDirectory(atPath: site).filter { $0.hasPrefix("trip-") } }
    #expect(try pages().filter { $0.hasSuffix(".html") }.count == 12)
    let empty = TestSupport.runInProcess(Trips.command, ["site", "--out", site], stdin: Data())
    #expect(empty.status == 1)
    #expect(
      empty.err.hasPrefix("trips: error: the input has no trips, and '\(site)' holds a site with 12 trips"))
    #expect(try pages().filter { $0.hasSuffix(".html") }.count == 12)
    let allowed = TestSupport.runInProcess(
      Trips.command, ["site", "--out", site, "--allow-empty"], stdin: Data())
    #expect(allowed.status == 0)
    #expect(try pages().isEmpty)
  }
}
