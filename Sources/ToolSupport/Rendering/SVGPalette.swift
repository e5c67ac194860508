/// The colours of every SVG the tools draw, light and dark, in one place. An element painted by
/// the palette carries its light colour as a presentation attribute (what a viewer without CSS
/// shows) and a class; the document's `style` block gives each class its dark colour under
/// `@media (prefers-color-scheme: dark)`, which wins over the attribute in a dark scheme. Colours
/// of things (a donut's dough, a city's line, the bars' gradient) are not the palette's: they
/// read on either background and stay as they are.
public enum SVGPalette {
  /// A colour of the chrome of a picture: its class name and its light and dark values.
  public struct Paint: Sendable, Equatable {
    /// The class suffix: `ink` gives the classes `fill-ink` and `stroke-ink`.
    public let name: String
    /// `#rrggbb` in the light scheme (the attribute).
    public let light: String
    /// `#rrggbb` in the dark scheme (the style block).
    public let dark: String

    /// A chart's background.
    public static let background = Paint(name: "background", light: "#ffffff", dark: "#1c1c1e")
    /// A card's background (the orders cards, warm as the sample's).
    public static let card = Paint(name: "card", light: "#f7f3ee", dark: "#2a2522")
    /// Titles and names.
    public static let ink = Paint(name: "ink", light: "#1c1c1e", dark: "#f2f2f7")
    /// Body text under a title.
    public static let body = Paint(name: "body", light: "#3a3a3c", dark: "#d1d1d6")
    /// Subtitles and empty-state lines.
    public static let secondary = Paint(name: "secondary", light: "#6e6e73", dark: "#aeaeb2")
    /// Axis labels, captions, the least important text.
    public static let tertiary = Paint(name: "tertiary", light: "#8e8e93", dark: "#98989d")
    /// An axis line.
    public static let axis = Paint(name: "axis", light: "#c7c7cc", dark: "#636366")
    /// Grid lines.
    public static let grid = Paint(name: "grid", light: "#e5e5ea", dark: "#3a3a3c")
    /// A card's outline.
    public static let border = Paint(name: "border", light: "#d1d1d6", dark: "#48484a")
    /// The rule between rows of a card.
    public static let rule = Paint(name: "rule", light: "#e5ddd3", dark: "#4a403a")
    /// A value's capsule over a bar.
    public static let capsule = Paint(name: "capsule", light: "#fde7ef", dark: "#4d1f33")
    /// The text of a value or a highlight (the capsule's value, the most potent flavour).
    public static let accent = Paint(name: "accent", light: "#a61e4d", dark: "#f783ac")
    /// A badge (`+N`) over pictures.
    public static let badge = Paint(name: "badge", light: "#1c1c1e", dark: "#48484a")
    /// The shade over night hours.
    public static let night = Paint(name: "night", light: "#1c1c3c", dark: "#7d7aff")
    /// A marker's halo, the background's colour around it.
    public static let halo = Paint(name: "halo", light: "#ffffff", dark: "#1c1c1e")
  }

  /// Every paint, in the order the style block lists them.
  public static let all: [Paint] = [
    .background, .card, .ink, .body, .secondary, .tertiary, .axis, .grid, .border, .rule, .capsule, .accent,
    .badge, .night, .halo,
  ]

  /// `class="fill-NAME" fill="#light"`, the attributes of an element filled with `paint`; the
  /// element's own classes, if any, go first in the one `class` attribute (`also: "zone"`).
  public static func fill(_ paint: Paint, also classes: String? = nil) -> String {
    "class=\"\(classes.map { $0 + " " } ?? "")fill-\(paint.name)\" fill=\"\(paint.light)\""
  }

  /// `class="stroke-NAME" stroke="#light"`, the attributes of an element stroked with `paint`.
  public static func stroke(_ paint: Paint) -> String {
    "class=\"stroke-\(paint.name)\" stroke=\"\(paint.light)\""
  }

  /// The attributes of an element both filled and stroked by the palette (one `class` attribute).
  public static func paint(fill: Paint, stroke: Paint) -> String {
    "class=\"fill-\(fill.name) stroke-\(stroke.name)\" fill=\"\(fill.light)\" stroke=\"\(stroke.light)\""
  }

  /// The `<style>` element every SVG carries, indented by two spaces, ending in a line feed: the
  /// dark colour of each paint's classes when the reader prefers a dark scheme.
  public static let style: String = {
    var s = "  <style>\n    @media (prefers-color-scheme: dark) {\n"
    for paint in all {
      s += "      .fill-\(paint.name) { fill: \(paint.dark); }"
      s += " .stroke-\(paint.name) { stroke: \(paint.dark); }\n"
    }
    return s + "    }\n  </style>\n"
  }()
}
