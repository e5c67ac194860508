import FoodTruckKit
import ToolSupport

/// The New Orders card (`orders recent --format svg`): a row per order, newest first, each with
/// the sample's donut stack (up to three donuts laid diagonally, and `+N` for the others), its id,
/// its donuts, status and time, and the names of the donuts; the count of orders, donuts and the
/// total under the title; the sample's footer (the newest order and its donut count) at the end.
enum NewOrdersCard {
  static let width = 560
  static let rowHeight = 84.0
  static let top = 84.0
  /// The side of the square each stack is laid out in.
  static let stackSize = 68.0

  /// The card for `orders` (in their order), their donuts looked up on `menu`, times as of `now`.
  static func svg(_ orders: [Order], menu: Menu, now: Int) -> String {
    let zoneOf = OrderTable.zones()
    let rowsEnd = top + Double(max(orders.count, 1)) * rowHeight
    let height = Int(rowsEnd + (orders.isEmpty ? 12 : footerHeight))
    let ids = orders.map(\.id).joined(separator: ", ")
    var s = CardPicture.open(
      width: width, height: height, title: "New Orders", subtitle: OrderTable.footer(orders),
      description: orders.isEmpty ? "No orders." : "The most recent orders, newest first: \(ids)")
    if orders.isEmpty {
      s += "  <text x=\"24\" y=\"124\" font-size=\"15\" \(SVGPalette.fill(.secondary))>No orders.</text>\n"
    }
    for (index, order) in orders.enumerated() {
      let y = top + Double(index) * rowHeight
      if index > 0 {
        s +=
          "  <line x1=\"24\" y1=\"\(n(y - 6))\" x2=\"\(width - 24)\" y2=\"\(n(y - 6))\" \(SVGPalette.stroke(.rule))/>\n"
      }
      let donuts = order.items.map { item in menu.donut(id: item.donut) }
      s += stack(donuts.compactMap { $0 }, extra: max(0, order.items.count - 3), x: 24, y: y)
      let x = 24 + stackSize + 20
      let when = OrderText.when(order.creationDate, now: now, in: zoneOf(order))
      let line = "\(OrderText.donuts(order.totalSales)) · \(order.status.title) · \(when)"
      s +=
        "  <text x=\"\(n(x))\" y=\"\(n(y + 20))\" font-size=\"16\" font-weight=\"700\" \(SVGPalette.fill(.ink))>"
      s += "\(Markup.escape(order.id))</text>\n"
      s +=
        "  <text x=\"\(n(x))\" y=\"\(n(y + 40))\" font-size=\"13\" \(SVGPalette.fill(.body))>\(Markup.escape(line))</text>\n"
      s += "  <text x=\"\(n(x))\" y=\"\(n(y + 58))\" font-size=\"12\" \(SVGPalette.fill(.tertiary))>"
      s += "\(Markup.escape(OrderTable.stack(order, width: 60)))</text>\n"
    }
    if let newest = orders.first {
      s += footer(newest, menu: menu, y: rowsEnd)
    }
    return s + CardPicture.close
  }

  /// The height of the footer under the rows.
  static let footerHeight = 52.0

  /// The sample's footer, under a rule at `y`: the newest order's id, a donut (its first donut's
  /// picture, or a ring when it has none on the menu) and its donut count, as the text card's
  /// `Order#1227 · ◎ 13 donuts`.
  static func footer(_ newest: Order, menu: Menu, y: Double) -> String {
    let baseline = y + 30
    var s = "  <g class=\"footer\">\n"
    s += "    <line x1=\"24\" y1=\"\(n(y - 6))\" x2=\"\(width - 24)\" y2=\"\(n(y - 6))\" "
    s += "\(SVGPalette.stroke(.rule))/>\n"
    s +=
      "    <text x=\"24\" y=\"\(n(baseline))\" font-size=\"15\" font-weight=\"700\" \(SVGPalette.fill(.ink))>"
    s += "\(Markup.escape(newest.id))</text>\n"
    let glyph = Double(width) - 24 - 110
    if let donut = newest.items.lazy.compactMap({ menu.donut(id: $0.donut) }).first {
      s += DonutPicture.svg(donut, x: glyph, y: baseline - 17, size: 22, indent: 4)
    } else {
      s += "    <circle cx=\"\(n(glyph + 11))\" cy=\"\(n(baseline - 6))\" r=\"8\" fill=\"none\" "
      s += "\(SVGPalette.stroke(.tertiary)) stroke-width=\"4\"/>\n"
    }
    s += "    <text x=\"\(width - 24)\" y=\"\(n(baseline))\" text-anchor=\"end\" font-size=\"15\" "
    s += "font-weight=\"600\" \(SVGPalette.fill(.body))>\(Numbers.count(newest.totalSales, "donut"))</text>\n"
    return s + "  </g>\n"
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
      s += "rx=\"9\" \(SVGPalette.fill(.badge)) opacity=\"0.8\"/>\n"
      s += "  <text x=\"\(n(x + side - w / 2 + 4))\" y=\"\(n(y + side - 1))\" text-anchor=\"middle\" "
      s += "font-size=\"11\" font-weight=\"700\" fill=\"#ffffff\">\(label)</text>\n"
    }
    return s
  }

  static func n(_ value: Double) -> String { CardPicture.n(value) }
}
