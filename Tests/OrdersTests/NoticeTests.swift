import Foundation
import TestSupport
import Testing

/// The "Donuts are done!" notice end to end, on the real clock: the detached timer `orders next`
/// starts, its cancellation, its single delivery however many try, and `orders notices`. The
/// preparation is shortened with SAMPLEPIPES_PREPARATION_SECONDS; every wait polls with a deadline.
@Suite("the notice with nothing watching", .serialized)
struct NoticeTests {
  /// A sandbox whose PATH starts with a fake `notify-send` that appends its arguments to a log.
  struct Desk {
    let box: Sandbox
    let log: String
    let path: String
    var notices: String { box.folder.appendingPathComponent("orders.notices.jsonl").path }

    init() throws {
      box = try Sandbox()
      let bin = box.folder.appendingPathComponent("bin")
      try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
      log = box.folder.appendingPathComponent("notified.txt").path
      let fake = bin.appendingPathComponent("notify-send")
      // Its --help (the probe for --action) lists no actions and is not logged: the log holds the
      // notifications alone.
      try TestSupport.writeExecutable(
        "#!/bin/sh\n[ \"$1\" = --help ] && exit 0\nprintf '%s|' \"$@\" >> '\(log)'\n", to: fake)
      path =
        TestSupport.productsDirectory.path + ":" + bin.path + ":"
        + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
    }

    /// `orders ARGS` on the real clock (no --now), the preparation `seconds` long.
    func run(_ arguments: [String], seconds: Int) throws -> TestSupport.Result {
      try box.run(
        arguments, now: nil, environment: ["PATH": path, "SAMPLEPIPES_PREPARATION_SECONDS": "\(seconds)"])
    }

    /// A bash line with the tools first on PATH and this sandbox's store.
    func shell(_ command: String, seconds: Int) throws -> TestSupport.Result {
      try TestSupport.shell(
        command,
        environment: [
          "PATH": path, "SAMPLEPIPES_ORDERS": box.store, "SAMPLEPIPES_PREPARATION_SECONDS": "\(seconds)",
          "TZ": "UTC",
        ])
    }

    /// The notice records in the store.
    func stored() throws -> [[String: Any]] {
      guard let text = try? String(contentsOfFile: notices, encoding: .utf8) else { return [] }
      return try box.records(text)
    }

    var logText: String? { try? String(contentsOfFile: log, encoding: .utf8) }

    /// The pids of the notice timers working on this sandbox's store.
    func timers() -> [Int32] {
      let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
      return entries.compactMap { name -> Int32? in
        guard let pid = Int32(name),
          let data = FileManager.default.contents(atPath: "/proc/\(name)/cmdline")
        else { return nil }
        let words = data.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
        return words.contains("notice-timer") && words.contains(box.store) ? pid : nil
      }
    }
  }

  /// The session id of a process (field 6 of /proc/PID/stat).
  static func session(of pid: Int32) -> Int32? {
    guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
      let close = text.lastIndex(of: ")")
    else { return nil }
    let fields = text[text.index(after: close)...].split(separator: " ")
    return fields.count > 3 ? Int32(fields[3]) : nil
  }

