import FoodTruckKit
import ToolSupport

/// The Truck's Donuts card (`orders menu --card`): the first 14 donuts of the menu in the sample's
/// hexagonal lattice, rows of 5, 4 and 5, the middle row half a step in, each donut drawn from its
/// dough, glaze and topping (`DonutPicture`), as text for a terminal or as an SVG picture.
enum DonutsCard {
  /// How many donuts each row holds, top to bottom (the sample's 5/4/5).
  static let rows = [5, 4, 5]
  /// How many donuts the card shows: the first of the listing.
  static var capacity: Int { rows.reduce(0, +) }

  /// Where each of `count` donuts sits: its row and its place in the row, in lattice steps from
  /// the left (the middle row starts half a step in).
  static func slots(_ count: Int) -> [(row: Int, column: Double)] {
    var out: [(row: Int, column: Double)] = []
    for (row, size) in rows.enumerated() {
      for place in 0..<size where out.count < count {
        out.append((row, Double(place) + (size < rows[0] ? 0.5 : 0)))
      }
    }
    return out
  }

  // MARK: - SVG

  /// The distance between two neighbours' centres; rows are `step × √3/2` apart, so each donut
  /// touches the six around it as a hexagonal lattice does.
  static let step = 112.0
  static let pictureSize = 100.0
  static let margin = 24.0
  static let top = 84.0

  /// The card as an SVG document, of the first `capacity` of `donuts` (in their order) and the
  /// count of the whole listing `total`.
  static func svg(_ donuts: [Donut], total: Int) -> String {
    let shown = Array(donuts.prefix(capacity))
    let rowStep = step * 3.0.squareRoot() / 2
    let width = Int(margin * 2 + Double(rows[0] - 1) * step + pictureSize)
    let height = Int(top + Double(rows.count - 1) * rowStep + pictureSize + margin)
    let names = shown.map(\.name).joined(separator: ", ")
    var s = CardPicture.open(
      width: width, height: height, title: "Donuts", subtitle: subtitle(shown.count, total: total),
      description: shown.isEmpty
        ? "No donuts." : "The first donuts of the menu in a hexagonal lattice: \(names)")
    if shown.isEmpty {
      s += "  <text x=\"24\" y=\"130\" font-size=\"15\" \(SVGPalette.fill(.secondary))>No donuts.</text>\n"
    }
    for (donut, slot) in zip(shown, slots(shown.count)) {
      let x = margin + slot.column * step
      let y = top + Double(slot.row) * rowStep
      s += "  <g>\n    <title>\(Markup.escape(donut.name))</title>\n"
      s += DonutPicture.svg(donut, x: x, y: y, size: pictureSize, indent: 4)
      s += "  </g>\n"
    }
    return s + CardPicture.close
  }

  /// `14 of 17 donuts`, `3 donuts`.
  static func subtitle(_ shown: Int, total: Int) -> String {
    shown == total ? Numbers.count(total, "donut") : "\(shown) of \(Numbers.count(total, "donut"))"
  }

  // MARK: - Text

  /// The card for a terminal `width` columns wide: the title and count, then each row of the
  /// lattice as two lines, a donut glyph over each name, the middle row half a cell in. Cells are
  /// as wide as five fit (an even 8 to 16 columns, so that half a step is whole columns); a longer
  /// name is shortened with `…`. Names are shown with control characters escaped.
  static func text(_ donuts: [Donut], total: Int, width: Int = TextLayout.width()) -> String {
    let shown = Array(donuts.prefix(capacity))
    var out = "Donuts · \(subtitle(shown.count, total: total))\n"
    guard !shown.isEmpty else { return out + "\nNo donuts.\n" }
    let cell = max(8, min(16, (width - 1) / rows[0])) / 2 * 2
    var lines: [(glyphs: String, names: String)] = Array(repeating: ("", ""), count: rows.count)
    for (donut, slot) in zip(shown, slots(shown.count)) {
      var line = lines[slot.row]
      let start = Int(slot.column * Double(cell))
      let name = TextLayout.shorten(TerminalText.safe(donut.name), to: cell - 1)
      line.glyphs = TextLayout.padded(line.glyphs, to: start) + TextLayout.centered("◎", in: cell)
      line.names = TextLayout.padded(line.names, to: start) + TextLayout.centered(name, in: cell)
      lines[slot.row] = line
    }
    for line in lines where !line.glyphs.isEmpty {
      out += "\n" + trimmed(line.glyphs) + "\n" + trimmed(line.names) + "\n"
    }
    return out
  }

  /// `text` without its trailing spaces.
  static func trimmed(_ text: String) -> String {
    String(text.reversed().drop { $0 == " " }.reversed())
  }
}
