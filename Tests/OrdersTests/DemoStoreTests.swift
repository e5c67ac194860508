import Foundation
import Glibc
import TestSupport
import Testing

/// `bin/demo --follow` off a terminal, as a reader that never gives up on its store: an order of a
/// custom donut, a torn last line, and a reader that goes away while the store is idle.
@Suite("the dashboard never gives up on its store")
struct DemoStoreTests {
  /// A followed dashboard writing to pipes: its frames and its messages, read on threads.
  struct Followed {
    let pid: pid_t
    let frames: DemoFollowTests.Screen
    let messages: DemoFollowTests.Screen

    /// Starts `bin/demo --follow` (or `bin/demo ARGUMENTS`) over `store`, with `home` as HOME and
    /// XDG_DATA_HOME (so that the menu store is there too), and `variables` added.
    init(
      store: String, home: URL, arguments: [String] = ["--follow"], variables: [String: String] = [:]
    ) throws {
      var environment = DemoFollowTests.environment(store: store).merging(variables) { $1 }
      environment["HOME"] = home.path
      environment["XDG_DATA_HOME"] = home.path
      environment["COLUMNS"] = "80"
      environment["NO_COLOR"] = "1"
      let output = try TestSupport.closedOnExecPipe()
      let errors = try TestSupport.closedOnExecPipe()
      let null = open("/dev/null", O_RDONLY | O_CLOEXEC)
      defer { for fd in [null, output[1], errors[1]] { close(fd) } }
      pid = try Job.spawn(
        DemoFollowTests.demo(arguments), environment: environment, descriptors: [null, output[1], errors[1]])
      frames = DemoFollowTests.Screen(output[0])
      messages = DemoFollowTests.Screen(errors[0])
    }

    /// Ends the dashboard with SIGTERM; its exit status.
    func stop() async throws -> Int32 {
      kill(pid, SIGTERM)
      return try await DemoStoreTests.status(of: pid)
    }
  }

  /// The exit status of `pid` once it ends (128 + the signal when killed).
  static func status(of pid: pid_t) async throws -> Int32 {
    try await TestSupport.offThePool { () -> Int32 in
      var status: Int32 = 0
      waitpid(pid, &status, 0)
      return status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
    }
  }

  /// Runs `orders` with the store and the menu store of `home`.
  static func orders(_ arguments: [String], store: String, home: URL) async throws -> TestSupport.Result {
    try await TestSupport.offThePool {
      try TestSupport.run(
        "orders", arguments,
        environment: ["SAMPLEPIPES_ORDERS": store, "HOME": home.path, "XDG_DATA_HOME": home.path])
    }
  }

  @Test(
    "an order of a custom donut is drawn and counted; the dashboard keeps running, with nothing on stderr")
  func customDonut() async throws {
    let home = try TestSupport.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let store = home.appendingPathComponent("orders.jsonl").path
    let made = try await Self.orders(["donut", "new", "--name", "Special"], store: store, home: home)
    #expect(made.status == 0, "\(made.err)")
    let demo = try Followed(store: store, home: home)
    var exited = false
    defer { if !exited { kill(demo.pid, SIGKILL) } }
    #expect(await demo.frames.waitFor("Order#1224 · ◎", seconds: 120), "\(demo.messages.text)")
    let placed = try await Self.orders(
      ["place", "--donut", "Special", "--donut", "Special"], store: store, home: home)
    #expect(placed.status == 0, "\(placed.err)")
    #expect(await demo.frames.waitFor("Order#1225 · ◎ 2 donuts", seconds: 120), "\(demo.messages.text)")
    try await Task.sleep(nanoseconds: 1_500_000_000)
    #expect(ChildProcesses.isRunning(demo.pid), "the dashboard ended: \(demo.messages.text)")
    let status = try await demo.stop()
    exited = true
    #expect(status == 143)
    #expect(demo.messages.text.isEmpty)
  }