  @Test("orders next returns at once; the detached timer alone raises one notice and calls notify-send once")
  func nothingWatching() throws {
    let desk = try Desk()
    // A preparation long enough that a loaded machine still runs 'orders next' well within it:
    // when it returns, the notice is not there yet and its timer is running.
    let next = try desk.run(["next", "1224"], seconds: 10)
    #expect(next.status == 0 && next.err.isEmpty)
    #expect(try desk.stored().isEmpty, "orders next waited for the end of the preparation")
    let preparation = try desk.box.records(next.out)[0]["preparation"] as! [String: String]
    // The timer outlives the command, in a session of its own, its streams on /dev/null.
    let timers = desk.timers()
    #expect(timers.count == 1, "notice timers running: \(timers)")
    for pid in timers {
      #expect(Self.session(of: pid) == pid)
      for fd in 0...2 {
        #expect(
          (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/fd/\(fd)")) == "/dev/null"
        )
      }
      // While it waits it holds nothing else (just after its start, the loader and the runtime
      // may still have a file open for a moment: a loaded machine shows that, so poll).
      var open: [String] = []
      let settled = TestSupport.poll(within: 8, every: 0.05) {
        open = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd")) ?? []
        return open.allSatisfy { ["0", "1", "2"].contains($0) }
      }
      #expect(settled, "the timer holds descriptors \(open)")
    }
    #expect(try TestSupport.poll(within: 30, every: 0.05) { try !desk.stored().isEmpty })
    #expect(TestSupport.poll(within: 30, every: 0.05) { desk.timers().isEmpty })
    let notices = try desk.stored()
    #expect(notices.count == 1)
    let notice = try #require(notices.first)
    #expect(notice["type"] as? String == "notice")
    #expect(notice["order"] as? String == "Order#1224")
    #expect(notice["title"] as? String == "Donuts are done!")
    #expect(notice["body"] as? String == "Time to take them out of the oven.")
    #expect(notice["url"] as? String == "foodtruck://order/1224")
    #expect(notice["preparationStart"] as? String == preparation["start"])
    let date = try #require((notice["date"] as? String).flatMap { ISO8601DateFormatter().date(from: $0) })
    let end = try #require(preparation["end"].flatMap { ISO8601DateFormatter().date(from: $0) })
    #expect(date >= end)
    #expect(TestSupport.poll(within: 30, every: 0.05) { desk.logText != nil })
    #expect(desk.logText == "Donuts are done!|Time to take them out of the oven.|")
    // 'orders notices' shows it, as it is stored.
    let listed = try desk.run(["notices", "1224"], seconds: 3)
    let stored = try String(contentsOfFile: desk.notices, encoding: .utf8)
    #expect(listed.status == 0 && listed.out == stored)
  }

  @Test("an order completed before the end cancels its notice: the timer ends without one")
  func completedFirst() throws {
    let desk = try Desk()
    #expect(try desk.run(["next", "1224"], seconds: 2).status == 0)
    #expect(desk.timers().count == 1)
    let complete = try desk.run(["complete", "1224"], seconds: 2)
    #expect(complete.status == 0)
    #expect(TestSupport.poll(within: 30, every: 0.05) { desk.timers().isEmpty })
    #expect(try desk.stored().isEmpty)
    #expect(desk.logText == nil)
  }

  @Test("an order moved to ready before the end gets no notice either (it is out of the oven)")
  func readyFirst() throws {
    let desk = try Desk()
    #expect(try desk.run(["next", "1223"], seconds: 2).status == 0)
    #expect(try desk.run(["next", "1223"], seconds: 2).status == 0)
    #expect(TestSupport.poll(within: 30, every: 0.05) { desk.timers().isEmpty })
    #expect(try desk.stored().isEmpty)
  }

  @Test("eight timers for the same preparation and a watch at once: one notice, one notify-send")
  func neverTwice() throws {
    let desk = try Desk()
    let result = try desk.shell(
      """
      start=$(orders next 1224 | sed 's/.*"start":"\\([^"]*\\)".*/\\1/')
      for i in 1 2 3 4 5 6 7 8; do orders notice-timer 1224 --start "$start" --store "$SAMPLEPIPES_ORDERS" & done
      orders watch --until-done 2>/dev/null
      wait
      """, seconds: 2)
    #expect(result.status == 0)
    #expect(TestSupport.poll(within: 30, every: 0.05) { desk.timers().isEmpty })
    let notices = try desk.stored()
    #expect(notices.count == 1)
    #expect(result.out == (try String(contentsOfFile: desk.notices, encoding: .utf8)))
    #expect(TestSupport.poll(within: 30, every: 0.05) { desk.logText != nil })
    #expect(desk.logText == "Donuts are done!|Time to take them out of the oven.|")
  }

