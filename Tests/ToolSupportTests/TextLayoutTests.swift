import Foundation
import PipeProtocol
import TestSupport
import Testing

@testable import ToolSupport

/// Text for people fits the terminal: measured in display columns, wrapped at spaces.
@Suite struct TextLayoutTests {
  @Test("padding and centring count terminal columns: a wide character is two, a combining mark none")
  func paddedAndCentered() {
    #expect(TextLayout.padded("ab", to: 5) == "ab   ")
    #expect(TextLayout.padded("漢字", to: 5) == "漢字 ")
    #expect(TextLayout.padded("e\u{301}", to: 3) == "e\u{301}  ")
    #expect(TextLayout.padded("toolong", to: 3) == "toolong")
    #expect(TextLayout.centered("◎", in: 4) == " ◎  ")
    #expect(TextLayout.centered("漢", in: 5) == " 漢  ")
    #expect(TextLayout.centered("wide", in: 2) == "wide")
  }

  @Test func displayWidthCountsWideAndZeroWidthCharacters() {
    #expect(TextLayout.displayWidth("abc") == 3)
    #expect(TextLayout.displayWidth("東京") == 4)
    #expect(TextLayout.displayWidth("🍩") == 2)
    #expect(TextLayout.displayWidth("e\u{301}") == 1)
    #expect(TextLayout.displayWidth("·→…") == 3)
  }

  @Test("the ASCII fast paths of displayWidth answer as the Unicode tables, on random text of every kind")
  func displayWidthFastPaths() {
    for v in UInt32(0)..<0x80 {
      let scalar = Unicode.Scalar(v)!
      #expect(TextLayout.displayWidth(scalar) == TextLayout.tableWidth(scalar), "U+\(String(v, radix: 16))")
    }
    var random = SplitMix64(seed: 2626)
    let pieces = [
      "a", "Z", " ", "~", "#", "1", "\t", "\r\n", "\n", "\u{7F}", "\u{1B}", "é", "e\u{301}", "東", "🍩",
      "👩\u{200D}🍳",
      "☀\u{FE0F}", "\u{200B}", "·", "Order#12",
    ]
    for _ in 0..<2_000 {
      let text = (0..<Int.random(in: 0...12, using: &random)).map { _ in pieces.randomElement(using: &random)!
      }
      .joined()
      #expect(TextLayout.displayWidth(text) == TextLayout.characterWidths(text), "\(text.debugDescription)")
      let tail: Substring = text.dropFirst()
      #expect(TextLayout.displayWidth(tail) == TextLayout.characterWidths(tail), "\(tail.debugDescription)")
    }
  }

