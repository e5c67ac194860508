import FoodTruckKit
import Glibc
import PipeProtocol
import PipeReading
import SystemIO
import ToolSupport

/// `orders open`: the deep link `foodtruck://order/1224` opens the order, as the sample's
/// `onOpenURL`; `--install` makes it the desktop's handler of the scheme.
enum Open {
  static let install = Flag(
    "install",
    help: "write the desktop entry opening foodtruck:// links here, and make it their default (xdg-mime)")
  static let uninstall = Flag("uninstall", help: "remove that entry, and it as the links' default")
  static let pause = Flag(
    "pause", help: "then wait for Enter when stdin is a terminal (the desktop entry's window stays open)")

  /// `-f/--format text|json`: the link is for people, so text by default.
  static let format = Option.format([.text, .json], default: .text)

  /// `URL|ID`: one order, as a link or an id; anything else is a one-line usage error.
  static let link = Argument<String?>("URL|ID", min: 0, max: 1) { (words: [String]) throws(ToolError) in
    guard let word = words.first else { return nil }
    return try id(word)
  }

  /// The scheme's MIME name for `xdg-mime`.
  static let scheme = "x-scheme-handler/foodtruck"

  static let command = Command(
    name: "open", summary: "open an order from its link foodtruck://order/1224, or install that link handler",
    options: [install, uninstall, pause, format, OrdersOptions.store, OrdersOptions.now],
    arguments: Arguments(link).completing(OrdersCompletion.orders),
    input: OrdersOptions.storeInput
      + "\nURL|ID: foodtruck://order/1224 (the Live Activity's and the notice's link), Order#1224 or 1224.",
    output: """
      The order, as the sample opens it from its link: with --format text (the default here) as
      'orders show --format text' describes it, its times in its city's zone or TZ, labelled; with
      --format json its record. A link that is not foodtruck://order/ and the order's number is a
      usage error (64); a well-formed link or id the store has no order for fails (1).
      --install writes the desktop entry \(entry.fileName) (Exec: this program's 'open --pause %u',
      in a terminal; MimeType \(scheme)) to $XDG_DATA_HOME/applications (default
      ~/.local/share/applications), atomically, and makes it the default with 'xdg-mime default';
      then xdg-open foodtruck://order/1224, and the "Open" action of the "Donuts are done!" notice,
      open the order. --uninstall removes the entry and its name from mimeapps.list. A folder that
      cannot be written is one error line (exit 74), and nothing is changed.
      """,
    exitStatus: [
      "1    no order has that id (see 'orders list')",
      "64   a malformed link or id (foodtruck://order/abc, say)",
    ],
    examples: """
      orders open foodtruck://order/1224
      orders open --install && xdg-open foodtruck://order/1224
      orders open 1224 --format json | jq .status
      """,
    conflicts: [
      .excludes("install", ["uninstall"], message: "give --install or --uninstall, not both"),
      .described("`--install` and `--uninstall` take no `LINK`"),
    ],
    lookups: [OrdersOptions.orderLookup("LINK")],
    run: run)

  /// The desktop entry of the scheme: this program, `open --pause %u`, in a terminal.
  static var entry: DesktopEntry {
    DesktopEntry(
      fileName: "samplepipes-orders.desktop", name: "Food Truck order",
      comment: "Show a Food Truck order from its foodtruck://order/ link (orders open)",
      exec: [DesktopEntry.runningProgram(fallback: "orders"), "open", "--pause", "%u"], mimeTypes: [scheme],
      terminal: true)
  }

  static func run(_ invocation: Invocation) throws -> Int32 {
    let id = invocation[link]
    let install = invocation[install]
    let uninstall = invocation[uninstall]
    if install || uninstall {
      if id != nil { throw ToolError.usage("--install and --uninstall take no order; give one or the other") }
      Diagnostics.note(try install ? entry.install() : entry.uninstall(), tool: invocation.tool)
      return ExitStatus.ok
    }
    guard let id else {
      throw ToolError.usage("give the order to open: foodtruck://order/1224, Order#1224 or 1224")
    }
    let (record, order) = try Show.find([id], in: OrderStore.open(invocation))[0]
    if invocation[format] == .json {
      OrderStore.write(record)
    } else {
      let now = invocation.now(OrdersOptions.now)
      StandardOutput.shared.write(OrderText.detail(order, now: now, zone: OrderTable.zones()(order)))
    }
    if invocation[pause], Terminal.isTTY(0) {
      StandardOutput.shared.flush()
      StandardOutput.error.write("Press Enter to close.")
      StandardOutput.error.flush()
      var byte: UInt8 = 0
      while (try? SystemCall.readWaiting(0, into: &byte, count: 1)) == 1, byte != 0x0A {}
    }
    return ExitStatus.ok
  }

  /// The order a link or an id names (`Order#1224`); a malformed link or id is a usage error of
  /// one line.
  static func id(_ text: String) throws(ToolError) -> String {
    if let id = Order.normalizedID(text) { return id }
    let shown = TerminalText.safe(MessageText.shortened(text))
    if text.contains("://") {
      throw .usage("'\(shown)' is not an order link; give foodtruck://order/1224 (or Order#1224, 1224)")
    }
    throw .usage("'\(shown)' is not an order; give foodtruck://order/1224, Order#1224 or 1224")
  }
}
