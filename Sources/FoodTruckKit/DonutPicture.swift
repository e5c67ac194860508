import Glibc
import PipeProtocol

/// A donut drawn as SVG from its dough, glaze and topping, as the sample's DonutView layers its
/// images: the ring in the dough's colour, the glaze (a wavy ring on top, in rainbow stripes for
/// the rainbow glaze), and the topping's pattern in its colour: sprinkles, star sprinkles, powdered
/// sugar, a lattice, lines or a drizzle. The few random placements (sprinkles, the glaze's waves)
/// come from a generator seeded by the donut's name and ingredients, so a donut is always drawn the
/// same way and two donuts differ even where their recipes agree.
///
/// The kit does not know markup escaping (it does not import ToolSupport), so a picture holds no
/// text: it is labelled only by `data-donut`, the donut's id. Callers write the names.
public enum DonutPicture {
  /// The picture as a `<g class="donut" data-donut="ID">` element filling the square of side
  /// `size` whose top left corner is (`x`, `y`), each line indented by `indent` spaces and ending
  /// in a line feed.
  public static func svg(_ donut: Donut, x: Double, y: Double, size: Double, indent: Int = 2) -> String {
    let pad = String(repeating: " ", count: indent)
    var random = SeededRandom(seed: seed(of: donut))
    var lines = elements(donut, random: &random)
    lines = lines.map { pad + "  " + $0 }
    let transform = "translate(\(number(x)) \(number(y))) scale(\(number(size / side)))"
    return pad + "<g class=\"donut\" data-donut=\"\(donut.id)\" transform=\"\(transform)\">\n"
      + lines.map { $0 + "\n" }.joined() + pad + "</g>\n"
  }

  /// The side of the square the elements are drawn in, before `svg` scales them.
  static let side = 100.0
  static let center = 50.0
  /// The dough ring's outer and inner radius.
  static let doughRadius = 46.0
  static let holeRadius = 14.0
  /// The glaze's outer and inner radius, around which its edges wave.
  static let glazeOuter = 37.5
  static let glazeInner = 20.0

  // MARK: - Colours

  /// The colour of a dough, by its image name (`plain`, `blue`, …): baked, muted tones.
  static func doughColor(_ image: String) -> String {
    switch image {
    case "blue": "#a3b4dc"
    case "brown": "#8c5a36"
    case "green": "#b2d88a"
    case "pink": "#f2b3ae"
    case "white": "#f4ece0"
    case "yellow": "#f5d255"
    default: "#dca56a"  // plain
    }
  }

  /// The colour of a glaze, by its image name: brighter than the doughs, so the rim shows.
  static func glazeColor(_ image: String) -> String {
    switch image {
    case "blue": "#5c7cfa"
    case "brown": "#4e2a17"
    case "green": "#82c91e"
    case "orange": "#ff922b"
    case "pink": "#f06595"
    case "yellow": "#ffe066"
    default: "#f8f0e3"
    }
  }

  /// The stripes of the rainbow glaze, in order around the ring.
  static let rainbow = ["#ff6b6b", "#ffa94d", "#ffe066", "#69db7c", "#4dabf7", "#b197fc"]

  /// The colours sprinkles and star sprinkles come in.
  static let sprinkleColors = ["#ff6b6b", "#ffd43b", "#4dabf7", "#69db7c", "#ffffff", "#f783ac", "#b197fc"]
  static let starColors = ["#ffd43b", "#ffffff", "#74c0fc", "#ff8787", "#ffa94d"]

  /// The colour of a lattice, lines or drizzle, by the colour word ending its image name
  /// (`crisscross-blue`, `zigzag-white`).
  static func toppingColor(_ image: String) -> String {
    switch image.split(separator: "-").last.map(String.init) ?? "" {
    case "blue": "#3b6fd8"
    case "brown": "#2b1408"
    case "green": "#2f9e44"
    case "orange": "#d9480f"
    case "pink": "#c2255c"
    case "yellow": "#fab005"
    default: "#ffffff"  // white
    }
  }

  /// A halo that keeps a topping's strokes visible on a glaze of its own colour family (a
  /// chocolate drizzle on chocolate glaze): light under dark toppings, dark under light ones.
  static func halo(for color: String) -> String {
    luminance(color) < 0.5 ? "#ffffff" : "#3b2a20"
  }

  /// The relative brightness of `#rrggbb`, 0 to 1.
  static func luminance(_ color: String) -> Double {
    let hex = Array(color.dropFirst())
    func channel(_ i: Int) -> Double { Double(Int(String(hex[i..<i + 2]), radix: 16) ?? 0) / 255 }
    return 0.2126 * channel(0) + 0.7152 * channel(2) + 0.0722 * channel(4)
  }