  @Test("a torn last line is waited out: the last good frame stays with a note until the line is repaired")
  func tornLine() async throws {
    let home = try TestSupport.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let store = home.appendingPathComponent("orders.jsonl").path
    let demo = try Followed(store: store, home: home)
    var exited = false
    defer { if !exited { kill(demo.pid, SIGKILL) } }
    #expect(await demo.frames.waitFor("Order#1224 · ◎", seconds: 120), "\(demo.messages.text)")
    let whole = try Data(contentsOf: URL(fileURLWithPath: store))
    let file = try FileHandle(forWritingTo: URL(fileURLWithPath: store))
    try file.seekToEnd()
    try file.write(contentsOf: Data(#"{"type":"order","id":"Or"#.utf8))
    try file.close()
    try #require(await demo.frames.waitFor("line 25 is incomplete", seconds: 60), "\(demo.messages.text)")
    let noted = demo.frames.text
    // The note comes with the last good frame: New Orders as it was.
    let frame = noted[
      try #require(noted.range(of: "line 25 is incomplete", options: .backwards)).upperBound...]
    #expect(frame.contains("Order#1224 · ◎ 6 donuts"))
    #expect(demo.messages.text.contains("demo: warning: store"), "said on stderr too")
    try await Task.sleep(nanoseconds: 1_500_000_000)
    #expect(ChildProcesses.isRunning(demo.pid), "the dashboard ended: \(demo.messages.text)")

    // Repaired: the note goes, the dashboard reads the store again.
    try whole.write(to: URL(fileURLWithPath: store))
    let frames = demo.frames
    let repaired = await TestSupport.eventually(within: 60, every: 0.2) {
      let text = frames.text
      guard let note = text.range(of: "line 25 is incomplete", options: .backwards) else { return false }
      let after = text[note.upperBound...]
      return after.contains("Food Truck") && after.contains("Trending Topics")
    }
    #expect(repaired, "no frame without the note after the repair")
    #expect(ChildProcesses.isRunning(demo.pid))
    let status = try await demo.stop()
    exited = true
    #expect(status == 143)
  }

  @Test("piped into a reader that goes away, on an idle store, the dashboard ends within 5 s")
  func readerGoesAway() async throws {
    let home = try TestSupport.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let store = home.appendingPathComponent("orders.jsonl").path
    var environment = DemoFollowTests.environment(store: store)
    environment["HOME"] = home.path
    environment["XDG_DATA_HOME"] = home.path
    let output = try TestSupport.closedOnExecPipe()
    let null = open("/dev/null", O_RDWR | O_CLOEXEC)
    let demo = try Job.spawn(
      DemoFollowTests.demo("--follow"), environment: environment, descriptors: [null, output[1], null])
    close(output[1])
    close(null)
    var exited = false
    defer { if !exited { kill(demo, SIGKILL) } }
    // The first frame, read whole here (no thread holds the pipe, nor, its ends closed on exec,
    // a process another test starts), then the reader goes.
    let reader = output[0]
    let first = try await TestSupport.offThePool { () -> String in
      var bytes: [UInt8] = []
      var buffer = [UInt8](repeating: 0, count: 65536)
      let end = Date().addingTimeInterval(120)
      while Date() < end, !String(decoding: bytes, as: UTF8.self).contains("Trending Topics") {
        var descriptor = pollfd(fd: reader, events: Int16(POLLIN), revents: 0)
        guard poll(&descriptor, 1, 200) >= 0 else { break }
        if descriptor.revents != 0 {
          let n = read(reader, &buffer, buffer.count)
          if n <= 0 { break }
          bytes += buffer[0..<n]
        }
      }
      return String(decoding: bytes, as: UTF8.self)
    }
    #expect(first.contains("Trending Topics"))
    try await Task.sleep(nanoseconds: 1_000_000_000)
    close(reader)
    let ended = try await TestSupport.offThePool { ChildProcesses.ends(demo, within: 5) }
    #expect(ended, "the dashboard still runs 5 s after its reader went away")
    if ended {
      _ = try await Self.status(of: demo)
      exited = true
    }
  }
}
