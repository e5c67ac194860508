import FoodTruckKit
import PipeProtocol
import ToolSupport

/// One donut as the Donut Editor shows it (`orders donut show`): its name, ingredients and six
/// flavour gauges, as text or as SVG (with its picture, large).
enum FlavorGauges {
  /// The widest a gauge grows, so that a wide terminal does not stretch it past reading.
  static let maximumGauge = 40
  /// The fewest columns a gauge keeps on a narrow terminal.
  static let minimumGauge = 4

  /// The name and id, the ingredients (wrapped to `width`), a blank line, and a row per flavour:
  /// `▸ Sweet   ██████████████████████████████  7`. Each gauge shows `max(value, 0)` over
  /// `0...mostPotentValue` in eighths of a column; the most potent flavour is marked `▸` and, with
  /// colour, drawn in the chart's pink.
  static func text(_ donut: Donut, width: Int, style: Terminal.Style) -> String {
    let flavors = donut.flavors
    let top = flavors.mostPotent
    let name = TextLayout.shorten(
      TerminalText.safe(donut.name), to: max(1, width - 1 - " · donut \(donut.id)".count))
    var out = style.bold(name) + style.dim(" · donut \(donut.id)") + "\n"
    let recipe = donut.ingredients.map { TerminalText.safe($0.name) }.joined(separator: ", ")
    out += TextLayout.wrap(recipe, width: width - 1).map { $0 + "\n" }.joined()
    out += "\n"
    let values = Flavor.allCases.map { String(flavors[$0]) }
    let valueWidth = values.map(\.count).max() ?? 1
    let nameWidth = Flavor.allCases.map(\.name.count).max() ?? 6
    // One column is left free so that a full line never wraps.
    let gauge = max(minimumGauge, min(maximumGauge, width - 1 - 2 - nameWidth - 2 - 1 - valueWidth))
    for (flavor, value) in zip(Flavor.allCases, values) {
      let highlighted = flavor == top.flavor
      let bar = self.bar(max(flavors[flavor], 0), of: top.value, width: gauge)
      let label = flavor.name + String(repeating: " ", count: nameWidth - flavor.name.count)
      let number = String(repeating: " ", count: valueWidth - value.count) + value
      out += highlighted ? "▸ " + style.bold(label) : "  " + label
      out += "  " + (highlighted ? style.apply("38;5;205", bar.filled) : bar.filled)
      out += bar.track.isEmpty ? "" : style.dim(bar.track)
      out += " " + (highlighted ? style.bold(number) : number) + "\n"
    }
    return out
  }

  /// A gauge `width` columns wide showing `value` of `total`: the filled part in eighths of a
  /// column, then the track. A total of 0 (no flavour is positive) gives an empty gauge.
  static func bar(_ value: Int, of total: Int, width: Int) -> (filled: String, track: String) {
    let eighths =
      total > 0 ? Int((Double(min(value, total)) / Double(total) * Double(width * 8)).rounded()) : 0
    let partial = eighths % 8 == 0 ? "" : partialBlocks[eighths % 8]
    let filled = String(repeating: "█", count: eighths / 8) + partial
    let used = eighths / 8 + (partial.isEmpty ? 0 : 1)
    return (filled, String(repeating: "░", count: width - used))
  }

  static let partialBlocks = ["", "▏", "▎", "▍", "▌", "▋", "▊", "▉"]

  /// The picture's side in the SVG, and the card's width.
  static let pictureSize = 240.0
  static let cardWidth = 360

  /// A gauge row's height in the SVG.
  static let gaugeRow = 24.0

  /// One donut, large: its name and id on top, its picture, its ingredients, its most potent
  /// flavour and the six gauges of the text view (the Donut Editor's flavour profile).
  static func svg(_ donut: Donut) -> String {
    let recipe = CardPicture.lines(
      donut.ingredients.map(\.name).joined(separator: ", "), perLine: 44, maxLines: 3)
    let top = 84.0
    let recipeY = top + pictureSize + 34
    let flavorY = recipeY + Double(recipe.count) * 17 + 6
    let gaugesY = flavorY + 30
    let height = Int(gaugesY + Double(Flavor.allCases.count) * gaugeRow + 12)
    let potent = donut.flavors.mostPotent
    var s = CardPicture.open(
      width: cardWidth, height: height, title: TextLayout.shorten(donut.name, to: 26),
      subtitle: "Donut \(donut.id)",
      description: "\(donut.name): \(donut.recipe); most potent \(potent.flavor.rawValue) \(potent.value)")
    let center = Double(cardWidth) / 2
    s += DonutPicture.svg(donut, x: center - pictureSize / 2, y: top, size: pictureSize)
    s += CardPicture.centered(
      recipe, x: center, y: recipeY, size: 14, lineHeight: 17, attributes: "\(SVGPalette.fill(.body))")
    s += CardPicture.centered(
      ["Most potent: \(potent.flavor.name) \(potent.value)"], x: center, y: flavorY, size: 13, lineHeight: 17,
      attributes: "font-weight=\"600\" \(SVGPalette.fill(.accent))")
    return s + gauges(donut.flavors, y: gaugesY) + CardPicture.close
  }

  /// The six gauges as SVG rows from `y` down: the flavour's name, a track with `max(value, 0)`
  /// of the most potent value filled, the value; the most potent flavour in the accent colour.
  static func gauges(_ flavors: FlavorProfile, y: Double) -> String {
    let top = flavors.mostPotent
    let (labelX, trackX, trackWidth, valueX) = (36.0, 96.0, 200.0, Double(cardWidth) - 36)
    func n(_ v: Double) -> String { "\(JSONNumber(v, fractionDigits: 1))" }
    var s = "  <g class=\"gauges\" font-size=\"13\">\n"
    for (row, flavor) in Flavor.allCases.enumerated() {
      let value = flavors[flavor]
      let highlighted = flavor == top.flavor
      let base = y + Double(row) * gaugeRow
      let filled = top.value > 0 ? trackWidth * Double(min(max(value, 0), top.value)) / Double(top.value) : 0
      let ink = highlighted ? SVGPalette.fill(.accent) : SVGPalette.fill(.body)
      let weight = highlighted ? " font-weight=\"600\"" : ""
      s += "    <text x=\"\(n(labelX))\" y=\"\(n(base + 4))\"\(weight) \(ink)>\(flavor.name)</text>\n"
      s +=
        "    <rect x=\"\(n(trackX))\" y=\"\(n(base - 4))\" width=\"\(n(trackWidth))\" height=\"8\" rx=\"4\" "
        + "\(SVGPalette.fill(.grid))/>\n"
      if filled > 0 {
        s +=
          "    <rect x=\"\(n(trackX))\" y=\"\(n(base - 4))\" width=\"\(n(filled))\" height=\"8\" rx=\"4\" "
          + (highlighted ? SVGPalette.fill(.accent) : SVGPalette.fill(.secondary)) + "/>\n"
      }
      s +=
        "    <text x=\"\(n(valueX))\" y=\"\(n(base + 4))\" text-anchor=\"end\"\(weight) \(ink)>\(value)</text>\n"
    }
    return s + "  </g>\n"
  }
}
