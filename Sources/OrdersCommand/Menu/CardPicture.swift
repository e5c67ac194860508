import FoodTruckKit
import ToolSupport

/// What the SVG cards of `orders` share (the Donuts card, the New Orders card, one donut): the
/// document around a card, its title, and names laid out in lines under a picture.
enum CardPicture {
  /// The font stack: the system font where there is one.
  static let fontFamily = "-apple-system, BlinkMacSystemFont, 'Helvetica Neue', Helvetica, Arial, sans-serif"

  /// The XML declaration, the `<svg>` element, an accessible title and description, the palette's
  /// style (light and dark), the card's rounded background, and the title on the card.
  static func open(width: Int, height: Int, title: String, subtitle: String, description: String) -> String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <svg xmlns="http://www.w3.org/2000/svg" width="\(width)" height="\(height)" \
    viewBox="0 0 \(width) \(height)" font-family="\(fontFamily)" role="img">
      <title>\(Markup.escape(title))</title>
      <desc>\(Markup.escape(description))</desc>
    \(SVGPalette.style)  <rect width="\(width)" height="\(height)" rx="18" \(SVGPalette.fill(.card))/>
      <text x="24" y="40" font-size="22" font-weight="700" \(SVGPalette.fill(.ink))>\(Markup.escape(title))</text>
      <text x="24" y="64" font-size="14" \(SVGPalette.fill(.secondary))>\(Markup.escape(subtitle))</text>

    """
  }

  /// The end of the document.
  static let close = "</svg>\n"

  /// `text` in at most `maxLines` lines of about `perLine` characters, the last shortened with
  /// `…` when more would follow.
  static func lines(_ text: String, perLine: Int, maxLines: Int) -> [String] {
    let wrapped = TextLayout.wrap(text, width: perLine)
    guard wrapped.count > maxLines else { return wrapped }
    let last = wrapped[(maxLines - 1)...].joined(separator: " ")
    return Array(wrapped.prefix(maxLines - 1)) + [TextLayout.shorten(last, to: perLine)]
  }

  /// A `<text>` of centred lines, the first with its baseline at `y`, each `lineHeight` below the one before.
  static func centered(
    _ lines: [String], x: Double, y: Double, size: Double, lineHeight: Double, attributes: String,
    indent: String = "  "
  ) -> String {
    var s =
      "\(indent)<text x=\"\(n(x))\" y=\"\(n(y))\" text-anchor=\"middle\" font-size=\"\(n(size))\" \(attributes)>"
    for (i, line) in lines.enumerated() {
      s += "<tspan x=\"\(n(x))\" dy=\"\(i == 0 ? "0" : n(lineHeight))\">\(Markup.escape(line))</tspan>"
    }
    return s + "</text>\n"
  }

  /// A number with at most two decimals, as the pictures write coordinates.
  static func n(_ value: Double) -> String { DonutPicture.number(value) }
}
