import Foundation
import Glibc
import TestSupport
import Testing

/// `bin/demo`'s cards a user adds (`--card 'TITLE=COMMAND'`), held to the rule of the last good
/// frame, and its live recipe (`--stream`), whose stream ends with the dashboard.
@Suite("the dashboard's own cards and its stream")
struct DemoCardsTests {
  /// An `orders` that writes the process id of each `orders stream` it runs to `log` (one a line),
  /// then runs the built one in the same process: the test can then watch the stream end.
  static func loggingOrders(in dir: URL, log: URL) throws -> URL {
    let bin = dir.appendingPathComponent("bin")
    try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
    let wrapper = bin.appendingPathComponent("orders")
    try TestSupport.writeExecutable(
      """
      #!/bin/sh
      if [ "$1" = stream ]; then echo $$ >> '\(log.path)'; fi
      exec '\(TestSupport.tool("orders"))' "$@"

      """, to: wrapper)
    return wrapper
  }

  /// The process ids the logging `orders` wrote, waited for up to `seconds`.
  static func streams(in log: URL, within seconds: Double) async -> [pid_t] {
    let read = { @Sendable () -> [pid_t] in
      ((try? String(contentsOf: log, encoding: .utf8)) ?? "").split(separator: "\n").compactMap { pid_t($0) }
    }
    _ = await TestSupport.eventually(within: seconds) { !read().isEmpty }
    return read()
  }

  @Test(
    "the README's live recipe leaves no stream behind: after q, the stream it started has ended",
    .enabled(if: Requirements.has("tmux"), "tmux is not installed (apt-get install tmux)"))
  func readmeRecipeEndsItsStream() async throws {
    let dir = try TestSupport.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    // The recipe as README.md gives it, run in the package's folder.
    let readme = try String(
      contentsOf: TestSupport.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
    let recipe = try #require(
      readme.components(separatedBy: "\n").first { $0.contains("bin/demo --follow") && !$0.contains("`") })
    let log = dir.appendingPathComponent("streams")
    let orders = try Self.loggingOrders(in: dir, log: log)
    let script = dir.appendingPathComponent("recipe")
    try TestSupport.writeExecutable(
      "cd '\(TestSupport.packageRoot.path)'\n\(recipe)\n", to: script)
    let (tmux, statusFile, _, ids) = try DemoKeysTests.start(
      in: dir,
      variables: [
        "ORDERS": orders.path,
        "PATH": orders.deletingLastPathComponent().path + ":" + TestSupport.productsDirectory.path + ":"
          + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"),
      ], command: "bash '\(script.path)'")
    defer { _ = try? tmux.run(["kill-server"]) }
    let streams = await Self.streams(in: log, within: 120)
    // (A stream left running is ended at the end; one that ended is not signalled: its id may be
    // another process's by then.)
    defer { for pid in streams where ChildProcesses.isRunning(pid) { kill(pid, SIGKILL) } }
    #expect(!streams.isEmpty, "the recipe started no stream: \(tmux.screen())")
    #expect(await tmux.waitFor(seconds: 120) { $0.contains("New Orders") }, "\(tmux.screen())")
    // An order of the stream arrives: the footer names an order after the store's newest (the
    // stream may be several orders on by the frame that shows it, so no one id is waited for).
    #expect(
      await tmux.waitFor(seconds: 60) { screen in
        screen.split(separator: "\n").contains { $0.contains(" · ◎ ") && !$0.hasPrefix("\(ids[0]) ·") }
      }, "\(tmux.screen())")

