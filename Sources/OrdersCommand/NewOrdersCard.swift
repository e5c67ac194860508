import FoodTruckKit
import ToolSupport

/// The New Orders card (`orders recent --format svg`): a row per order, newest first, each with
/// the sample's donut stack (up to three donuts laid diagonally, and `+N` for the others), its id,
/// its donuts, status and time, and the names of the donuts; the count of orders, donuts and the
/// total under the title.
enum NewOrdersCard {
  static let width = 560
  static let rowHeight = 84.0
  static let top = 84.0
  /// The side of the square each stack is laid out in.
  static let stackSize = 68.0

  /// The card for `orders` (in their order), their donuts looked up on `menu`, times as of `now`.
  static func svg(_ orders: [Order], menu: Menu, now: Int) -> String {
    let zoneOf = OrderTable.zones()
    let height = Int(top + Double(max(orders.count, 1)) * rowHeight + 12)
    let ids = orders.map(\.id).joined(separator: ", ")
    var s = CardPicture.open(
      width: width, height: height, title: "New Orders", subtitle: OrderTable.footer(orders),
      description: orders.isEmpty ? "No orders." : "The most recent orders, newest first: \(ids)")
    if orders.isEmpty {
      s += "  <text x=\"24\" y=\"124\" font-size=\"15\" fill=\"#6e6e73\">No orders.</text>\n"
    }
    for (index, order) in orders.enumerated() {
      let y = top + Double(index) * rowHeight
      if index > 0 {
        s +=
          "  <line x1=\"24\" y1=\"\(n(y - 6))\" x2=\"\(width - 24)\" y2=\"\(n(y - 6))\" stroke=\"#e5ddd3\"/>\n"
      }
      let donuts = order.items.map { item in menu.donut(id: item.donut) }
      s += stack(donuts.compactMap { $0 }, extra: max(0, order.items.count - 3), x: 24, y: y)
      let x = 24 + stackSize + 20
      let when = OrderText.when(order.creationDate, now: now, in: zoneOf(order))
      let line = "\(OrderText.donuts(order.totalSales)) · \(order.status.title) · \(when)"
      s += "  <text x=\"\(n(x))\" y=\"\(n(y + 20))\" font-size=\"16\" font-weight=\"700\" fill=\"#1c1c1e\">"
      s += "\(Markup.escape(order.id))</text>\n"
      s +=
        "  <text x=\"\(n(x))\" y=\"\(n(y + 40))\" font-size=\"13\" fill=\"#3a3a3c\">\(Markup.escape(line))</text>\n"
      s += "  <text x=\"\(n(x))\" y=\"\(n(y + 58))\" font-size=\"12\" fill=\"#8e8e93\">"
      s += "\(Markup.escape(OrderTable.stack(order, width: 60)))</text>\n"
    }
    return s + CardPicture.close
  }

  /// The sample's diagonal stack in the square at (`x`, `y`): one donut fills it; two are 0.7 of
  /// it, 15% of the side left and 20% up, and right and down, from the centre; of three, the middle
  /// one is 0.65 of it at the centre and the others 0.65, 15% across and 23% up and down. The
  /// first is drawn first (behind). `extra` donuts more show as `+N` at the bottom trailing corner.
  static func stack(_ donuts: [Donut], extra: Int, x: Double, y: Double) -> String {
    let side = stackSize
    let (cx, cy) = (x + side / 2, y + side / 2)
    let shown = Array(donuts.prefix(3))
    var s = ""
    for (index, donut) in shown.enumerated() {
      let (dx, dy, scale): (Double, Double, Double)
      switch (index, shown.count) {
      case (_, 1): (dx, dy, scale) = (0, 0, 1)
      case (_, 2):
        let direction = index == 0 ? -1.0 : 1.0
        (dx, dy, scale) = (0.15 * direction, 0.20 * direction, 0.7)
      case (1, 3): (dx, dy, scale) = (0, 0, 0.65)
      default:
        let direction = index == 0 ? -1.0 : 1.0
        (dx, dy, scale) = (0.15 * direction, 0.23 * direction, 0.65)
      }
      let size = side * scale
      s += DonutPicture.svg(
        donut, x: cx + dx * side - size / 2, y: cy + dy * side - size / 2, size: size)
    }
    if extra > 0 {
      let label = "+\(extra)"
      let w = Double(label.count) * 7 + 10
      s += "  <rect x=\"\(n(x + side - w + 4))\" y=\"\(n(y + side - 14))\" width=\"\(n(w))\" height=\"18\" "
      s += "rx=\"9\" fill=\"#1c1c1e\" opacity=\"0.8\"/>\n"
      s += "  <text x=\"\(n(x + side - w / 2 + 4))\" y=\"\(n(y + side - 1))\" text-anchor=\"middle\" "
      s += "font-size=\"11\" font-weight=\"700\" fill=\"#ffffff\">\(label)</text>\n"
    }
    return s
  }

  static func n(_ value: Double) -> String { CardPicture.n(value) }
}