  @Test("with no timer (its clock was simulated), a watch on the real clock raises the overdue notice itself")
  func watchFallback() throws {
    let desk = try Desk()
    let now = ISO8601DateFormatter().string(from: Date())
    #expect(
      try desk.box.run(["next", "1224"], now: now, environment: ["SAMPLEPIPES_PREPARATION_SECONDS": "1"])
        .status
        == 0)
    #expect(desk.timers().isEmpty)
    let watch = try desk.run(["watch", "--until-done"], seconds: 1)
    #expect(watch.status == 0)
    #expect(watch.err.contains("orders: Order#1224: Donuts are done! Time to take them out of the oven.\n"))
    let notices = try desk.stored()
    #expect(notices.count == 1 && notices.first?["order"] as? String == "Order#1224")
    #expect(watch.out == (try String(contentsOfFile: desk.notices, encoding: .utf8)))
    #expect(TestSupport.poll(within: 30, every: 0.05) { desk.logText != nil })
    #expect(desk.logText == "Donuts are done!|Time to take them out of the oven.|")
    // Another watch does not raise it again, nor print it.
    let again = try desk.run(["watch", "--once", "--no-notify"], seconds: 1)
    let count = try desk.stored().count
    #expect(again.out.isEmpty && count == 1)
  }

  /// The pids of the notice timers whose environment names `XDG_DATA_HOME=data` (a timer of a
  /// store at its default place is given no --store).
  static func timers(dataHome data: String) -> [Int32] {
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    return entries.compactMap { name -> Int32? in
      guard let pid = Int32(name),
        let command = FileManager.default.contents(atPath: "/proc/\(name)/cmdline"),
        let environment = FileManager.default.contents(atPath: "/proc/\(name)/environ")
      else { return nil }
      let words = command.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
      let variables = environment.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
      return words.contains("notice-timer") && variables.contains("XDG_DATA_HOME=\(data)") ? pid : nil
    }
  }

  @Test("a link planted at the notice store's default place after 'orders next': the timer refuses it")
  func timerRefusesDefaultLink() throws {
    let desk = try Desk()
    let data = desk.box.folder.appendingPathComponent("xdg").path
    let environment = [
      "PATH": desk.path, "SAMPLEPIPES_PREPARATION_SECONDS": "2", "XDG_DATA_HOME": data,
      "SAMPLEPIPES_ORDERS": "",
      "TZ": "UTC",
    ]
    let next = try TestSupport.run("orders", ["next", "1224"], environment: environment)
    #expect(next.status == 0, "\(next.err)")
    // An empty file: a notice appended to it would be the only thing in it.
    let victim = desk.box.folder.appendingPathComponent("victim").path
    #expect(FileManager.default.createFile(atPath: victim, contents: Data()))
    try FileManager.default.createSymbolicLink(
      atPath: data + "/samplepipes/orders.notices.jsonl", withDestinationPath: victim)
    #expect(TestSupport.poll(within: 30, every: 0.05) { Self.timers(dataHome: data).isEmpty })
    #expect(try String(contentsOfFile: victim, encoding: .utf8) == "", "the timer wrote through the link")
    #expect(desk.logText == nil, "a notice was raised through the link")
  }

  @Test("notices --follow prints a notice as it arrives and ends when its reader goes away")
  func follow() throws {
    let desk = try Desk()
    let started = Date()
    let result = try desk.shell(
      "orders next 1224 >/dev/null && timeout 30 orders notices --follow 1224 | head -n 1; echo \"${PIPESTATUS[0]}\"",
      seconds: 2)
    #expect(Date().timeIntervalSince(started) < 25)
    let lines = result.out.split(separator: "\n")
    #expect(lines.count == 2)
    #expect(lines.first?.contains(#""url":"foodtruck://order/1224""#) == true)
    #expect(lines.last == "0", "timeout ended 'orders notices --follow' (status \(lines.last ?? ""))")
    #expect(TestSupport.poll(within: 30, every: 0.05) { desk.timers().isEmpty })
  }
}
