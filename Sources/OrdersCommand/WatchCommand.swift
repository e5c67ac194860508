import FoodTruckKit
import Glibc
import PipeProtocol
import ToolSupport

/// `orders watch`: the Live Activity in a terminal.
enum WatchCommand {
  /// The notification's title, as in the sample.
  static let title = "Donuts are done!"
  /// The notification's body, as in the sample.
  static let body = "Time to take them out of the oven."

  static func run(_ invocation: LegacyInvocation) throws {
    let store = StoreCommands.store(invocation)
    let simulated = try invocation.date("now")
    if invocation.string("step") != nil, simulated == nil {
      throw ToolError.usage("--step needs --now (it moves the simulated clock)")
    }
    let step = try invocation.int("step", default: 1, in: 1...86_400)
    var clock = simulated ?? Clock.nowSeconds()
    let start = clock
    try store.createIfMissing { StoreCommands.seed(now: start) }
    let notifier = invocation.flag("no-notify") ? nil : Notifier(program: "notify-send")
    var display = Display(inPlace: Terminal.isTTY(2))
    var fingerprint: [Int] = []
    var preparing: [Order] = []
    var running: Set<String> = []
    var notified: Set<String> = []
    while true {
      let current = Notifier.fingerprint(store.path)
      if current != fingerprint {
        fingerprint = current
        preparing = try StoreCommands.orders(try StoreCommands.read(store)).map(\.order).filter {
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
      if invocation.flag("once") || (invocation.flag("until-done") && !anyRunning) { break }
      if simulated != nil {
        clock += step
      } else {
        Sleep.seconds(1)
        clock = Clock.nowSeconds()
      }
      notifier?.reap(wait: false)
    }
    notifier?.reap(wait: true)
  }
}

/// The countdown lines on stderr: redrawn in place on a terminal, plain lines otherwise.
struct Display {
  let inPlace: Bool
  var drawn = 0

  init(inPlace: Bool) { self.inPlace = inPlace }

  /// Shows this update's lines and the notices' text.
  mutating func show(_ lines: [String], notices: [String]) {
    var text = ""
    if inPlace {
      if drawn > 0 { text += "\u{1B}[\(drawn)F\u{1B}[J" }
      for notice in notices { text += notice + "\n" }
      for line in lines { text += "\u{1B}[2K" + line + "\n" }
      drawn = lines.count
    } else {
      for line in lines { text += line + "\n" }
      for notice in notices { text += notice + "\n" }
    }
    StandardOutput.error.write(text)
    StandardOutput.error.flush()
  }
}

/// Desktop notifications through a program such as `notify-send`, when it is on PATH.
final class Notifier {
  let path: String
  var children: [pid_t] = []

  /// A notifier for `program`, or nil when it is not on PATH.
  init?(program: String) {
    guard let found = Subprocess.find(program) else { return nil }
    path = found
  }

  /// Starts the program with a title and a body, its output going nowhere; does not wait for it.
  func notify(_ title: String, _ body: String) {
    do {
      let streams = Subprocess.Streams(redirect: [0: nil, 1: nil, 2: nil])
      children.append(try Subprocess.spawn(path, [path, title, body], streams: streams))
    } catch {
      Diagnostics.warn("cannot run '\(path)': \(error.description); no desktop notification", tool: "orders")
    }
  }

  /// Collects finished notifier processes (all of them, waiting, when `wait` is true).
  func reap(wait: Bool) {
    if wait {
      for pid in children { _ = Subprocess.wait(pid) }
      children = []
    } else {
      children = children.filter { !Subprocess.hasEnded($0) }
    }
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
