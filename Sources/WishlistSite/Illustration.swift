import PipeProtocol
import ToolSupport

/// Deterministic SVG pictures: a landscape per trip (from its photo name, or its id and name, and its
/// season) and goal badges.
enum Illustration {
  /// A season's colours: sky top and bottom, sun or moon, three land layers far to near, an accent.
  struct Palette: Sendable {
    var skyTop: String
    var skyBottom: String
    var sun: String
    var layers: [String]
    var accent: String
    /// An achieved badge's fill, dark enough for its white text (contrast at least 4.5:1).
    var badge: String
  }

  /// The palette of a season (`spring`, `summer`, `fall`, `winter`; anything else gets spring's).
  static func palette(season: String) -> Palette {
    switch season {
    case "summer":
      Palette(
        skyTop: "#3fa9f5", skyBottom: "#ffe9a8", sun: "#ffd23f",
        layers: ["#7fd1c7", "#1e9aa8", "#0b6f7f"], accent: "#f6d58e", badge: "#0b6f7f")
    case "fall":
      Palette(
        skyTop: "#f7a35c", skyBottom: "#ffe3b3", sun: "#fff4d6",
        layers: ["#d98b3a", "#a4471f", "#5e2a18"], accent: "#ffc857", badge: "#a4471f")
    case "winter":
      Palette(
        skyTop: "#0b1d3a", skyBottom: "#4a6fa5", sun: "#eef4ff",
        layers: ["#8ea9cf", "#c9d8ec", "#f4f8fd"], accent: "#7cf5c4", badge: "#3b5c8c")
    default:
      Palette(
        skyTop: "#9ed8f7", skyBottom: "#ffe1ea", sun: "#fff3b0",
        layers: ["#a8dcb5", "#5fb37a", "#2f7d4f"], accent: "#ff8fb1", badge: "#2f7d4f")
    }
  }

  /// A small deterministic generator (SplitMix64) seeded from text.
  struct Random {
    var state: UInt64

    init(seed text: String) {
      var hash: UInt64 = 0xcbf2_9ce4_8422_2325  // FNV-1a
      for byte in text.utf8 {
        hash ^= UInt64(byte)
        hash = hash &* 0x100_0000_01b3
      }
      state = hash
    }

    mutating func next() -> UInt64 {
      let value = SplitMix64.mix(state)
      state = state &+ 0x9e37_79b9_7f4a_7c15
      return value
    }

    /// A whole number in `range`.
    mutating func int(_ range: ClosedRange<Int>) -> Int {
      range.lowerBound + Int(next() % UInt64(range.upperBound - range.lowerBound + 1))
    }
  }

  static let width = 650
  static let height = 520

