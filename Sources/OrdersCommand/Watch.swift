import FoodTruckKit
import Glibc
import PipeProtocol
import ToolSupport

/// `orders watch`: the Live Activity in a terminal.
enum Watch {
  /// The notification's title, as in the sample.
  static let title = "Donuts are done!"
  /// The notification's body, as in the sample.
  static let body = "Time to take them out of the oven."

  static let untilDone = Flag(
    "until-done", help: "end when no timer runs any more (default: run until Ctrl-C)")
  static let once = Flag("once", help: "show the countdown once and end")
  static let noNotify = Flag("no-notify", help: "do not call notify-send")
  static let now = Option.date("now", help: "simulate the clock from T (no waiting; for tests and demos)")
  static let step = Option.int(
    "step", name: "S", help: "with --now, seconds the clock moves per update", default: 1, in: 1...86_400)

  static let command = Command(
    name: "watch", summary: "the Live Activity: count down the 60 seconds of every preparing order",
    options: [untilDone, once, noNotify, now, step, OrdersOptions.store],
    input: OrdersOptions.storeInput + "\nThe store is read again whenever it changes.",
    output: """
      stderr: a line per preparing order, 'Order 1203 · 6 donuts · 0:42 remaining' ('done' once
      its 60 seconds are over), redrawn in place on a terminal, plain lines otherwise.
      When a timer ends: a notice record on stdout, the text on stderr, and a desktop notification
      through notify-send when it is installed.
      """,
    examples: ["orders next 1224 && orders watch --until-done | jq -r .body"],
    run: run)

  static func run(_ invocation: Invocation) throws -> Int32 {
    let store = OrderStore.store(invocation)
    let simulated = invocation[now]
    if invocation.isGiven(step), simulated == nil {
      throw ToolError.usage("--step needs --now (it moves the simulated clock)")
    }
    let step = invocation[step]
    var clock = simulated ?? Clock.nowSeconds()
    let start = clock
    try store.createIfMissing { OrderStore.seed(now: start) }
    let notifier = invocation[noNotify] ? nil : Notifier(program: "notify-send")
    var display = CountdownDisplay(inPlace: Terminal.isTTY(2))
    var fingerprint: [Int] = []
    var preparing: [Order] = []
    var running: Set<String> = []
    var notified: Set<String> = []
    while true {
      let current = Watch.fingerprint(store.path)
      if current != fingerprint {
        fingerprint = current
        preparing = try OrderStore.orders(try OrderStore.read(store)).map(\.order).filter {
          $0.status == .preparing
        }
      }
      var lines: [String] = []
      var notices: [Order] = []
      var anyRunning = false
      for order in preparing {
        let remaining = order.preparation.map { $0.end - clock }
        if let remaining, remaining > 0 {
          running.insert(order.id)
          anyRunning = true
        } else if remaining != nil, running.contains(order.id), !notified.contains(order.id) {
          notified.insert(order.id)
          notices.append(order)
        }
        lines.append(OrderText.countdown(order, remaining: remaining))
      }
      if lines.isEmpty { lines = ["no order is preparing"] }
      display.show(lines, notices: notices.map { "orders: Order \($0.number): \(title) \(body)" })
      for order in notices {
        let notice: JSONObject = [
          "type": .string("notice"), "order": .string(order.id), "title": .string(title),
          "body": .string(body), "date": .string(ISODate.format(clock)),
        ]
        StandardOutput.shared.writeRecord(notice)
        StandardOutput.shared.flush()
        notifier?.notify(title, body)
      }
      if invocation[once] || (invocation[untilDone] && !anyRunning) { break }
      if simulated != nil {
        clock += step
      } else {
        Sleep.seconds(1)
        clock = Clock.nowSeconds()
      }
      notifier?.reap(wait: false)
    }
    notifier?.reap(wait: true)
    return ExitStatus.ok
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
