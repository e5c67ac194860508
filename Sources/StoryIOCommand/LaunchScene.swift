import PipeProtocol
import ToolSupport

/// The art of the sample's launch scene (`DocumentGroupLaunchScene("Writing App")`): the pink
/// jungle behind a "Start Writing" button, and two accessories, a robot and a plant, offset from
/// the centre and hidden at compact width, as the sample hides them in a compact size class.
public enum LaunchScene {
  /// Below this many columns (or SVG pixels) the width is compact: the accessories are hidden.
  public static let compactBelow = 64
  /// How far each accessory stands from the centre, in columns: clear of the button.
  static let offset = 14

  /// The button, as the sample's `NewDocumentButton("Start Writing")`.
  static let button = ["╭─────────────────╮", "│  Start Writing  │", "╰─────────────────╯"]
  /// The robot, on the leading side.
  static let robot = [" ┌───┐ ", " │◉ ◉│ ", " └┬─┬┘ ", " ╭┴─┴╮ ", " ╰┬─┬╯ "]
  /// The plant, on the trailing side.
  static let plant = [" \\ | / ", "  \\|/  ", " ╭─┴─╮ ", " │   │ ", " ╰───╯ "]
  /// The jungle's leaves, repeated across a band above and under the scene.
  static let leaves: [Character] = ["✿", " ", "❦", " ", "❧", " "]

  /// The scene as text `width` columns wide (20 at the least): a band of leaves, the button in the
  /// middle rows with the robot and the plant beside it at regular width, a band of leaves.
  public static func text(width: Int, style: Terminal.Style) -> String {
    let width = max(width, 20)
    let band = String((0..<width).map { leaves[$0 % leaves.count] }).trimmingCharacters(" ")
    let paintedBand = style.apply("38;5;205", band)
    let accessories = width >= compactBelow
    let rows = robot.count
    let centre = width / 2
    var lines: [String] = [paintedBand]
    for row in 0..<rows {
      var cells = [String](repeating: " ", count: width)
      var paints = [String?](repeating: nil, count: width)
      func put(_ text: String, at start: Int, paint: String) {
        for (k, ch) in text.enumerated() where start + k >= 0 && start + k < width {
          cells[start + k] = String(ch)
          if ch != " " { paints[start + k] = paint }
        }
      }
      let buttonRow = row - (rows - button.count) / 2
      if button.indices.contains(buttonRow) {
        let text = button[buttonRow]
        put(text, at: centre - text.count / 2, paint: "38;5;161")
      }
      if accessories {
        let leading = centre - button[0].count / 2 - offset
        put(robot[row], at: leading, paint: "38;5;110")
        put(plant[row], at: centre + button[0].count / 2 + offset - plant[row].count + 1, paint: "38;5;71")
      }
      var line = ""
      var index = 0
      while index < width {
        // Runs of one paint are painted together, so that a plain style adds nothing.
        var end = index
        while end < width, paints[end] == paints[index] { end += 1 }
        let run = cells[index..<end].joined()
        line += paints[index].map { style.apply($0, run) } ?? run
        index = end
      }
      lines.append(line.trimmingCharacters(" "))
    }
    lines.append(paintedBand)
    return lines.map { $0 + "\n" }.joined()
  }

