import FoodTruckKit
import PipeProtocol
import ToolSupport

/// `orders`: the Food Truck menu, order generation, sales history, the order store, the status flow
/// and the 60-second preparation timer.
public enum Orders: LegacyCommand {
  static let storeOption = OptionSpec.value(
    "store", name: "FILE",
    help: "the order store (default $SAMPLEPIPES_ORDERS, else $XDG_DATA_HOME/samplepipes/orders.jsonl)")
  static let nowOption = OptionSpec.value(
    "now", name: "T", help: "the current time, ISO 8601 (default: the clock); makes output repeatable")
  static let formatOption = OptionSpec.value(
    "format", name: "F", help: "json (records, the default) or text (one line per order, for people)",
    choices: ["json", "text"])

  static let storeInput = """
    The order store: a JSON-lines file of order records, created on first use with the sample's 24
    starting orders (seed 1, dated back from --now). Writers take a lock (FILE.lock); status changes
    replace the file atomically, new orders are appended and synced. A store with a bad or torn
    line is reported (exit 65) and never changed.
    """

  /// The command-line specification.
  public static let spec = CommandSpec(
    name: "orders",
    summary: "the Food Truck menu, orders, sales history, the order store and the preparation timer",
    usage: ["orders COMMAND [OPTIONS]"],
    subcommands: [
      menuSpec, generateSpec, historySpec, streamSpec, placeSpec, listSpec, recentSpec, showSpec, nextSpec,
      completeSpec, watchSpec,
    ],
    input:
      "Nothing (the menu and the generators are compiled in), or the order store (see 'orders list --help').",
    output: """
      JSON lines: donut, order, order-summary and notice records (PROTOCOL.md), keys sorted.
      Messages go to stderr.
      """,
    exitStatus: ["1    an unknown order id, or a step an order cannot take"],
    examples: [
      "orders menu --sort flavor:sweet | jq -r .name",
      "orders generate --now 2026-11-29T10:30:00Z | pipe-check",
      "orders history --city London --days 7 | jq .totalSales",
      "orders place --donut 3x2 --donut 0 && orders recent --format text",
      "orders next 1224 && orders watch --until-done",
    ])

  static let menuSpec = CommandSpec(
    name: "menu", summary: "the 17 donuts of the menu as donut records",
    usage: ["orders menu [--sort id|name|flavor:F] [--search TEXT] [--format json|text]"],
    options: [
      .value(
        "sort", name: "ORDER",
        help: "id (menu order, the default), name, or flavor:F (strongest F first; F is salty, sweet, ...)",
        choices: ["id", "name"] + Flavor.allCases.map { "flavor:\($0.rawValue)" }),
      .value(
        "search", name: "TEXT", help: "only donuts whose name or an ingredient contains TEXT (any case)"),
      formatOption,
    ],
    input: "Nothing: the menu is compiled in.",
    output: """
      One donut record per donut: id, name, dough, glaze and topping (absent when none), flavors
      (the sum of the ingredients') and mostPotentFlavor. With --format text: 'ID  NAME  (FLAVOR)'.
      """,
    examples: ["orders menu --search lemon", "orders menu --sort flavor:spicy | jq -r '.name' | head -3"])

  static let generateSpec = CommandSpec(
    name: "generate", summary: "the sample's starting orders (or any number of orders like them)",
    usage: ["orders generate [--seed N] [--count N] [--now T]"],
    options: [
      .value("seed", name: "N", help: "the drand48 seed (default 1, the sample's)"),
      .value("count", short: "n", name: "N", help: "how many orders (default 24; any number streams)"),
      nowOption,
    ],
    input: "Nothing.",
    output: """
      Order records, newest first. With the defaults, the sample's 24 starting orders: Order#1224
      (placed 5 to 7 minutes before --now) down to Order#1201, the 9 newest placed and the rest
      ready, each 60 to 180 seconds older than the one before. --count N runs the same loop with N
      in place of 24: ids from Order#12<N> down to Order#1201. A progress bar shows on a terminal.
      """,
    examples: [
      "orders generate --now 2026-11-29T10:30:00Z | jq -c '[.id, .status, .totalSales]'",
      "orders generate --count 10000000 | pipe-check",
    ])

