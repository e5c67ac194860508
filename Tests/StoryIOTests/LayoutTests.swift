import PipeProtocol
import Testing
import ToolSupport

@testable import StoryIOCommand

@Suite("Focus mode layout")
struct FocusLayoutTests {
  @Test("short lines keep their words, indented by the margin")
  func shortLines() {
    #expect(
      FocusLayout.lines("Waves and foam.\nThe end.\n", width: 40, margin: 4) == [
        "    Waves and foam.", "    The end.",
      ])
  }

  @Test("long lines wrap at spaces to width minus both margins")
  func wraps() {
    let text = "the quick brown fox jumps over the lazy dog"
    // Column of 20 - 2*2 = 16.
    let lines = FocusLayout.lines(text, width: 20, margin: 2)
    #expect(lines == ["  the quick brown", "  fox jumps over", "  the lazy dog"])
    for line in lines { #expect(line.count <= 18) }
  }

  @Test("a word longer than the column is broken between characters")
  func longWord() {
    #expect(FocusLayout.lines("abcdefghijkl", width: 5, margin: 0) == ["abcde", "fghij", "kl"])
  }

  @Test("blank lines, indentation and line ends are kept; a final line end adds nothing")
  func structure() {
    #expect(
      FocusLayout.lines("One\r\n\r\n  indented\rlast", width: 40, margin: 1)
        == [" One", "", "   indented", " last"])
    #expect(FocusLayout.lines("", width: 40, margin: 4) == [])
    #expect(FocusLayout.lines("\n", width: 40, margin: 4) == [""])
  }

  @Test("tabs expand to 8 columns; control characters are shown, never sent to the terminal")
  func controls() {
    #expect(FocusLayout.lines("a\tb", width: 40, margin: 0) == ["a       b"])
    #expect(
      FocusLayout.lines("nul\u{0} esc\u{1B}[31m del\u{7F}", width: 40, margin: 0) == ["nul^@ esc^[[31m del^?"]
    )
  }

  @Test("wide characters take two columns, combining marks none")
  func widths() {
    #expect(FocusLayout.displayWidth("日本") == 4)
    #expect(FocusLayout.displayWidth("🌊") == 2)
    #expect(FocusLayout.displayWidth("e\u{301}") == 1)
    #expect(FocusLayout.displayWidth("\u{FEFF}") == 0)
    #expect(FocusLayout.lines("日本語の文", width: 6, margin: 0) == ["日本語", "の文"])
  }

  @Test("the default margin is 4, or 2 on narrow screens")
  func margins() {
    #expect(FocusLayout.defaultMargin(width: 80) == 4)
    #expect(FocusLayout.defaultMargin(width: 30) == 2)
  }
}

@Suite("Launch screen")
struct LaunchScreenTests {
  @Test(
    "ages in words",
    arguments: [
      (-5, "in the future"), (0, "just now"), (59, "just now"), (60, "1 minute ago"), (150, "2 minutes ago"),
      (3_600, "1 hour ago"), (86_399, "23 hours ago"), (86_400, "yesterday"), (2 * 86_400, "2 days ago"),
      (7 * 86_400, "1 week ago"), (29 * 86_400, "4 weeks ago"), (30 * 86_400, "1 month ago"),
      (364 * 86_400, "12 months ago"), (365 * 86_400, "1 year ago"), (800 * 86_400, "2 years ago"),
    ])
  func ages(seconds: Int, expected: String) {
    #expect(LaunchScreen.age(seconds: seconds) == expected)
  }

