import Testing
import ToolSupport

@Suite("terminal-safe text")
struct TerminalTextTests {
  @Test("ESC, BEL, CSI and OSC sequences, a lone C1, U+202E and U+FEFF are shown escaped")
  func escapesControls() {
    let hostile = "a\u{1B}[2Jb\u{07}c\u{1B}]0;title\u{07}d\u{9B}e\u{202E}f\u{FEFF}g"
    let safe = TerminalText.safe(hostile)
    #expect(safe == "a\\u{1B}[2Jb\\u{7}c\\u{1B}]0;title\\u{7}d\\u{9B}e\\u{202E}f\\u{FEFF}g")
    #expect(!safe.unicodeScalars.contains { TerminalText.needsEscape($0) })
  }

  @Test("ordinary text, accents and emoji are kept as they are")
  func keepsText() {
    let text = "Crème brûlée 🍩 — Apple Park"
    #expect(TerminalText.safe(text) == text)
  }

  @Test("a newline or tab from data cannot start a new message line")
  func escapesLineBreaks() {
    #expect(TerminalText.safe("a\nb\tc\r") == "a\\u{A}b\\u{9}c\\u{D}")
  }
}