  /// A darker shade of `#rrggbb`, for outlines.
  static func darker(_ color: String, by factor: Double = 0.72) -> String {
    let hex = Array(color.dropFirst())
    var out = "#"
    for i in stride(from: 0, to: 6, by: 2) {
      let value = Int(Double(Int(String(hex[i..<i + 2]), radix: 16) ?? 0) * factor)
      let digits = String(value, radix: 16)
      out += (digits.count < 2 ? "0" : "") + digits
    }
    return out
  }

  // MARK: - Drawing

  /// The picture's elements, one a line, in the 100 by 100 square.
  static func elements(_ donut: Donut, random: inout SeededRandom) -> [String] {
    let dough = doughColor(donut.dough.image)
    var out = [
      // A shadow of the ring (not a disc: the table shows through the hole).
      "<path d=\"\(ring(outer: doughRadius, inner: holeRadius))\" transform=\"translate(0 2.5)\" "
        + "fill=\"#000000\" fill-rule=\"evenodd\" opacity=\"0.12\"/>",
      "<path d=\"\(ring(outer: doughRadius, inner: holeRadius))\" fill=\"\(dough)\" fill-rule=\"evenodd\" "
        + "stroke=\"\(darker(dough))\" stroke-width=\"1.2\"/>",
    ]
    // The top of the dough catches the light where no glaze covers it.
    out.append(
      "<circle cx=\"50\" cy=\"50\" r=\"30\" fill=\"none\" stroke=\"#ffffff\" stroke-width=\"9\" opacity=\"0.16\"/>"
    )
    // The glaze's waves start at an angle of the donut's own, so equal glazes differ a little.
    let phase = random.nextUnit() * 2 * Double.pi
    var band = (inner: holeRadius + 2.5, outer: doughRadius - 2.5)
    if let glaze = donut.glaze {
      out += glazeElements(glaze, phase: phase)
      band = (glazeInner + 2, glazeOuter - 2.5)
    }
    if let topping = donut.topping {
      out += toppingElements(topping, band: band, random: &random)
    }
    return out
  }

  /// The glaze: a ring with wavy edges (drips), in stripes for the rainbow glaze, with a gloss.
  static func glazeElements(_ glaze: Ingredient, phase: Double) -> [String] {
    var out: [String] = []
    let edge = darker(glaze.image == "rainbow" ? "#ffa94d" : glazeColor(glaze.image), by: 0.8)
    if glaze.image == "rainbow" {
      let count = rainbow.count
      for (i, color) in rainbow.enumerated() {
        let from = Double(i) / Double(count) * 2 * Double.pi + phase
        let to = Double(i + 1) / Double(count) * 2 * Double.pi + phase
        out.append("<path d=\"\(glazeSector(from: from, to: to, phase: phase))\" fill=\"\(color)\"/>")
      }
      out.append(
        "<path d=\"\(glazeRing(phase: phase))\" fill=\"none\" stroke=\"\(edge)\" stroke-width=\"0.8\" "
          + "opacity=\"0.6\"/>")
    } else {
      out.append(
        "<path d=\"\(glazeRing(phase: phase))\" fill=\"\(glazeColor(glaze.image))\" fill-rule=\"evenodd\" "
          + "stroke=\"\(edge)\" stroke-width=\"0.8\"/>")
    }
    out.append(
      "<path d=\"\(arc(radius: 30, from: 200, to: 250))\" fill=\"none\" stroke=\"#ffffff\" stroke-width=\"3\" "
        + "stroke-linecap=\"round\" opacity=\"0.45\"/>")
    return out
  }

  /// The radius of the glaze's outer and inner edge at angle `a` (radians).
  static func glazeRadii(_ a: Double, phase: Double) -> (outer: Double, inner: Double) {
    (
      glazeOuter + 2.2 * sin(9 * a + phase) + 0.8 * sin(4 * a - phase),
      glazeInner + 0.8 * sin(7 * a + 2 * phase)
    )
  }

  /// The whole glaze ring as one path (its two edges, filled even-odd).
  static func glazeRing(phase: Double) -> String {
    let steps = 96
    var outer: [String] = []
    var inner: [String] = []
    for i in 0..<steps {
      let a = Double(i) / Double(steps) * 2 * Double.pi
      let r = glazeRadii(a, phase: phase)
      outer.append(point(a, r.outer))
      inner.append(point(a, r.inner))
    }
    return "M" + outer.joined(separator: " L") + " Z M" + inner.joined(separator: " L") + " Z"
  }