  @Test("the screen is titled Writing App, says how to start writing, and lists documents")
  func screen() {
    let now = 1_000_000
    let entries = [
      LaunchScreen.Entry(title: "Ocean", words: 210, modified: now - 120),
      LaunchScreen.Entry(title: "Broken", words: nil, modified: now - 2 * 86_400),
      LaunchScreen.Entry(title: "One", words: 1, modified: now),
    ]
    let text = LaunchScreen.render(entries, now: now, width: 80, style: Terminal.Style(enabled: false))
    let scene = LaunchScene.text(width: 80, style: Terminal.Style(enabled: false))
    #expect(
      text == "Writing App\n" + scene + """

          Start Writing:  story-io new TITLE
          then:           story-io edit TITLE.story
          read it:        story-io focus TITLE.story

        Documents in this folder, most recently changed first:

          Ocean            210 words   2 minutes ago
          Broken     can't be opened   2 days ago
          One                 1 word   just now

        """)
  }

  @Test(
    "the scene: the button between two bands of leaves; the robot and the plant beside it only at regular width"
  )
  func scene() {
    let plain = Terminal.Style(enabled: false)
    for width in [20, 40, 63, 64, 80, 200] {
      let lines = LaunchScene.text(width: width, style: plain).split(
        separator: "\n", omittingEmptySubsequences: false
      ).dropLast().map(String.init)
      #expect(lines.count == 7)
      #expect(lines.allSatisfy { TextLayout.displayWidth($0) <= width }, "\(width): \(lines)")
      #expect(lines.contains { $0.contains("│  Start Writing  │") })
      let accessories = lines.contains { $0.contains("│◉ ◉│") } && lines.contains { $0.contains("╭─┴─╮") }
      #expect(accessories == (width >= LaunchScene.compactBelow), "\(width)")
      #expect(lines.first?.hasPrefix("✿ ❦ ❧") == true && lines.first == lines.last)
    }
    // The robot leads and the plant trails, clear of the button, each as far from the centre.
    let row = LaunchScene.text(width: 80, style: plain).split(separator: "\n").map(Array.init)[3]
    let robot = row.firstIndex(of: "└")!
    let plant = row.lastIndex(of: "╮")!
    #expect(robot < 40 - 9 && plant > 40 + 9 && 40 - robot == plant - 40, "\(String(row))")
    let svg = LaunchScene.svg()
    #expect(svg.contains("class=\"accessory robot\"") && svg.contains("class=\"accessory plant\""))
    #expect(svg.contains("@media (max-width: 511px) { .accessory { display: none; } }"))
  }

  @Test("an empty folder says so")
  func empty() {
    let text = LaunchScreen.render([], now: 0, width: 80, style: Terminal.Style(enabled: false))
    #expect(text.hasPrefix("Writing App\n"))
    #expect(text.hasSuffix("No documents in this folder yet.\n"))
  }

  @Test("long titles are cut to the width; control characters in names are escaped")
  func longTitles() {
    let entries = [
      LaunchScreen.Entry(title: String(repeating: "x", count: 200) + "\u{1B}", words: 3, modified: 0)
    ]
    let text = LaunchScreen.render(entries, now: 0, width: 40, style: Terminal.Style(enabled: false))
    let lines = text.split(separator: "\n")
    #expect(lines.contains { $0.contains("…") })
    #expect(lines.allSatisfy { TextLayout.displayWidth($0) <= 40 })
    #expect(!text.contains("\u{1B}"))
  }

  @Test("at 40 columns the steps go under their names and documents become cards; nothing is wider")
  func narrow() {
    let entries = [
      LaunchScreen.Entry(title: "Ocean", words: 1_210, modified: 0),
      LaunchScreen.Entry(title: "Broken", words: nil, modified: -86_400 * 400),
    ]
    let text = LaunchScreen.render(entries, now: 0, width: 40, style: Terminal.Style(enabled: false))
    #expect(text.split(separator: "\n").allSatisfy { TextLayout.displayWidth($0) <= 40 })
    #expect(text.contains("  then:\n      story-io edit TITLE.story\n"))
    #expect(
      text.hasSuffix(
        "  Ocean\n    1,210 words \u{00B7} just now\n  Broken\n    can't be opened \u{00B7} 1 year ago\n"))
  }
}

@Suite("Write checks")
struct WriteCheckTests {
  /// Whether a record holding the string `json` is refused by the protocol's reader.
  func hasLone(_ json: String) -> Bool {
    (try? Record(bytes: Array(#"{"type":"story","text":\#(json)}"#.utf8))) == nil
  }

  @Test("records with lone surrogate escapes are refused; pairs and escaped backslashes are fine")
  func surrogates() {
    #expect(hasLone(#""a\ud800b""#))
    #expect(hasLone(#""\udc00""#))
    #expect(hasLone(#""\ud83c""#))
    #expect(hasLone(#""\ud83c\u0041""#))
    #expect(!hasLone(#""\ud83c\udf0a""#))
    #expect(!hasLone(#""\\ud800""#))
    #expect(!hasLone(#""plain \u00e9 text""#))
  }

  @Test("the MIME declaration carries the sample's type facts")
  func mime() {
    #expect(MimeType.xml.contains(#"<mime-type type="text/x-writingapp-story">"#))
    #expect(MimeType.xml.contains("<comment>Writing App Document</comment>"))
    #expect(MimeType.xml.contains(#"<sub-class-of type="text/plain"/>"#))
    #expect(MimeType.xml.contains(#"<glob pattern="*.story"/>"#))
    #expect(MimeType.xml.contains("com.example.writingAppDocument"))
    #expect(MimeType.xml.hasSuffix("</mime-info>\n"))
  }
}
