import FoodTruckKit
import ToolSupport

/// The donut gallery (`orders menu --format svg`): the menu as the sample's gallery grid shows it, a
/// picture of each donut with its name and its most potent flavour under it.
enum DonutGallery {
  /// The most cells a row holds.
  static let columns = 6
  /// A cell's width and height, and the picture's side in it.
  static let cellWidth = 132.0
  static let cellHeight = 168.0
  static let pictureSize = 100.0
  /// Where the grid starts under the title.
  static let top = 84.0
  static let margin = 24.0

  /// The card for `donuts`, in their order.
  static func svg(_ donuts: [Donut]) -> String {
    let columns = max(1, min(Self.columns, donuts.count))
    let rows = (donuts.count + columns - 1) / columns
    let width = Int(margin * 2 + Double(columns) * cellWidth)
    let height = Int(top + Double(max(rows, 1)) * cellHeight + margin / 2)
    let names = donuts.map(\.name).joined(separator: ", ")
    var s = CardPicture.open(
      width: max(width, 320), height: height, title: "Donuts", subtitle: Numbers.count(donuts.count, "donut"),
      description: donuts.isEmpty ? "No donuts." : "The menu as pictures: \(names)")
    if donuts.isEmpty {
      s += "  <text x=\"24\" y=\"130\" font-size=\"15\" \(SVGPalette.fill(.secondary))>No donuts.</text>\n"
    }
    for (index, donut) in donuts.enumerated() {
      let x = margin + Double(index % columns) * cellWidth
      let y = top + Double(index / columns) * cellHeight
      s += cell(donut, x: x, y: y)
    }
    return s + CardPicture.close
  }

  /// One cell: the picture, the name in up to two lines, the most potent flavour.
  static func cell(_ donut: Donut, x: Double, y: Double) -> String {
    let center = x + cellWidth / 2
    var s = DonutPicture.svg(donut, x: center - pictureSize / 2, y: y + 4, size: pictureSize)
    let lines = CardPicture.lines(donut.name, perLine: 17, maxLines: 2)
    s += CardPicture.centered(
      lines, x: center, y: y + pictureSize + 24, size: 13, lineHeight: 16,
      attributes: "font-weight=\"600\" \(SVGPalette.fill(.ink))")
    s += CardPicture.centered(
      [donut.flavors.mostPotent.flavor.name], x: center, y: y + pictureSize + 24 + Double(lines.count) * 16,
      size: 11, lineHeight: 14, attributes: "\(SVGPalette.fill(.tertiary))")
    return s
  }
}