  /// One stripe of the glaze, between two angles.
  static func glazeSector(from: Double, to: Double, phase: Double) -> String {
    let steps = 16
    var points: [String] = []
    for i in 0...steps {
      let a = from + (to - from) * Double(i) / Double(steps)
      points.append(point(a, glazeRadii(a, phase: phase).outer))
    }
    for i in (0...steps).reversed() {
      let a = from + (to - from) * Double(i) / Double(steps)
      points.append(point(a, glazeRadii(a, phase: phase).inner))
    }
    return "M" + points.joined(separator: " L") + " Z"
  }

  /// The topping's pattern inside the band of radii it covers (the glaze, or the dough).
  static func toppingElements(
    _ topping: Ingredient, band: (inner: Double, outer: Double), random: inout SeededRandom
  ) -> [String] {
    let color = toppingColor(topping.image)
    // Lattice, lines and drizzle are drawn by what they are (their group); the sample's Blueberry
    // Lines borrows the lattice's image, but drawn as lines it stays apart from Blueberry Lattice.
    switch topping.group {
    case "lattices":
      let d = chords(angle: 45, spacing: 7.5, band: band) + " " + chords(angle: -45, spacing: 7.5, band: band)
      return strokes(d, color: color, width: 2.4)
    case "lines":
      return strokes(chords(angle: -20, spacing: 6, band: band), color: color, width: 2.2)
    case "drizzles":
      return strokes(zigzag(band: band, peaks: 13), color: color, width: 2.4)
    default:
      switch topping.key {
      case "powderedSugar": return powder(band: band, random: &random)
      case "starSprinkles": return stars(band: band, random: &random)
      default: return sprinkles(band: band, random: &random)
      }
    }
  }

  /// A path stroked in `color` over a halo that keeps it visible on any glaze.
  static func strokes(_ d: String, color: String, width: Double) -> [String] {
    let style = "fill=\"none\" stroke-linecap=\"round\" stroke-linejoin=\"round\""
    return [
      "<path d=\"\(d)\" \(style) stroke=\"\(halo(for: color))\" stroke-width=\"\(number(width + 1.8))\" "
        + "opacity=\"0.45\"/>",
      "<path d=\"\(d)\" \(style) stroke=\"\(color)\" stroke-width=\"\(number(width))\"/>",
    ]
  }

  /// Parallel straight lines at `angle` degrees, `spacing` apart, cut to the band: each line
  /// crossing the hole gives two pieces.
  static func chords(angle: Double, spacing: Double, band: (inner: Double, outer: Double)) -> String {
    let a = angle * Double.pi / 180
    let (dx, dy) = (cos(a), sin(a))
    let (nx, ny) = (-dy, dx)
    var pieces: [String] = []
    var offset = -band.outer + spacing / 2
    while offset < band.outer {
      let far = (band.outer * band.outer - offset * offset).squareRoot()
      let near = abs(offset) < band.inner ? (band.inner * band.inner - offset * offset).squareRoot() : 0
      func at(_ t: Double) -> String {
        "\(number(center + nx * offset + dx * t)) \(number(center + ny * offset + dy * t))"
      }
      if near > 0 {
        pieces.append("M\(at(-far)) L\(at(-near))")
        pieces.append("M\(at(near)) L\(at(far))")
      } else if far > 1 {
        pieces.append("M\(at(-far)) L\(at(far))")
      }
      offset += spacing
    }
    return pieces.joined(separator: " ")
  }

  /// A closed zigzag around the ring between the band's edges.
  static func zigzag(band: (inner: Double, outer: Double), peaks: Int) -> String {
    var points: [String] = []
    for i in 0..<(peaks * 2) {
      let a = Double(i) / Double(peaks * 2) * 2 * Double.pi - Double.pi / 2
      points.append(point(a, i % 2 == 0 ? band.outer - 1 : band.inner + 1))
    }
    return "M" + points.joined(separator: " L") + " Z"
  }

  /// A point in the band, spread evenly over its area.
  static func place(band: (inner: Double, outer: Double), random: inout SeededRandom) -> (Double, Double) {
    let a = random.nextUnit() * 2 * Double.pi
    let inner2 = band.inner * band.inner
    let r = (inner2 + random.nextUnit() * (band.outer * band.outer - inner2)).squareRoot()
    return (a, r)
  }