  @Test func wrapBreaksAtSpacesWithAHangingIndent() {
    #expect(
      TextLayout.wrap("one two three four five", width: 12, indent: 2, hanging: 4)
        == ["  one two", "    three", "    four", "    five"])
    #expect(TextLayout.wrap("東京 東京 東京", width: 10) == ["東京 東京", "東京"], "CJK counts 2")
    #expect(TextLayout.wrap("", width: 10) == [""])
  }

  @Test func aLongWordIsCutAfterItsSeparatorsOnly() {
    let lines = TextLayout.wrap("see example.com/a/b/c?x=1&y=2", width: 16)
    #expect(lines.allSatisfy { TextLayout.displayWidth($0) <= 16 }, "\(lines)")
    #expect(lines.joined().replacingOccurrences(of: " ", with: "") == "seeexample.com/a/b/c?x=1&y=2")
    #expect(TextLayout.wrap("abcdefghijklmnop", width: 8) == ["abcdefghijklmnop"], "no separator: whole")
  }

  @Test func aURLIsNeverCutItOverflowsTheLine() {
    let url = "'https://api.open-meteo.com/v1/forecast?latitude=37.3348&hourly=temperature_2m,is_day'"
    #expect(TextLayout.wrap("curl -s \(url) | jq .", width: 40) == ["curl -s", url, "| jq ."])
    #expect(
      TextLayout.wrap("see https://example.com/a/b/c?x=1&y=2", width: 16) == [
        "see", "https://example.com/a/b/c?x=1&y=2",
      ])
    #expect(TextLayout.verbatim("  curl -s \(url)", width: 30) == ["  curl -s", "      \(url)"])
  }

  @Test func joinedBreaksOnlyBetweenPieces() {
    let pieces = ["5 orders", "34 donuts", "$196.52"]
    #expect(TextLayout.joined(pieces, width: 80) == ["5 orders · 34 donuts · $196.52"])
    #expect(TextLayout.joined(pieces, width: 20, lineEnd: " ·") == ["5 orders · 34 donuts ·", "$196.52"])
    #expect(TextLayout.joined(pieces, width: 5) == pieces, "a piece wider than the width stays whole")
    #expect(TextLayout.joined([], width: 10) == [])
    // With a hanging indent a piece too wide is wrapped, and the next pieces follow its last line.
    #expect(
      TextLayout.joined(["high 70°", "night 6 PM to 6 AM", "x"], width: 14, hanging: 2)
        == ["high 70°", "night 6 PM to", "  6 AM · x"])
  }

  @Test func reflowJoinsHardWrappedProseAndKeepsBlocks() {
    let source = [
      "  A sentence that was wrapped", "  in the source. Another one.", "  Records:",
      #"    {"a":1}"#, "  text: an item that goes", "    on here.",
    ]
    #expect(
      TextLayout.reflow(source, width: 80) == [
        "  A sentence that was wrapped in the source. Another one.", "  Records:", #"    {"a":1}"#,
        "  text: an item that goes on here.",
      ])
  }

  @Test func tablesPutTheDescriptionUnderATermWhenTheyCannotShareALine() {
    let rows = [(term: "-n, --count N", description: "how many, 1 to 10")]
    #expect(TextLayout.table(rows, width: 80) == ["  -n, --count N  how many, 1 to 10"])
    #expect(TextLayout.table(rows, width: 30) == ["  -n, --count N", "      how many, 1 to 10"])
  }

  /// Every help page of every tool, at 80 and 40 columns: no line wider (in display columns) but
  /// a word with nothing to cut it at or a JSON record, every JSON record broken only between its
  /// members, and
  /// the same text as at 300 columns but for where lines break.
  @Test(arguments: ["orders", "sales-chart", "weather", "story-io", "trips", "achievements", "pipe-check"])
  func everyHelpPageFitsAndSaysTheSame(_ tool: String) throws {
    var pages = 0
    for path in try Self.commandPaths(tool) {
      let wide = try TestSupport.run(tool, path + ["--help"], environment: ["COLUMNS": "300"])
      #expect(wide.status == 0)
      for columns in [80, 40] {
        let page = try TestSupport.run(tool, path + ["--help"], environment: ["COLUMNS": "\(columns)"])
        let name = ([tool] + path).joined(separator: " ")
        for line in page.out.split(separator: "\n") {
          // A record in an example or a description is broken only between its members.
          #expect(
            Self.brokenRecord(line).map { $0.hasSuffix(",") } ?? true,
            "\(name) --help at \(columns) breaks a JSON record inside a member: \(line)")
          guard TextLayout.displayWidth(line) > columns else { continue }
          // Only a word with nothing to cut it at, or a record, may stand past the edge.
          let words = line.trimmingCharacters(in: .whitespaces)
          let records = TextLayout.recordSpans(in: words[...])
          #expect(
            !words.indices.contains { i in words[i] == " " && !records.contains { $0.contains(i) } },
            "\(name) --help at \(columns): \(line)")
        }
        #expect(
          page.out.filter { !$0.isWhitespace } == wide.out.filter { !$0.isWhitespace },
          "\(name) --help says other words at \(columns) columns than at 300")
      }
      pages += 1
    }
    #expect(pages >= 1, "no help page was read")
  }

  /// The start of a JSON record (`{"`) in `line` that the line does not close, if any.
  static func brokenRecord(_ line: Substring) -> Substring? {
    let records = TextLayout.recordSpans(in: line)
    var rest = line[...]
    while let start = rest.range(of: "{\"") {
      if !records.contains(where: { $0.lowerBound == start.lowerBound }) { return line[start.lowerBound...] }
      rest = line[start.upperBound...]
    }
    return nil
  }

  @Test("a JSON record is cut only after its members, and only when it is wider than the line")
  func recordsAreCutBetweenMembers() {
    let text = #"write {"text":"Waves roll in, one by one","title":"Ocean","type":"story"} to a file"#
    #expect(
      TextLayout.wrap(text, width: 20) == [
        "write", #"{"text":"Waves roll in, one by one","#, #""title":"Ocean","#, #""type":"story"} to a"#,
        "file",
      ])
    #expect(TextLayout.wrap(text, width: 100) == [text])
    // Commas inside strings and nested values are not a member's end.
    let nested = #"{"a":[1,2,3],"b":{"c":1,"d":2},"e":"x,y"}"#
    #expect(
      TextLayout.wrap(nested, width: 10) == [#"{"a":[1,2,3],"#, #""b":{"c":1,"d":2},"#, #""e":"x,y"}"#])
    #expect(TextLayout.recordSpans(in: #"a {"b":"}"} {"c" {x}"#[...]).count == 1)
    #expect(Self.brokenRecord(#"  {"a":1,"#) != nil)
    #expect(Self.brokenRecord(#"  {"a":"}"}"#) == nil)
  }

  /// The tool and each of its subcommands (and theirs), as argument lists.
  static func commandPaths(_ tool: String) throws -> [[String]] {
    var paths: [[String]] = [[]]
    var queue: [[String]] = [[]]
    while let path = queue.popLast() {
      let help = try TestSupport.run(tool, path + ["--help"], environment: ["COLUMNS": "300"]).out
      guard let start = help.range(of: "\nCOMMANDS\n") else { continue }
      let block = String(help[start.upperBound...]).components(separatedBy: "\n\n").first ?? ""
      for line in block.split(separator: "\n") {
        guard let name = line.split(separator: " ").first else { continue }
        paths.append(path + [String(name)])
        queue.append(path + [String(name)])
      }
    }
    return paths
  }
}