    try tmux.run(["send-keys", "-t", "demo", "q"])
    #expect(await DemoKeysTests.status(in: statusFile, within: 30) == "exit 0\n", "\(tmux.screen())")
    for pid in streams {
      // Before, the stream went on, printing each order's JSON into the terminal.
      let ended = try await TestSupport.offThePool { ChildProcesses.ends(pid, within: 10) }
      #expect(ended, "the stream (\(pid)) still runs after q: \(tmux.screen())")
    }
  }

  @Test("with --stream, a dashboard killed with SIGKILL takes its stream with it")
  func streamEndsWithAKilledDashboard() async throws {
    let home = try TestSupport.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let store = home.appendingPathComponent("orders.jsonl").path
    let log = home.appendingPathComponent("streams")
    let orders = try Self.loggingOrders(in: home, log: log)
    let demo = try DemoStoreTests.Followed(
      store: store, home: home, arguments: ["--follow", "--stream"], variables: ["ORDERS": orders.path])
    var exited = false
    defer { if !exited { kill(demo.pid, SIGKILL) } }
    let streams = await Self.streams(in: log, within: 120)
    // (A stream left running is ended at the end; one that ended is not signalled: its id may be
    // another process's by then.)
    defer { for pid in streams where ChildProcesses.isRunning(pid) { kill(pid, SIGKILL) } }
    try #require(streams.count == 1, "\(demo.messages.text)")
    // The stream places its orders in the store shown.
    #expect(
      await demo.frames.waitFor("Order#1225 · ◎", seconds: 120),
      "\(demo.messages.text)\n\(demo.frames.text.suffix(1500))")
    kill(demo.pid, SIGKILL)
    _ = try await DemoStoreTests.status(of: demo.pid)
    exited = true
    let ended = try await TestSupport.offThePool { ChildProcesses.ends(streams[0], within: 10) }
    #expect(ended, "the stream outlived its dashboard")
  }

  @Test(
    "a card's command that starts failing keeps its last good lines, one that never worked says why in a line, and the dashboard runs on"
  )
  func failingCards() async throws {
    let home = try TestSupport.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let store = home.appendingPathComponent("orders.jsonl").path
    let source = home.appendingPathComponent("card.txt")
    try Data("hello from a card\n".utf8).write(to: source)
    let runs = home.appendingPathComponent("runs")
    let demo = try DemoStoreTests.Followed(
      store: store, home: home,
      arguments: [
        "--follow", "--card", "Greeting=cat '\(source.path)'", "--card", "Broken=echo nope >&2; exit 3",
        "--card", "Runs=echo run >> '\(runs.path)'; wc -l < '\(runs.path)'",
      ])
    var exited = false
    defer { if !exited { kill(demo.pid, SIGKILL) } }
    #expect(await demo.frames.waitFor("hello from a card", seconds: 120), "\(demo.messages.text)")
    #expect(demo.frames.text.contains("Greeting\nhello from a card\n"))
    #expect(demo.frames.text.contains("Broken\n! 'echo nope >&2; exit 3' failed (exit status 3: nope)\n"))
    #expect(demo.messages.text.contains("demo: warning: card 'Broken':"), "\(demo.messages.text)")

    // The Greeting's command fails from now on; an order arrives, and the cards are drawn again.
    try FileManager.default.removeItem(at: source)
    let placed = try await DemoStoreTests.orders(["place", "--donut", "1"], store: store, home: home)
    #expect(placed.status == 0, "\(placed.err)")
    let frames = demo.frames
    let redrawn = await TestSupport.eventually(within: 120, every: 0.2) {
      let text = frames.text
      guard let arrival = text.range(of: "Order#1225 · ◎", options: .backwards) else { return false }
      return text[arrival.upperBound...].contains("Broken\n")
    }
    #expect(redrawn, "\(demo.messages.text)")
    let text = demo.frames.text
    let last = text[try #require(text.range(of: "Order#1225 · ◎", options: .backwards)).upperBound...]
    #expect(last.contains("Greeting\nhello from a card\n"), "the last good lines stay: \(last)")
    #expect(last.contains("Runs\n") && !last.contains("Runs\n1\n"), "the cards were drawn again: \(last)")
    try await Task.sleep(nanoseconds: 1_000_000_000)
    #expect(ChildProcesses.isRunning(demo.pid), "the dashboard ended: \(demo.messages.text)")
    let status = try await demo.stop()
    exited = true
    #expect(status == 143)
  }
}
