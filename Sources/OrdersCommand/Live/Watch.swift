import FoodTruckKit
import Glibc
import PipeProtocol
import PipeReading
import ToolSupport

/// `orders watch`: the Live Activities in a terminal, and the notices as they arrive.
enum Watch {
  static let untilDone = Flag(
    "until-done", help: "end when no timer runs and every notice is in (default: run until Ctrl-C)")
  static let once = Flag("once", help: "show the activities once and end")
  static let noNotify = Flag("no-notify", help: "do not call notify-send for a notice this raises")
  static let now = Option.date("now", help: "simulate the clock from T (no waiting; for tests and demos)")
  static let step = Option.int(
    "step", name: "S", help: "with --now, seconds the clock moves per update", default: 1, in: 1...86_400)

  static let command = Command(
    name: "watch", summary: "the Live Activity: count down every preparing order, show its notice",
    options: [untilDone, once, noNotify, now, step, OrdersOptions.store],
    input: OrdersOptions.storeInput + "\n" + NoticeStore.input
      + "\nBoth are read again whenever they change.",
    output: """
      stderr: a line per Live Activity (from preparation until the order completes), redrawn in
      place on a terminal, plain lines otherwise: 'orders: Order#1203 · 6 donuts · 0:42 remaining',
      then 'done at 10:31 AM PST' (or 'ready'), and from the stale date (start + 2 min) on, 'stale
      since 10:32 AM PST'. Times are in the order's city's zone, or TZ when set.
      stdout: each notice record that arrives in the notice store while it runs, its text on stderr.
      The notices are raised by the timer 'orders next' starts; when none has come \(NoticeTimer.grace) s
      after a preparation's end (its timer died, or --now was used), watch raises it, through the
      same locked check (never twice), and calls notify-send when it is installed. It ends when
      the reader of its stdout goes away ('| head -n 1'), even with nothing to write.
      """,
    examples: """
      orders next 1224 && orders watch --until-done | jq -r .body
      """,
    conflicts: [.requires("step", "now", message: "--step needs --now (it moves the simulated clock)")],
    run: run)

  static func run(_ invocation: Invocation) throws -> Int32 {
    let store = OrderStore.store(invocation)
    let noticeStore = NoticeStore.store(for: store)
    let simulated = invocation.time(now)
    let step = invocation[step]
    var clock = simulated ?? Clock.nowSeconds()
    let start = clock
    try store.createIfMissing { OrderStore.seed(now: start) }
    let notifier = invocation[noNotify] ? nil : Notifier(program: "notify-send")
    let zoneOf = OrderTable.zones()
    var display = CountdownDisplay(inPlace: Terminal.isTTY(2))
    var orderVersion: [Int]? = nil
    var activities: [Order] = []
    // The notices already in the store when watch starts are not shown again.
    var noticeVersion: [Int]? = Watch.fingerprint(noticeStore.path)
    var stored = try NoticeStore.read(noticeStore)
    var known = Set(stored.map(\.key))
    var shown = known
    while true {
      // The version is taken before reading, so that a change made meanwhile is read next time.
      if Watch.fingerprint(store.path) != orderVersion {
        orderVersion = Watch.fingerprint(store.path)
        activities = try OrderStore.orders(in: store, where: isActivity)
      }
      if Watch.fingerprint(noticeStore.path) != noticeVersion {
        noticeVersion = Watch.fingerprint(noticeStore.path)
        stored = try NoticeStore.read(noticeStore)
        known = Set(stored.map(\.key))
      }
      var arrived = stored.filter { !shown.contains($0.key) }
      // A notice overdue (no timer raised it) is raised here, through the same locked check.
      for order in activities where order.status == .preparing {
        guard let preparation = order.preparation, clock >= preparation.end + NoticeTimer.grace,
          !known.contains(Notice.Key(order: order.id, preparationStart: preparation.start))
        else { continue }
        if let (notice, new) = try NoticeStore.deliver(
          id: order.id, start: preparation.start, orders: store, now: clock)
        {
          known.insert(notice.key)
          if !shown.contains(notice.key), !arrived.contains(where: { $0.key == notice.key }) {
            arrived.append(notice)
          }
          if new { notifier?.notify(notice.title, notice.body, open: notice.order) }
        } else {
          orderVersion = nil  // it changed meanwhile: read the store again
        }
      }
      // Every stderr line starts with 'orders: ' (rule 4), the activities' as the notices'.
      var lines = activities.map { "orders: " + OrderText.activity($0, now: clock, zone: zoneOf($0)) }
      if lines.isEmpty { lines = ["orders: no order is preparing"] }
      display.show(lines, notices: arrived.map { "orders: \($0.text)" })
      for notice in arrived {
        shown.insert(notice.key)
        notice.write()
      }
      StandardOutput.shared.flush()
      let waiting = activities.contains { order in
        guard order.status == .preparing, let preparation = order.preparation else { return false }
        return clock < preparation.end
          || !known.contains(Notice.Key(order: order.id, preparationStart: preparation.start))
      }
      if invocation[once] || (invocation[untilDone] && !waiting) { break }
      // Its reader gone (stdout closed: '| head -n 1'), watch ends, even with nothing to write.
      if simulated != nil {
        if Follower.readerIsGone() { break }
        clock += step
      } else {
        guard Follower.wait(1) else { break }
        clock = Clock.nowSeconds()
      }
      notifier?.reap()
    }
    notifier?.reap(within: 2)
    return ExitStatus.ok
  }

  /// Whether an order has a Live Activity: preparing, or ready after a preparation (it ends when
  /// the order completes).
  static func isActivity(_ order: Order) -> Bool { isActivity(SureOrder(order)) }

  /// `isActivity` from an order's facts, as a store's pass reads them: only those orders are
  /// decoded.
  static func isActivity(_ facts: SureOrder) -> Bool {
    facts.status == .preparing || (facts.status == .ready && facts.prepared)
  }

  /// What identifies a file's version: device, inode, size, modification time; empty when missing.
  static func fingerprint(_ path: String) -> [Int] {
    var info = stat()
    guard stat(path, &info) == 0 else { return [] }
    return [
      Int(info.st_dev), Int(info.st_ino), Int(info.st_size), info.st_mtim.tv_sec, info.st_mtim.tv_nsec,
    ]
  }
}