  static let historySpec = CommandSpec(
    name: "history", summary: "the sample's daily and monthly sales per city as order-summary records",
    usage: ["orders history [--city C] [--days N | --months N] [--now T]"],
    options: [
      .value("city", name: "C", help: "only this city (Cupertino, San Francisco, London); default all"),
      .value("days", name: "N", help: "daily summaries of the last N days, 1 to 60 (default 60)"),
      .value(
        "months", name: "N", help: "monthly summaries of the last N months, 1 to 13 (this one included)"),
      nowOption,
    ],
    input: "Nothing: the history is generated from each city's seed and multiplier.",
    output: """
      order-summary records, city by city (Cupertino, San Francisco, London), oldest first: the
      last one is yesterday (period day) or the current month (period month, date YYYY-MM-01).
      Days are UTC days before --now. So --days 7 is the last week. (The sample read its oldest
      days as the most recent ones; see PROTOCOL.md.)
      """,
    examples: [
      "orders history --days 7 | jq -s 'map(.totalSales) | add'",
      "orders history --months 13 --city London | pipe-check --pass | jq -c '[.date, .totalSales]'",
    ])

  static let streamSpec = CommandSpec(
    name: "stream", summary: "live orders, one every 3 to 8 seconds, each written as it arrives",
    usage: ["orders stream [--seed N] [--count N] [--speed X] [--first N] [--now T]"],
    options: [
      .value("seed", name: "N", help: "the drand48 seed (default 5, the sample's)"),
      .value("count", short: "n", name: "N", help: "how many orders (default 20; 0 means no end)"),
      .value("speed", name: "X", help: "wait X times less between orders (default 1)"),
      .value("first", name: "N", help: "the number of the first order (default 25: Order#1225)"),
      .value(
        "now", name: "T",
        help: "date orders from T plus the drawn waits instead of the clock (output is repeatable)"),
    ],
    input: "Nothing.",
    output: """
      Placed order records, each flushed when it arrives. For each order the wait (3 to 8 s) is
      drawn first, then the order. Dates are the arrival time, or with --now, T plus the drawn waits.
      """,
    examples: [
      "orders stream --speed 10 | pipe-check --pass | jq -c '[.id, .totalSales]'",
      "orders stream --count 0 --speed 4 | head -n 3",
    ])

  static let placeSpec = CommandSpec(
    name: "place", summary: "place a new order in the store",
    usage: ["orders place --donut ID[xN]... [--city C] [--spot S] [--store FILE] [--now T]"],
    options: [
      .value(
        "donut", short: "d", name: "ID[xN]", help: "N of donut ID (default 1); repeat for more donuts",
        repeatable: true),
      .value("city", name: "C", help: "the city (default Cupertino, or the city of --spot)"),
      .value("spot", name: "S", help: "the parking spot (default the city's first: Apple Park)"),
      storeOption, nowOption,
    ],
    input: storeInput,
    output: "The new order record: the next free id (Order#1225 after the starting orders), status placed.",
    exitStatus: ["64   an unknown donut id (the valid ids are listed), city or spot"],
    examples: ["orders place --donut 3x2 --donut 0", "orders place -d 13x6 --spot 'Ferry Building' | jq .id"])

  static let listSpec = CommandSpec(
    name: "list", summary: "the orders in the store",
    usage: ["orders list [--status S]... [--search TEXT] [--format json|text] [--store FILE]"],
    options: [
      .value(
        "status", short: "s", name: "S", help: "only orders with status S (repeatable)", repeatable: true,
        choices: OrderStatus.allCases.map(\.rawValue)),
      .value(
        "search", name: "TEXT", help: "only orders whose id or a donut (name, ingredient) contains TEXT"),
      formatOption, storeOption, nowOption,
    ],
    input: storeInput,
    output: """
      The store's order records in store order (oldest first), exactly as stored. With --format
      text: 'ID  N donuts  STATUS  TIME' lines.
      """,
    examples: ["orders list --status placed | jq -r .id", "orders list --search lemon --format text"])

  static let recentSpec = CommandSpec(
    name: "recent", summary: "the most recent orders, newest first (the New Orders card)",
    usage: ["orders recent [-n N] [--format json|text] [--store FILE]"],
    options: [
      .value("count", short: "n", name: "N", help: "how many (default 5)"),
      formatOption, storeOption, nowOption,
    ],
    input: storeInput,
    output: """
      The N orders with the latest creation dates, newest first (the sample showed the oldest).
      With --format text, one line each: 'Order#1224   6 donuts  Placed     10:24' (local time;
      the date is added when it is not the day of --now).
      """,
    examples: ["orders recent --format text", "orders recent -n 1 | jq -r .id"])

