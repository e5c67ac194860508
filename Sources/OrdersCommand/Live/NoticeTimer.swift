import FoodTruckKit
import Glibc
import PipeProtocol
import ToolSupport

/// The detached timer that raises an order's "Donuts are done!" notice at the end of its
/// preparation, as the sample schedules its notification when preparation starts: `orders next`
/// starts `orders notice-timer` (hidden from help) in a session of its own, so that it outlives
/// the command and its terminal. It sleeps until the preparation's end, then raises the notice
/// through the notice store's locked check (`NoticeStore.deliver`) and calls `notify-send`.
enum NoticeTimer {
  /// The environment variable that shortens the 60 seconds, for tests only.
  static let secondsVariable = "SAMPLEPIPES_PREPARATION_SECONDS"
  /// The rule of `secondsVariable`, for the docs.
  static let secondsRule =
    "`\(secondsVariable)`, when set and not empty, is whole seconds from 1 to \(Preparation.duration) "
    + "(the preparation's length; it changes the records' times)"

  /// How long after a preparation's end `orders watch` waits for a timer's notice before raising it
  /// itself (the timer died, or none was started).
  static let grace = 2

  /// How long a timer waits for `notify-send` before leaving it.
  static let notifyWait = 5.0

  static let start = Option.date("start", help: "the start of the preparation, as in the order record")
  static let id = Argument("ID", min: 1, max: 1) { (words: [String]) throws(ToolError) in
    try OrderStore.normalizedIDs(words)[0]
  }

  static let command = Command(
    name: "notice-timer",
    summary: "internal: wait for a preparation's end, then raise its notice (started by 'orders next')",
    options: [start, OrdersOptions.store],
    arguments: Arguments(id),
    input: OrdersOptions.storeInput + "\n" + NoticeStore.input,
    output: "Nothing (its streams are /dev/null); a notice record appended to the notice store.",
    examples: """
      orders notice-timer 1224 --start 2026-11-29T10:30:00Z
      """,
    hidden: true,
    run: run)

  static func run(_ invocation: Invocation) throws -> Int32 {
    // Descriptors inherited from whoever started 'orders next' (a pipe a test reads to its end,
    // say) must not be held for a minute.
    closefrom(3)
    let id = invocation[id]
    guard let start = invocation.time(start) else { throw ToolError.usage("give --start") }
    let orders = OrderStore.store(invocation)
    guard let end = try end(of: id, start: start, in: orders) else { return ExitStatus.ok }
    sleep(until: end)
    guard
      let (notice, new) = try NoticeStore.deliver(
        id: id, start: start, orders: orders, now: Clock.nowSeconds()),
      new
    else { return ExitStatus.ok }
    if let notifier = Notifier(program: "notify-send") {
      notifier.notify(notice.title, notice.body, open: notice.order)
      notifier.reap(within: notifyWait)
    }
    return ExitStatus.ok
  }

  /// The end of the order's preparation, when it is preparing with that start; nil otherwise.
  static func end(of id: String, start: Int, in orders: RecordStore) throws -> Int? {
    guard orders.exists, let order = try lastOrder(id, in: orders) else { return nil }
    guard order.status == .preparing, let preparation = order.preparation,
      preparation.start == start
    else {
      return nil
    }
    return preparation.end
  }

  /// The store's last order of `id` (nil when none): in one streaming pass (a store of 200,000
  /// orders read whole took 4 s), else from the records read whole, only that order decoded (the
  /// slow twin, alone when `streams` is false; `loaded` is called when it runs).
  static func lastOrder(_ id: String, in orders: RecordStore, streams: Bool = true, loaded: () -> Void = {})
    throws -> Order?
  {
    try orders.read(
      streaming: { lines -> Order? in
        guard streams else { throw OrderScan.NotSure() }
        var order: Order?
        try OrderScan.forEach(lines) { line in
          if line.order?.id == id { order = try OrderScan.order(line).order }
        }
        return order
      },
      orLoaded: { records -> Order? in
        loaded()
        return try records.last(where: { $0.type == "order" && $0["id"]?.stringValue == id }).map {
          try OrderStore.order($0)
        }
      })
  }

  /// Sleeps until the clock reads `end` (seconds since 1970), looking at the clock again at least
  /// once a minute in case it was set. `Clock.nowSeconds` (`time()`, a coarse clock) may lag the
  /// precise one by a few milliseconds: it is the one that must have reached `end`.
  static func sleep(until end: Int) {
    while Clock.nowSeconds() < end {
      var now = timespec()
      clock_gettime(CLOCK_REALTIME, &now)
      let remaining = Double(end - now.tv_sec) - Double(now.tv_nsec) / 1e9
      Sleep.seconds(min(max(remaining, 0.005), 60))
    }
  }

  /// The preparation time: 60 seconds, or `SAMPLEPIPES_PREPARATION_SECONDS` (1 to 60; for tests).
  static func preparationSeconds() throws(ToolError) -> Int {
    guard let text = Environment.get(secondsVariable), !text.isEmpty else { return Preparation.duration }
    guard let seconds = Int(text), (1...Preparation.duration).contains(seconds) else {
      throw ToolError.usage(
        "\(secondsVariable) is '\(text)'; it must be whole seconds from 1 to \(Preparation.duration)",
        notes: ["it shortens the preparation for tests; unset it for the sample's 60 seconds"])
    }
    return seconds
  }

  /// Starts the timer for an order whose preparation started at `start`. It is not waited for.
  /// When it cannot be started, a warning says so (`orders watch` raises the notice then).
  static func schedule(_ id: String, start: Int, orders: RecordStore) {
    let fallback = "'orders watch' will raise its notice"
    guard let executable = ownExecutable() else {
      Diagnostics.warn("no timer for \(id): cannot find the 'orders' program; \(fallback)", tool: "orders")
      return
    }
    var arguments = [executable, command.name, id, "--start", ISODate.format(start)]
    // A store the user named is passed on; one at its default place is not, so that the timer
    // finds it there too, and refuses a link planted there as every store does (WriteTarget).
    if orders.named {
      var path = orders.path
      if !path.hasPrefix("/"), let folder = currentDirectory() { path = folder + "/" + path }
      arguments += ["--store", path]
    }
    do {
      _ = try Subprocess.spawn(
        executable, arguments, streams: Subprocess.Streams(redirect: [0: nil, 1: nil, 2: nil]),
        newSession: true)
    } catch {
      Diagnostics.warn(
        "no timer for \(id): cannot start '\(executable)': \(error.description); \(fallback)", tool: "orders")
    }
  }

  /// This program's file, when it is `orders` (a test running the tool inside its own process is
  /// not, and starts no timer).
  static func ownExecutable() -> String? {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
    guard count > 0 else { return nil }
    let path = String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    return Files.basename(path) == Orders.command.name ? path : nil
  }

  static func currentDirectory() -> String? {
    guard let folder = getcwd(nil, 0) else { return nil }
    defer { free(folder) }
    return String(cString: folder)
  }
}
