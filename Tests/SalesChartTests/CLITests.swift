import Foundation
import TestSupport
import Testing

@Suite("the sales-chart command line")
struct CLITests {
  static let now = ["--now", Fixture.now]

  static var input: Data { get throws { try Data(contentsOf: Fixture.goldenInput) } }

  @Test("stdin and a file give the same bytes, for every format")
  func stdinAndFile() throws {
    for format in ["text", "svg", "json", "csv"] {
      let fromStdin = try TestSupport.run("sales-chart", Self.now + ["-f", format], stdin: try Self.input)
      let fromFile = try TestSupport.run("sales-chart", Self.now + ["-f", format, Fixture.goldenInput.path])
      #expect(fromStdin.status == 0)
      #expect(fromStdin.stdout == fromFile.stdout)
      #expect(!fromStdin.stdout.isEmpty)
    }
  }

  @Test("the same file twice counts twice")
  func twoFiles() throws {
    let once = try TestSupport.run(
      "sales-chart", Self.now + ["-t", "all", "-f", "csv", Fixture.goldenInput.path])
    let twice = try TestSupport.run(
      "sales-chart",
      Self.now + ["-t", "all", "-f", "csv", Fixture.goldenInput.path, Fixture.goldenInput.path])
    #expect(once.out.contains("1,13,Fire Zest,66,all"))
    #expect(twice.out.contains("1,13,Fire Zest,132,all"))
  }