  /// The landscape for a trip: the same seed (its photo name, or its id and name) and season always
  /// give the same bytes.
  static func landscape(seed: String, season: String) -> String {
    let colors = palette(season: season)
    var random = Random(seed: "\(seed)|\(season)")
    let (w, h) = (width, height)
    var svg = """
      <svg xmlns="http://www.w3.org/2000/svg" width="\(w)" height="\(h)" viewBox="0 0 \(w) \(h)">
      <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">\
      <stop offset="0" stop-color="\(colors.skyTop)"/><stop offset="1" stop-color="\(colors.skyBottom)"/>\
      </linearGradient></defs>
      <rect width="\(w)" height="\(h)" fill="url(#sky)"/>

      """
    if season == "winter" {
      for _ in 0..<36 {
        let (x, y, r) = (random.int(0...w), random.int(0...220), random.int(1...2))
        svg += "<circle cx=\"\(x)\" cy=\"\(y)\" r=\"\(r)\" fill=\"#ffffff\" opacity=\"0.8\"/>\n"
      }
      for band in 0..<3 {
        let base = 60 + band * 34 + random.int(0...20)
        var path = "M0 \(base)"
        for step in 1...4 {
          path +=
            " Q\(step * 162 - 81) \(base + random.int(-70...40)) \(step * 162) \(base + random.int(-20...30))"
        }
        svg +=
          "<path d=\"\(path)\" fill=\"none\" stroke=\"\(colors.accent)\" stroke-width=\"\(14 - band * 4)\" "
          + "stroke-linecap=\"round\" opacity=\"\(["0.55", "0.4", "0.3"][band])\"/>\n"
      }
    }
    // Kept where a compact card's crop (the middle 360 of 650) and a wide hero's crop both show it.
    let sunX = random.int(200...450)
    let sunY = random.int(130...200)
    let sunR = random.int(30...52)
    svg +=
      "<circle cx=\"\(sunX)\" cy=\"\(sunY)\" r=\"\(sunR + 14)\" fill=\"\(colors.sun)\" opacity=\"0.3\"/>\n"
    svg += "<circle cx=\"\(sunX)\" cy=\"\(sunY)\" r=\"\(sunR)\" fill=\"\(colors.sun)\"/>\n"
    let peaks = random.int(0...1) == 0
    for (layer, color) in colors.layers.enumerated() {
      let base = 250 + layer * 80
      let points = peaks ? 5 + layer * 2 : 4 + layer
      let step = w / points
      var path = "M0 \(h) L0 \(base + random.int(-30...30))"
      for i in 1...points {
        let x = i == points ? w : i * step
        let y = base + random.int(-90...40) + layer * 6
        if peaks {
          path += " L\(x) \(y)"
        } else {
          path += " Q\(x - step / 2) \(y - random.int(20...70)) \(x) \(y)"
        }
      }
      path += " L\(w) \(h) Z"
      svg += "<path d=\"\(path)\" fill=\"\(color)\"/>\n"
    }
    switch season {
    case "summer":
      svg += "<rect y=\"\(h - 70)\" width=\"\(w)\" height=\"70\" fill=\"\(colors.accent)\"/>\n"
      for i in 0..<5 {
        let y = h - 118 + i * 9
        let x = random.int(20...480)
        svg +=
          "<path d=\"M\(x) \(y) q20 -8 40 0 t40 0\" fill=\"none\" stroke=\"#ffffff\" "
          + "stroke-width=\"3\" opacity=\"0.6\"/>\n"
      }
    case "fall", "spring":
      for _ in 0..<7 {
        let x = random.int(10...630)
        let y = random.int(400...500)
        let size = random.int(18...34)
        svg += "<rect x=\"\(x - 2)\" y=\"\(y)\" width=\"4\" height=\"\(size / 2)\" fill=\"#4a2d1a\"/>\n"
        svg += "<circle cx=\"\(x)\" cy=\"\(y - size / 3)\" r=\"\(size / 2)\" fill=\"\(colors.accent)\"/>\n"
      }
    default:
      for _ in 0..<6 {
        let x = random.int(10...630)
        let y = random.int(420...500)
        let size = random.int(24...46)
        svg +=
          "<path d=\"M\(x) \(y - size) L\(x + size / 3) \(y) L\(x - size / 3) \(y) Z\" fill=\"#2e4a6b\"/>\n"
      }
    }
    svg += "</svg>\n"
    return svg
  }

  /// A goal badge drawn inline (no ids, so it may repeat on a page): a medal with the target,
  /// `size` pixels square. With `transitionName`, it carries that view-transition name. With a
  /// `label` it is an image with that accessible name; without one it is decorative (hidden from
  /// assistive technology, as the text beside it says what it is).
  static func badge(
    _ achievement: SiteAchievement, season: String?, size: Int = 72, transitionName: String? = nil,
    label: String? = nil
  ) -> String {
    let fill: String
    if !achievement.achieved {
      fill = "#3a3a3c"
    } else if let season {
      fill = palette(season: season).badge
    } else if achievement.kind == "tripsCompleted" {
      fill = "#6a4bd0"
    } else {
      fill = "#137a73"
    }
    let ring = achievement.achieved ? "#ffd66b" : "#5a5a5e"
    let symbol =
      achievement.kind == "activitiesCompleted" ? "✓" : achievement.kind == "tripsCompleted" ? "✈" : "★"
    let style = transitionName.map { " style=\"view-transition-name: \($0)\"" } ?? ""
    let role = label.map { " role=\"img\" aria-label=\"\(Markup.escape($0))\"" } ?? " aria-hidden=\"true\""
    return """
      <svg class="badge" width="\(size)" height="\(size)" viewBox="0 0 72 72"\(role)\(style)>\
      <circle cx="36" cy="36" r="33" fill="\(fill)" stroke="\(ring)" stroke-width="4"/>\
      <text x="36" y="33" text-anchor="middle" font-size="18" fill="#ffffff">\(symbol)</text>\
      <text x="36" y="54" text-anchor="middle" font-size="16" font-weight="700" fill="#ffffff">\
      \(achievement.target)</text></svg>
      """
  }
}