  /// Sprinkles: short rounded sticks in many colours, at random places and angles.
  static func sprinkles(band: (inner: Double, outer: Double), random: inout SeededRandom) -> [String] {
    var out: [String] = []
    for i in 0..<30 {
      let (a, r) = place(band: band, random: &random)
      let turn = random.nextUnit() * Double.pi
      let (x, y) = (center + r * cos(a), center + r * sin(a))
      let (hx, hy) = (2.6 * cos(turn), 2.6 * sin(turn))
      out.append(
        "<line x1=\"\(number(x - hx))\" y1=\"\(number(y - hy))\" x2=\"\(number(x + hx))\" "
          + "y2=\"\(number(y + hy))\" stroke=\"\(sprinkleColors[i % sprinkleColors.count])\" "
          + "stroke-width=\"2.2\" stroke-linecap=\"round\"/>")
    }
    return out
  }

  /// Star sprinkles: small five-pointed stars with a thin outline.
  static func stars(band: (inner: Double, outer: Double), random: inout SeededRandom) -> [String] {
    var out: [String] = []
    for i in 0..<16 {
      let (a, r) = place(band: band, random: &random)
      let turn = random.nextUnit() * 2 * Double.pi / 5
      let (x, y) = (center + r * cos(a), center + r * sin(a))
      var points: [String] = []
      for k in 0..<10 {
        let b = turn + Double(k) * Double.pi / 5
        let radius = k % 2 == 0 ? 3.6 : 1.5
        points.append("\(number(x + radius * cos(b))) \(number(y + radius * sin(b)))")
      }
      out.append(
        "<path d=\"M" + points.joined(separator: " L") + " Z\" fill=\"\(starColors[i % starColors.count])\" "
          + "stroke=\"#5c4033\" stroke-width=\"0.4\"/>")
    }
    return out
  }

  /// Powdered sugar: a white dusting over the band and fine grains on it.
  static func powder(band: (inner: Double, outer: Double), random: inout SeededRandom) -> [String] {
    var out = [
      "<path d=\"\(ring(outer: band.outer + 1.5, inner: band.inner - 1))\" fill=\"#ffffff\" "
        + "fill-rule=\"evenodd\" opacity=\"0.35\"/>"
    ]
    var grains: [String] = []
    for _ in 0..<90 {
      let (a, r) = place(band: band, random: &random)
      let size = 0.5 + random.nextUnit() * 0.7
      grains.append(
        "M\(number(center + r * cos(a) - size)) \(number(center + r * sin(a)))"
          + " a\(number(size)) \(number(size)) 0 1 0 \(number(2 * size)) 0"
          + " a\(number(size)) \(number(size)) 0 1 0 \(number(-2 * size)) 0")
    }
    out.append("<path d=\"\(grains.joined(separator: " "))\" fill=\"#ffffff\"/>")
    return out
  }

  // MARK: - Geometry

  /// A ring between two circles around the centre, as one path to fill even-odd.
  static func ring(outer: Double, inner: Double) -> String {
    func circle(_ r: Double) -> String {
      "M\(number(center + r)) 50 A\(number(r)) \(number(r)) 0 1 0 \(number(center - r)) 50 "
        + "A\(number(r)) \(number(r)) 0 1 0 \(number(center + r)) 50 Z"
    }
    return circle(outer) + " " + circle(inner)
  }

  /// An arc of a circle around the centre, between two angles in degrees.
  static func arc(radius: Double, from: Double, to: Double) -> String {
    let a = from * Double.pi / 180
    let b = to * Double.pi / 180
    return "M\(point(a, radius)) A\(number(radius)) \(number(radius)) 0 0 1 \(point(b, radius))"
  }

  /// `x y` of the point at angle `a` (radians) and radius `r` from the centre.
  static func point(_ a: Double, _ r: Double) -> String {
    "\(number(center + r * cos(a))) \(number(center + r * sin(a)))"
  }

  /// A number with at most two decimals and no trailing zeros (`12.5`, `3`): the one number
  /// formatter of every SVG, `JSONNumber(_:fractionDigits:)`.
  public static func number(_ value: Double) -> String { JSONNumber(value, fractionDigits: 2).text }

  /// The seed of a donut's placements: FNV-1a of its name and ingredient ids (not its id, so that
  /// a donut looks the same on any menu).
  static func seed(of donut: Donut) -> Int {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    let text = ([donut.name] + donut.ingredients.map(\.id)).joined(separator: "\u{1F}")
    for byte in text.utf8 {
      hash ^= UInt64(byte)
      hash = hash &* 0x100_0000_01b3
    }
    return Int(truncatingIfNeeded: hash >> 16)
  }
}