  @Test("an unknown donut id: exit 65, the line named, nothing on stdout")
  func unknownDonut() throws {
    let lines =
      [Fixture.order("2026-11-29T10:00:00Z", [(1, 1)]), Fixture.order("2026-11-29T10:00:00Z", [(1, 1)])]
      .joined(separator: "\n") + "\n"
      + #"{"type":"order","creationDate":"2026-11-29T10:00:00Z","items":[{"donut":42,"quantity":1}]}"# + "\n"
    for format in ["text", "svg", "json", "csv"] {
      let result = try TestSupport.run("sales-chart", Self.now + ["-f", format], stdin: Data(lines.utf8))
      #expect(result.status == 65)
      #expect(result.stdout.isEmpty)
      #expect(
        result.err
          == "sales-chart: error: stdin line 3: unknown donut id 42 in items[0] (the menu has ids 0...16; "
          + "a custom donut needs its donut record earlier in the stream: '{ orders menu; orders list; }')\n"
      )
    }
  }

  @Test("a malformed line: exit 65 with its line number and no SVG at all")
  func malformed() throws {
    let text = Fixture.order("2026-11-29T10:00:00Z", [(1, 1)]) + "\n{\"type\":\"order\",\n"
    let result = try TestSupport.run("sales-chart", Self.now + ["-f", "svg"], stdin: Data(text.utf8))
    #expect(result.status == 65)
    #expect(result.stdout.isEmpty)
    #expect(result.err.hasPrefix("sales-chart: error: stdin line 2, column "))
  }

  @Test("empty input: a chart that says there are no sales, exit 0")
  func empty() throws {
    let result = try TestSupport.run("sales-chart", Self.now, stdin: Data())
    #expect(result.status == 0)
    #expect(result.out.hasSuffix("Total Sales · 0 Donuts\n\nNo sales in the last 7 days.\n"))
    #expect(result.err.isEmpty)
  }

  @Test("--partial pieces merged equal the single pass, for every timeframe and format")
  func partialsMerge() throws {
    // A larger random stream: orders over two years, daily and monthly summaries, other types.
    var generator = SystemRandomNumberGenerator()
    var lines: [String] = []
    let base = ISO8601DateFormatter().date(from: Fixture.now)!
    for i in 0..<2000 {
      let date = base.addingTimeInterval(-Double.random(in: 0...(730 * 86_400), using: &generator))
      let items = (0..<Int.random(in: 1...3, using: &generator)).map { _ in
        (Int.random(in: 0...16, using: &generator), Int.random(in: 1...5, using: &generator))
      }
      lines.append(Fixture.order(ISO8601DateFormatter().string(from: date), items, id: 1201 + i))
      if i % 50 == 0 { lines.append(#"{"type":"notice","text":"x"}"#) }
      if i % 40 == 0 {
        let day = ISO8601DateFormatter().string(from: date).prefix(10)
        lines.append(Fixture.summary("London", i % 80 == 0 ? "month" : "day", String(day), [(i % 17, i)]))
      }
    }
    let chunks = stride(from: 0, to: lines.count, by: 333).map {
      lines[$0..<min($0 + 333, lines.count)].joined(separator: "\n") + "\n"
    }
    var partials = Data()
    for chunk in chunks {
      let result = try TestSupport.run("sales-chart", ["--partial"], stdin: Data(chunk.utf8))
      #expect(result.status == 0)
      #expect(result.out.split(separator: "\n").count == 1)
      partials += result.stdout
    }
    let whole = Data((lines.joined(separator: "\n") + "\n").utf8)
    for timeframe in ["today", "week", "month", "year", "all"] {
      for format in ["json", "text"] {
        let options = Self.now + ["-t", timeframe, "-f", format, "--top", "17"]
        let single = try TestSupport.run("sales-chart", options, stdin: whole)
        let merged = try TestSupport.run("sales-chart", options + ["--merge"], stdin: partials)
        #expect(single.status == 0)
        #expect(merged.stdout == single.stdout, "\(timeframe) \(format)")
      }
    }
    let verbose = try TestSupport.run("sales-chart", Self.now + ["--merge", "-v"], stdin: partials)
    #expect(
      verbose.err.contains(
        "counted 2,000 order records and 50 order-summary records (merged from 7 sales-partial records)"))
    #expect(verbose.err.contains("ignored 40 other records (40 notice)"))
  }

  @Test("--verbose reports counted and ignored record types on stderr")
  func verbose() throws {
    let result = try TestSupport.run("sales-chart", Self.now + ["-v", "-f", "json"], stdin: try Self.input)
    #expect(
      result.err
        == "sales-chart: counted 52 order records and 3 order-summary records\n"
        + "sales-chart: ignored 2 other records (1 notice, 1 weather)\n")
  }

  @Test("usage errors exit 64 with a message")
  func usage() throws {
    for (arguments, message) in [
      (["--partial", "--format", "svg"], "--format does not apply to --partial"),
      (["--top", "10001"], "--top takes a whole number from 1 to 10000, not '10001'"),
      (["--format", "svg", "--width", "10"], "--width takes a whole number from 240 to 20000, not '10'"),
      (["--height", "300"], "--height applies to --format svg only"),
      (["history", "--merge"], "unknown option '--merge'"),
      (["history", "--range", "week"], "--range takes one of 2weeks, month, year, not 'week'"),
      (["history", "--width", "300"], "--width applies to --format svg only, not text"),
    ] {
      let result = try TestSupport.run("sales-chart", arguments, stdin: Data())
      #expect(result.status == 64, "\(arguments)")
      #expect(result.err.contains(message), "\(result.err)")
      #expect(result.stdout.isEmpty)
    }
  }

  @Test(
    "colour only on a terminal, and not with NO_COLOR",
    .enabled(if: Requirements.has("script"), "script(1) is not installed (package bsdutils)"))
  func colour() throws {
    let command = "sales-chart --now \(Fixture.now) -t all \(Fixture.goldenInput.path)"
    let tty = try TestSupport.shell(
      "script -qec '\(command)' /dev/null", environment: ["NO_COLOR": "", "TERM": "xterm", "COLUMNS": "60"])
    #expect(tty.out.contains("\u{1B}[38;5;205m"))
    #expect(tty.out.contains("Fire Zest"))
    let noColor = try TestSupport.shell(
      "script -qec '\(command)' /dev/null", environment: ["NO_COLOR": "1", "TERM": "xterm", "COLUMNS": "60"])
    #expect(!noColor.out.contains("\u{1B}["))
    let pipe = try TestSupport.shell(command, environment: ["NO_COLOR": "", "TERM": "xterm"])
    #expect(!pipe.out.contains("\u{1B}["))
  }

  @Test("FORCE_COLOR and CLICOLOR_FORCE force colour through a pipe; NO_COLOR and --color never win")
  func forcedColour() throws {
    let command = "sales-chart --now \(Fixture.now) -t all \(Fixture.goldenInput.path)"
    let cases: [(environment: [String: String], options: String, coloured: Bool)] = [
      (["NO_COLOR": "", "FORCE_COLOR": "1"], "", true),
      (["NO_COLOR": "", "FORCE_COLOR": "1", "TERM": "dumb"], "", true),
      (["NO_COLOR": "", "CLICOLOR_FORCE": "1"], "", true),
      (["NO_COLOR": "", "CLICOLOR_FORCE": "0"], "", false),
      (["NO_COLOR": "", "FORCE_COLOR": ""], "", false),
      (["NO_COLOR": "1", "FORCE_COLOR": "1", "CLICOLOR_FORCE": "1"], "", false),
      (["NO_COLOR": "", "FORCE_COLOR": "1"], " --color never", false),
      (["NO_COLOR": "1"], " --color always", true),
    ]
    for (environment, options, coloured) in cases {
      let result = try TestSupport.shell(command + options + " | cat", environment: environment)
      #expect(result.status == 0)
      #expect(result.out.contains("\u{1B}[38;5;205m") == coloured, "\(environment)\(options)")
      #expect(result.out.contains("Fire Zest"))
    }
  }
}
