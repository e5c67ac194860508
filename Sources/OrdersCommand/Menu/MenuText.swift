import FoodTruckKit
import PipeProtocol
import ToolSupport

/// The menu as text for people (`orders menu --format text`, and the donut the Donut Editor
/// made): a row per donut, `ID  NAME  $5.78  FLAVOR  INGREDIENTS`, laid out to the width. The
/// ingredients wrap under their column, between ingredients; a name too long for its column is
/// shortened with `…`; with less room (a narrow terminal) the ingredients go under the row, and
/// with less still, the price, flavour and ingredients go under the name. Names are shown with control characters escaped.
enum MenuText {
  /// The widest the name column grows; longer names are shortened.
  static let nameColumn = 20
  /// The fewest columns the ingredients get beside the row before they go under it.
  static let minimumIngredients = 20

  /// The rows of `donuts`, ids right-aligned to `idWidth` digits (the menu's widest id, so that
  /// a filtered list lines up as the whole menu does).
  static func text(_ donuts: [Donut], idWidth: Int, width: Int = TextLayout.width()) -> String {
    let names = donuts.map { TerminalText.safe($0.name) }
    let nameWidth = min(nameColumn, names.map(TextLayout.displayWidth).max() ?? 0)
    let flavorWidth = donuts.map { $0.flavors.mostPotent.flavor.rawValue.count }.max() ?? 0
    let price = Numbers.money(cents: Order.donutPriceCents)
    let rowWidth = idWidth + 2 + nameWidth + 2 + TextLayout.displayWidth(price) + 2 + flavorWidth
    let indent = idWidth + 2
    var text = ""
    for (donut, name) in zip(donuts, names) {
      let id = String(repeating: " ", count: max(0, idWidth - String(donut.id).count)) + String(donut.id)
      let flavor = donut.flavors.mostPotent.flavor.rawValue
      let ingredients = donut.ingredients.map(\.name)
      var lines: [String]
      if rowWidth <= width {
        let row =
          id + "  " + OrderTable.pad(TextLayout.shorten(name, to: nameWidth), nameWidth + 1) + " " + price
          + "  " + OrderTable.pad(flavor, flavorWidth + 1) + " "
        if width - rowWidth - 2 >= minimumIngredients {
          // Ingredients beside the row, wrapped under their column.
          lines = flow(ingredients, width: width, indent: rowWidth + 2)
          lines[0] = row + lines[0].dropFirst(rowWidth + 2)
        } else {
          var trimmed = Substring(row)
          while trimmed.last == " " { trimmed = trimmed.dropLast() }
          lines = [String(trimmed)] + flow(ingredients, width: width, indent: indent)
        }
      } else {
        lines = [id + "  " + TextLayout.shorten(name, to: max(1, width - indent))]
        lines.append(String(repeating: " ", count: indent) + "\(price) · \(flavor)")
        lines += flow(ingredients, width: width, indent: indent)
      }
      text += lines.map { $0 + "\n" }.joined()
    }
    return text
  }

  /// `pieces` joined by `, ` into lines of at most `width` columns, each starting with `indent`
  /// spaces, broken only between pieces (a piece wider than a line is wrapped at its spaces).
  static func flow(_ pieces: [String], width: Int, indent: Int) -> [String] {
    let pad = String(repeating: " ", count: indent)
    var lines: [String] = []
    var line = ""
    for (index, piece) in pieces.enumerated() {
      let item = piece + (index < pieces.count - 1 ? "," : "")
      if line.isEmpty {
        line = pad + item
      } else if TextLayout.displayWidth(line) + 1 + TextLayout.displayWidth(item) <= width {
        line += " " + item
      } else {
        lines.append(line)
        line = pad + item
      }
      if TextLayout.displayWidth(line) > width {
        let wrapped = TextLayout.wrap(String(line.dropFirst(indent)), width: width, indent: indent)
        lines += wrapped.dropLast()
        line = wrapped.last ?? ""
      }
    }
    if !line.isEmpty || lines.isEmpty { lines.append(line) }
    return lines
  }

  /// The id width `text` lines a menu up with: its widest id, at least two digits.
  static func idWidth(_ menu: Menu) -> Int { max(2, String(menu.donuts.last?.id ?? 0).count) }
}