  /// The scene as a standalone SVG `width` by `height` pixels: the pink jungle (a gradient and
  /// leaves), the title, the button, and the robot and the plant, which a style hides when the
  /// picture is shown narrower than `compactBelow` × 8 pixels, as at compact width.
  public static func svg(width: Int = 640, height: Int = 400) -> String {
    let (w, h) = (Double(width), Double(height))
    func n(_ v: Double) -> String { "\(JSONNumber(v, fractionDigits: 1))" }
    var s = """
      <?xml version="1.0" encoding="UTF-8"?>
      <svg xmlns="http://www.w3.org/2000/svg" width="\(width)" height="\(height)" viewBox="0 0 \(width) \(height)" \
      font-family="-apple-system, 'Helvetica Neue', Arial, sans-serif">
        <title>Writing App: Start Writing</title>
        <style>@media (max-width: \(compactBelow * 8 - 1)px) { .accessory { display: none; } }</style>
        <defs>
          <linearGradient id="jungle" x1="0" y1="0" x2="0" y2="1">
            <stop offset="0" stop-color="#f9a8c9"/><stop offset="1" stop-color="#d6336c"/>
          </linearGradient>
        </defs>
        <rect width="\(width)" height="\(height)" fill="url(#jungle)"/>

      """
    // Leaves along the top and the bottom edges, a deterministic scatter.
    let count = max(6, width / 40)
    for k in 0..<count {
      for (top, turn) in [(true, 1.0), (false, -1.0)] {
        let x = (Double(k) + 0.5) * w / Double(count)
        let y = top ? 18 + Double(k % 3) * 10 : h - 18 - Double((k + 1) % 3) * 10
        let angle = Double((k * 47) % 90) - 45
        let green = ["#2b8a3e", "#37b24d", "#087f5b"][k % 3]
        s +=
          "  <ellipse cx=\"\(n(x))\" cy=\"\(n(y))\" rx=\"26\" ry=\"10\" fill=\"\(green)\" fill-opacity=\"0.85\" "
          + "transform=\"rotate(\(n(angle * turn)) \(n(x)) \(n(y)))\"/>\n"
      }
    }
    let (cx, cy) = (w / 2, h / 2)
    s +=
      "  <text x=\"\(n(cx))\" y=\"\(n(cy - 40))\" text-anchor=\"middle\" font-size=\"34\" font-weight=\"bold\" "
      + "fill=\"#ffffff\">Writing App</text>\n"
    s +=
      "  <rect x=\"\(n(cx - 90))\" y=\"\(n(cy - 6))\" width=\"180\" height=\"44\" rx=\"22\" fill=\"#ffffff\"/>\n"
      + "  <text x=\"\(n(cx))\" y=\"\(n(cy + 22))\" text-anchor=\"middle\" font-size=\"18\" font-weight=\"600\" "
      + "fill=\"#c2255c\">Start Writing</text>\n"
    // The robot, leading, and the plant, trailing, offset from the centre and standing on the floor.
    let floor = h - 48
    let robotX = cx - 200
    s += "  <g class=\"accessory robot\">\n"
    s +=
      "    <rect x=\"\(n(robotX - 28))\" y=\"\(n(floor - 120))\" width=\"56\" height=\"44\" rx=\"10\" fill=\"#ced4da\"/>\n"
      + "    <circle cx=\"\(n(robotX - 12))\" cy=\"\(n(floor - 98))\" r=\"7\" fill=\"#1c7ed6\"/>\n"
      + "    <circle cx=\"\(n(robotX + 12))\" cy=\"\(n(floor - 98))\" r=\"7\" fill=\"#1c7ed6\"/>\n"
      + "    <line x1=\"\(n(robotX))\" y1=\"\(n(floor - 120))\" x2=\"\(n(robotX))\" y2=\"\(n(floor - 136))\" "
      + "stroke=\"#868e96\" stroke-width=\"3\"/>\n"
      + "    <circle cx=\"\(n(robotX))\" cy=\"\(n(floor - 138))\" r=\"5\" fill=\"#fa5252\"/>\n"
      + "    <rect x=\"\(n(robotX - 34))\" y=\"\(n(floor - 72))\" width=\"68\" height=\"52\" rx=\"12\" fill=\"#adb5bd\"/>\n"
      + "    <rect x=\"\(n(robotX - 24))\" y=\"\(n(floor - 20))\" width=\"14\" height=\"20\" rx=\"4\" fill=\"#868e96\"/>\n"
      + "    <rect x=\"\(n(robotX + 10))\" y=\"\(n(floor - 20))\" width=\"14\" height=\"20\" rx=\"4\" fill=\"#868e96\"/>\n"
    s += "  </g>\n"
    let plantX = cx + 200
    s += "  <g class=\"accessory plant\">\n"
    for (angle, length) in [(-35.0, 70.0), (0, 86), (35, 70), (-60, 52), (60, 52)] {
      s +=
        "    <ellipse cx=\"\(n(plantX))\" cy=\"\(n(floor - 56 - length / 2))\" rx=\"12\" ry=\"\(n(length / 2))\" "
        + "fill=\"#2f9e44\" transform=\"rotate(\(n(angle)) \(n(plantX)) \(n(floor - 56)))\"/>\n"
    }
    s +=
      "    <path d=\"M\(n(plantX - 34)),\(n(floor - 60)) L\(n(plantX + 34)),\(n(floor - 60)) "
      + "L\(n(plantX + 24)),\(n(floor)) L\(n(plantX - 24)),\(n(floor)) Z\" fill=\"#e8590c\"/>\n"
    s += "  </g>\n"
    return s + "</svg>\n"
  }
}

extension String {
  /// The text without `character` at its end.
  func trimmingCharacters(_ character: Character) -> String {
    var s = Substring(self)
    while s.last == character { s.removeLast() }
    return String(s)
  }
}
