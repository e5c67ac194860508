import FoodTruckKit
import ToolSupport

/// The social feed as text for people, as the app lists it: the Highlighted Posts (with Social
/// Feed+), then the Posts; each post with its favourite donut, its message, its tags and its date.
/// Text from data is shown with control characters escaped (`TerminalText`).
enum FeedText {
  /// A tag as a chip: `# Space`, `◉ Cosmos`, `⌂ London` (the app's tag, donut and building icons).
  static func chip(_ tag: FeedTag) -> String {
    let mark: String
    switch tag {
    case .title: mark = "#"
    case .donut: mark = "◉"
    case .city: mark = "⌂"
    }
    return "\(mark) \(TerminalText.safe(tag.title))"
  }

  /// The whole feed. `filtered` says that options chose the posts (so an empty section is left out,
  /// and the Social Feed+ invitation is not shown).
  static func feed(
    _ posts: [FeedPost], plus: Bool, filtered: Bool, now: Int, zone: LocalTime.Zone, width: Int,
    style: Terminal.Style
  ) -> String {
    var text = style.bold(plus ? "Social Feed+" : "Social Feed") + "\n"
    if posts.isEmpty && filtered { return text + "\nNo posts match.\n" }
    let highlighted = posts.filter { $0.kind == .highlighted }
    if plus, !highlighted.isEmpty {
      text += "\n" + style.bold("Highlighted Posts") + "\n"
      for post in highlighted {
        text += "\n" + self.post(post, now: now, zone: zone, width: width, style: style)
      }
    } else if !plus, !filtered {
      let invitation = "Get Social Feed+: the definitive social-feed experience (orders feed --plus)"
      text += "\n" + TextLayout.wrap(invitation, width: width).map { $0 + "\n" }.joined()
    }
    let others = posts.filter { $0.kind != .highlighted }
    if !others.isEmpty || !filtered {
      text += "\n" + style.bold("Posts") + "\n"
      for post in others { text += "\n" + self.post(post, now: now, zone: zone, width: width, style: style) }
    }
    return text
  }

  /// One post: its favourite donut, then the message, the tags and the date, indented.
  static func post(_ post: FeedPost, now: Int, zone: LocalTime.Zone, width: Int, style: Terminal.Style)
    -> String
  {
    let indent = "  "
    let room = max(width - indent.count, 20)
    let mine = post.kind == .own ? "  (your post)" : ""
    var text =
      "◉ "
      + TextLayout.shorten(TerminalText.safe(post.favoriteDonutName), to: max(width - 2 - mine.count, 10))
      + mine + "\n"
    for line in wrap(
      TerminalText.safe(post.message).split(separator: " ").map(String.init), width: room, gap: " ")
    {
      text += indent + line + "\n"
    }
    for line in wrap(post.tags.map(chip), width: room, gap: "  ") { text += indent + line + "\n" }
    text += indent + style.dim(LocalTime.dayAndTime(post.date, now: now, in: zone)) + "\n"
    return text
  }

  /// The truck's Social Feed card: its title, the caption "Trending Topics", then the topics as
  /// chips, wrapped (the sample's card heads its flow of tags with the caption).
  static func trending(_ tags: [FeedTag], width: Int, style: Terminal.Style) -> String {
    style.bold("Social Feed") + "\n" + style.dim("Trending Topics") + "\n"
      + wrap(tags.map(chip), width: width, gap: "  ").map { $0 + "\n" }.joined()
  }

  /// Pieces joined by `gap` into lines of at most `width` characters; a piece longer than a line
  /// is cut into lines of its own.
  static func wrap(_ pieces: [String], width: Int, gap: String) -> [String] {
    var lines: [String] = []
    var line = ""
    for piece in pieces where !piece.isEmpty {
      var rest = Substring(piece)
      if !line.isEmpty, line.count + gap.count + rest.count <= width {
        line += gap + rest
        continue
      }
      if !line.isEmpty { lines.append(line) }
      while rest.count > width {
        lines.append(String(rest.prefix(width)))
        rest = rest.dropFirst(width)
      }
      line = String(rest)
    }
    if !line.isEmpty { lines.append(line) }
    return lines
  }
}
