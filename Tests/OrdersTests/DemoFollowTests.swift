import Foundation
import Glibc
import TestSupport
import Testing

/// `bin/demo --follow` in a pseudo-terminal: it draws the dashboard from the order store, redraws
/// it when `orders stream --store` places an order, and restores the terminal on SIGINT, then ends by it.
@Suite("the dashboard following the store")
struct DemoFollowTests {
  @Test("a streamed order appears on the dashboard, and SIGINT restores the terminal")
  func streamedOrderAppears() async throws {
    let dir = try TestSupport.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let store = dir.appendingPathComponent("orders.jsonl").path
    var environment = Self.environment(store: store)
    environment["TERM"] = "xterm"
    environment["COLUMNS"] = "80"
    environment.removeValue(forKey: "NO_COLOR")

    var controller: Int32 = -1
    var terminal: Int32 = -1
    #expect(openpty(&controller, &terminal, nil, nil, nil) == 0)
    // Closed on exec: only the dashboard, through its standard streams, holds the terminal.
    for fd in [controller, terminal] { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
    defer { close(controller) }
    // Spawned with SIGINT at its default: bash cannot trap a signal ignored when it starts, and
    // a test run in the background ignores SIGINT.
    let demo = try Self.spawn(Self.demo("--follow"), environment: environment, terminal: terminal)
    close(terminal)
    let screen = Screen(controller)
    var exited = false
    defer { if !exited { kill(-demo, SIGKILL) } }

    // The first frame: the store's newest starting order in the footer.
    #expect(await screen.waitFor("Order#1224 · ◎", seconds: 120), "\(screen.text.suffix(2000))")
    let streamed = try await TestSupport.offThePool {
      try TestSupport.run(
        "orders", ["stream", "--store", "--count", "1", "--speed", "1000"],
        environment: ["SAMPLEPIPES_ORDERS": store])
    }
    #expect(streamed.status == 0, "\(streamed.err)")
    #expect(await screen.waitFor("Order#1225 · ◎", seconds: 120), "\(screen.text.suffix(2000))")
    #expect(screen.text.contains("\u{1B}[7mOrder#1225"), "the new footer is highlighted")

    // SIGINT to the dashboard's shell, again every 10 s until it ends (as a person presses Ctrl-C
    // again): bash may drop one that comes while it waits for a command whose own exit it then
    // takes for the signal's handling (once seen in CI under load). The wait is bounded, so that
    // a dashboard that does not end fails this test instead of hanging the run.
    let status = try await TestSupport.offThePool { () -> Int32? in
      var status: Int32 = 0
      for tick in 0..<600 {
        if tick % 100 == 0 { kill(demo, SIGINT) }
        if waitpid(demo, &status, WNOHANG) == demo { return status }
        usleep(100_000)
      }
      return nil
    }
    exited = status != nil
    #expect(status != nil, "the dashboard did not end within 60 s of SIGINT")
    // Ended by SIGINT itself (a shell reports 130), not by exit 130: a script that runs the
    // dashboard then stops too.
    if let status { #expect(status & 0x7F == SIGINT, "wait status \(status)") }
    // The alternate screen is left and the cursor shown again. The demo has ended, so the bytes
    // are written; the wait is for this test's reader of the terminal, which a busy machine can
    // keep waiting (CI once saw it past 10 seconds).
    #expect(await screen.waitFor("\u{1B}[?1049l", seconds: 60), "\(screen.text.suffix(300).debugDescription)")
  }

  /// The environment `bin/demo` runs in: the built tools, no building, the order store `store`.
  static func environment(store: String) -> [String: String] {
    var environment = ProcessInfo.processInfo.environment
    for (name, tool) in [
      ("ORDERS", "orders"), ("WEATHER", "weather"), ("SALES_CHART", "sales-chart"),
      ("PIPE_CHECK", "pipe-check"),
    ] {
      environment[name] = TestSupport.tool(tool)
    }
    environment["SAMPLEPIPES_NO_BUILD"] = "1"
    environment["SAMPLEPIPES_ORDERS"] = store
    return environment
  }

  /// `bin/demo` and its arguments, as a command line for `spawn`.
  static func demo(_ arguments: String...) -> [String] { demo(arguments) }

  /// `bin/demo` and its arguments, as a command line for `spawn`.
  static func demo(_ arguments: [String]) -> [String] {
    ["/usr/bin/env", "bash", TestSupport.packageRoot.appendingPathComponent("bin/demo").path] + arguments
  }

  /// Starts `arguments` with `terminal` as its standard input, output and error, SIGINT and
  /// SIGQUIT at their defaults.
  static func spawn(_ arguments: [String], environment: [String: String], terminal: Int32) throws -> pid_t {
    try Job.spawn(arguments, environment: environment, descriptors: [terminal, terminal, terminal])
  }

  /// What the demo wrote to the terminal, read on a thread of its own.
  final class Screen: @unchecked Sendable {
    private let lock = NSLock()
    private var bytes: [UInt8] = []

    init(_ fd: Int32) {
      Thread { [self] in
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
          let n = read(fd, &buffer, buffer.count)
          if n <= 0 { return }
          lock.lock()
          bytes += buffer[0..<n]
          lock.unlock()
        }
      }.start()
    }

    var text: String {
      lock.lock()
      defer { lock.unlock() }
      return String(decoding: bytes, as: UTF8.self)
    }

    /// Whether `needle` shows up within `seconds`.
    func waitFor(_ needle: String, seconds: Double) async -> Bool {
      await TestSupport.eventually(within: seconds, every: 0.2) { self.text.contains(needle) }
    }
  }
}