  static let showSpec = CommandSpec(
    name: "show", summary: "show orders by id",
    usage: ["orders show ID... [--format json|text] [--store FILE]"],
    options: [formatOption, storeOption, nowOption],
    positionalName: "ID", minPositionals: 1,
    input: storeInput + "\nIDs: Order#1203, 1203 or the deep link foodtruck://order/1203.",
    output: "The order records, in the order asked. With --format text, a short description of each.",
    exitStatus: ["1    no order has that id (see 'orders list')"],
    examples: ["orders show 1203", "orders show foodtruck://order/1203 | jq .status"])

  static let nextSpec = CommandSpec(
    name: "next", summary: "move orders to their next status: placed → preparing → ready → completed",
    usage: ["orders next ID... [--store FILE] [--now T]"],
    options: [storeOption, nowOption],
    positionalName: "ID", minPositionals: 1,
    input: storeInput + "\nIDs: Order#1203, 1203 or the deep link foodtruck://order/1203.",
    output: """
      The changed order records. preparing adds preparation {start, end = start + 60 s,
      staleDate = start + 2 min} (the oven timer 'orders watch' shows); ready removes it;
      completed sets completionDate. All the orders change together or none does.
      """,
    exitStatus: ["1    no order has that id, or it is already completed"],
    examples: [
      "orders next 1224 && orders watch --until-done",
      "orders list -s placed | jq -r .id | xargs orders next",
    ])

  static let completeSpec = CommandSpec(
    name: "complete", summary: "mark orders completed, whatever their status",
    usage: ["orders complete ID... [--store FILE] [--now T]"],
    options: [storeOption, nowOption],
    positionalName: "ID", minPositionals: 1,
    input: storeInput + "\nIDs: Order#1203, 1203 or the deep link foodtruck://order/1203.",
    output: "The completed order records, with completionDate set and no preparation.",
    exitStatus: ["1    no order has that id, or it is already completed"],
    examples: [
      "orders complete 1203", "orders list -s ready | jq -r .id | xargs orders complete | jq -r .id",
    ])

  static let watchSpec = CommandSpec(
    name: "watch", summary: "the Live Activity: count down the 60 seconds of every preparing order",
    usage: ["orders watch [--until-done] [--once] [--no-notify] [--store FILE] [--now T [--step S]]"],
    options: [
      .flag("until-done", help: "end when no timer runs any more (default: run until Ctrl-C)"),
      .flag("once", help: "show the countdown once and end"),
      .flag("no-notify", help: "do not call notify-send"),
      .value("now", name: "T", help: "simulate the clock from T (no waiting; for tests and demos)"),
      .value("step", name: "S", help: "with --now, seconds the clock moves per update (default 1)"),
      storeOption,
    ],
    input: storeInput + "\nThe store is read again whenever it changes.",
    output: """
      stderr: a line per preparing order, 'Order 1203 · 6 donuts · 0:42 remaining' ('done' once
      its 60 seconds are over), redrawn in place on a terminal, plain lines otherwise.
      When a timer ends: a notice record on stdout, the text on stderr, and a desktop notification
      through notify-send when it is installed.
      """,
    examples: ["orders next 1224 && orders watch --until-done | jq -r .body"])

  /// Runs the command.
  public static func run(_ invocation: LegacyInvocation) throws -> Int32 {
    switch invocation.subcommand {
    case "menu": try MenuCommand.run(invocation)
    case "generate": try GenerateCommand.run(invocation)
    case "history": try HistoryCommand.run(invocation)
    case "stream": try StreamCommand.run(invocation)
    case "place": try StoreCommands.place(invocation)
    case "list": try StoreCommands.list(invocation)
    case "recent": try StoreCommands.recent(invocation)
    case "show": try StoreCommands.show(invocation)
    case "next": try StoreCommands.advance(invocation, complete: false)
    case "complete": try StoreCommands.advance(invocation, complete: true)
    case "watch": try WatchCommand.run(invocation)
    default:
      throw ToolError.usage(
        "missing command",
        notes: [
          "commands: \(spec.subcommands.map(\.name).joined(separator: ", "))", "see 'orders --help'",
        ])
    }
    return ExitStatus.ok
  }
}
