import Foundation
import TestSupport
import Testing

/// The command-line behaviour of the built `weather` binary.
@Suite("weather on the command line")
struct CLITests {
  let now = "2026-11-29T10:02:13Z"

  func run(_ arguments: [String], stdin: String? = nil, environment: [String: String] = [:]) throws
    -> TestSupport.Result
  {
    try TestSupport.run("weather", arguments, stdin: stdin.map { Data($0.utf8) }, environment: environment)
  }

  @Test("an unknown city is a usage error listing the known ones")
  func unknownCity() throws {
    for arguments in [["forecast", "--city", "Paris"], ["spot", "--city", "Paris"]] {
      let r = try run(arguments)
      #expect(r.status == 64)
      #expect(r.out.isEmpty)
      #expect(
        r.err
          == "weather: error: unknown city 'Paris'\nweather: known cities: Cupertino, San Francisco, London\n"
      )
    }
  }

  @Test("a mistyped city or spot: did you mean, in every command that takes one")
  func didYouMean() throws {
    for arguments in [
      ["forecast", "--city", "Londn"], ["spot", "--city", "londn"], ["spots", "--city", "LONDON2"],
      ["widget", "--city", "Londn"], ["import", "--open-meteo", "--city", "Londn", "--spot", "Big Ben"],
    ] {
      let r = try run(arguments)
      #expect(r.status == 64)
      #expect(r.err.contains("weather: did you mean 'London'?\n"), "\(arguments): \(r.err)")
      #expect(r.err.contains("known cities: Cupertino, San Francisco, London"))
    }
    let spot = try run(["forecast", "--spot", "fery building"])
    #expect(spot.status == 64)
    #expect(spot.err.contains("weather: did you mean 'Ferry Building'?\n"), "\(spot.err)")
    // A time zone is one of the tz database's: its region's names are the candidates.
    for (given, meant) in [("America/Los_Angles", "America/Los_Angeles"), ("europe/london", "Europe/London")]
    {
      let zone = try run(["chart", "--tz", given])
      #expect(zone.status == 64)
      #expect(zone.err.contains("weather: did you mean '\(meant)'?\n"), "\(zone.err)")
    }
    // An order's city is data: the message (exit 65) names the line and the likely city.
    let order =
      #"{"type":"order","id":"Order#1","city":"Londn","parkingSpot":"Big Ben","creationDate":"2026-11-29T10:00:00Z","items":[]}"#
    let annotated = try run(["annotate"], stdin: order + "\n")
    #expect(annotated.status == 65)
    #expect(
      annotated.err.contains("unknown city 'Londn' in order Order#1 (did you mean 'London'?); known cities"))
  }

  @Test("-f/--format: one vocabulary (text, json with jsonl accepted), with did-you-mean")
  func formats() throws {
    let records = try run(["spot", "--city", "London", "--now", now])
    for format in ["json", "jsonl", "JSON"] {
      let r = try run(["spot", "--city", "London", "--now", now, "-f", format])
      #expect(r.status == 0 && r.stdout == records.stdout, "\(format): \(r.err)")
    }
    let widget = try run(["widget", "--city", "London", "--now", now, "--format", "jsonl"])
    #expect(widget.stdout == records.stdout)
    let spots = try run(["spots", "-f", "jsonl"])
    #expect(spots.stdout == (try run(["spots"])).stdout)
    for (arguments, words) in [
      (["spot", "-f", "txt"], "--format takes one of text, json, csv, not 'txt'"),
      (["chart", "-f", "svgg"], "--format takes text or svg, not 'svgg'"),
      (["widget", "-f", "waybr"], "--format takes one of text, json, waybar, tmux, not 'waybr'"),
      (["forecast", "-f", "svg"], "--format takes one of json, text, csv, not 'svg'"),
      (["forecast", "--minutes", "-f", "csv"], "--format csv writes the hours only"),
    ] {
      let r = try run(arguments)
      #expect(r.status == 64)
      #expect(r.err.hasPrefix("weather: error: \(words)"), "\(arguments): \(r.err)")
    }
    #expect(try run(["widget", "-f", "waybr"]).err.contains("did you mean 'waybar'?"))
  }

  @Test("forecast: a text view, an hour a row under its day, in the city's zone (or TZ)")
  func forecastText() throws {
    // 07:30Z is 11:30 PM in Cupertino: the third hour is the next day there.
    let r = try run(
      ["forecast", "--now", "2026-11-30T07:30:00Z", "--hours", "3", "--minutes", "-f", "text"],
      environment: ["TZ": "", "COLUMNS": "40"])
    #expect(r.status == 0)
    let lines = r.out.split(separator: "\n").map(String.init)
    #expect(lines[0] == "Forecast for Apple Park, Cupertino")
    #expect(lines[1] == "Today")
    #expect(lines[2].hasPrefix("  11 PM PST  "))
    #expect(lines.contains("Nov 30, 2026"))
    #expect(lines.contains { $0.hasPrefix("  12 AM PST  ") })
    #expect(lines.contains { $0.hasPrefix("Next hour: at most ") })
    #expect(r.out.hasSuffix(" PST)\nWeather: the offline model\n  (deterministic, not a forecast)\n"))
    #expect(lines.allSatisfy { $0.count <= 40 }, "\(r.out)")
  }

  @Test("spots: a text view, each city with its zone and its spots in order")
  func spotsText() throws {
    let r = try run(["spots", "--city", "London", "--format", "text"])
    #expect(r.status == 0)
    #expect(r.out.hasPrefix("London (Europe/London)\n  1. Big Ben"))
    #expect(r.out.contains("51.4994, -0.1245"))
    let all = try run(["spots", "-f", "text"], environment: ["COLUMNS": "40"])
    #expect(all.out.split(separator: "\n").allSatisfy { $0.count <= 40 })
    #expect(all.out.split(separator: "\n").filter { $0.hasPrefix("  ") }.count >= 16)
  }

  @Test("the spot card: glyphs, not symbol names; times in the city's zone, else TZ; fits 40 columns")
  func spotCard() throws {
    let now = "2026-11-29T18:00:00Z"
    for columns in ["80", "40"] {
      let r = try run(
        ["spot", "--now", now, "--format", "text", "--all"], environment: ["COLUMNS": columns, "TZ": ""])
      #expect(r.status == 0)
      let lines = r.out.split(separator: "\n")
      #expect(lines.allSatisfy { $0.count <= Int(columns)! }, "\(r.out)")
      #expect(r.out.contains("58°F · ☁ Partly Cloudy\n"))
      #expect(!r.out.contains("cloud.sun"))
      // 18:00Z is 10 AM in Cupertino; no bare HH:MMZ anywhere.
      #expect(r.out.contains("10:00 AM PST"))
      #expect(r.out.range(of: #"\d\d:\d\dZ"#, options: .regularExpression) == nil)
    }
    let utc = try run(["spot", "--now", now, "--format", "text"], environment: ["TZ": "UTC"])
    #expect(utc.out.contains("at 6:00 PM UTC"))
    // The record keeps its UTC reason.
    let record = try run(["spot", "--now", now], environment: ["TZ": "America/New_York"])
    #expect(record.out.contains("at 18:00Z"))
  }

  @Test("an unknown spot lists the spots; a spot of another city is refused")
  func unknownSpot() throws {
    let r = try run(["forecast", "--city", "London", "--spot", "Apple Park"])
    #expect(r.status == 64)
    #expect(r.err.hasPrefix("weather: error: unknown parking spot 'Apple Park' in London\n"))
    #expect(r.err.contains("known spots: Big Ben, Buckingham Palace, Marble Arch"))
  }

  @Test("no command is a usage error naming the commands")
  func noCommand() throws {
    let r = try run([])
    #expect(r.status == 64)
    #expect(r.err.contains("commands: forecast, spot, spots, widget, chart, annotate, import"))
  }

  @Test("--help of each command has every section and an example with a pipe")
  func help() throws {
    for command in ["forecast", "spot", "spots", "widget", "chart", "annotate", "import"] {
      let r = try run([command, "--help"])
      #expect(r.status == 0)
      for section in ["USAGE", "OPTIONS", "OUTPUT", "EXIT STATUS", "EXAMPLES"] {
        #expect(r.out.contains("\n\(section)\n"), "\(command) --help lacks \(section)")
      }
      #expect(r.out.contains(" | "), "\(command) --help has no pipe example")
    }
  }

  @Test("the same --now and --seed give the same bytes; the seed matters")
  func deterministic() throws {
    let a = try run(["forecast", "--city", "London", "--now", now, "--seed", "4", "--minutes"])
    let b = try run(["forecast", "--city", "London", "--now", now, "--seed", "4", "--minutes"])
    let c = try run(["forecast", "--city", "London", "--now", now, "--seed", "5", "--minutes"])
    #expect(a.status == 0 && a.stdout == b.stdout && a.stdout != c.stdout)
    #expect(a.out.split(separator: "\n").count == 25 + 60)
  }

  @Test("import reads a file or stdin alike; a bad document is exit 65 naming the input")
  func importInputs() throws {
    let fixture = TestSupport.packageRoot.appendingPathComponent(
      "Tests/golden/weather/import-open-meteo/response.json")
    let fromFile = try run(["import", "--open-meteo", fixture.path])
    let fromStdin = try run(
      ["import", "--open-meteo"], stdin: try String(contentsOf: fixture, encoding: .utf8))
    let fromDash = try run(
      ["import", "--open-meteo", "-"], stdin: try String(contentsOf: fixture, encoding: .utf8))
    #expect(fromFile.status == 0 && !fromFile.stdout.isEmpty)
    #expect(fromFile.stdout == fromStdin.stdout && fromFile.stdout == fromDash.stdout)
    #expect(fromFile.out.split(separator: "\n").count == 24 + 11)

    let bad = try run(["import", "--open-meteo"], stdin: "{\"latitude\":1,\"longitude\":2}")
    #expect(bad.status == 65)
    #expect(bad.err == "weather: error: stdin: hourly is missing (ask for hourly=temperature_2m,...)\n")
    let missing = try run(["import", "--open-meteo", "/nonexistent/response.json"])
    #expect(missing.status == 66)
    let noFormat = try run(["import"], stdin: "{}")
    #expect(noFormat.status == 64)
  }

  @Test("annotate: an order at an unknown spot is exit 65 naming the line; records before it are written")
  func annotateErrors() throws {
    let input = """
      {"type":"note"}
      {"type":"order","id":"Order#1","city":"Cupertino","parkingSpot":"Big Ben","creationDate":"\(now)"}
      """
    let r = try run(["annotate"], stdin: input)
    #expect(r.status == 65)
    #expect(r.out == "{\"type\":\"note\"}\n")
    #expect(
      r.err
        == "weather: error: stdin line 2: unknown parking spot 'Big Ben' in Cupertino in order Order#1; "
        + "known spots: Apple Park, Infinite Loop\n")
    let noDate = try run(
      ["annotate"], stdin: #"{"type":"order","city":"London","parkingSpot":"Big Ben"}"#)
    #expect(noDate.status == 65)
    #expect(noDate.err == "weather: error: stdin line 1: order record has no \"creationDate\" field\n")
  }

  @Test("a hanging provider is stopped at the timeout and the fallback is used")
  func timeout() throws {
    let start = Date()
    let r = try run(["forecast", "--now", now, "--hours", "2", "--provider", "sleep 30", "--timeout", "0.5"])
    #expect(Date().timeIntervalSince(start) < 10)
    #expect(r.status == 0)
    #expect(r.out.split(separator: "\n").count == 2)
    #expect(r.out.contains("\"source\":\"fallback\"") && r.out.contains("\"value\":72"))
    #expect(
      r.err
        == "weather: warning: provider 'sleep 30' did not finish within 0.5 s and was stopped; using the fallback "
        + "forecast (clear, no rain, cloud cover 15%, 72°F)\n")
  }

  @Test("the text chart is as wide as COLUMNS")
  func chartWidth() throws {
    let records = try run(["forecast", "--now", "2022-05-06T16:00:00Z"]).stdout
    for columns in [40, 100] {
      let r = try TestSupport.run(
        "weather", ["chart"], stdin: records, environment: ["COLUMNS": "\(columns)"])
      #expect(r.status == 0)
      let widths = r.out.split(separator: "\n").map(\.count)
      #expect(widths.max() == columns)
    }
  }

  @Test("chart without forecast records is exit 65; several places need --spot")
  func chartErrors() throws {
    let empty = try run(["chart"], stdin: "{\"type\":\"note\"}\n")
    #expect(empty.status == 65)
    #expect(empty.err.hasPrefix("weather: error: no forecast records in the input\n"))
    let a = try run(["forecast", "--city", "London", "--hours", "3", "--now", now]).out
    let b = try run(["forecast", "--city", "Cupertino", "--hours", "3", "--now", now]).out
    let both = try run(["chart"], stdin: a + b)
    #expect(both.status == 65)
    #expect(both.err.contains("several places (Big Ben, Apple Park)"))
    let one = try run(["chart", "--spot", "Big Ben"], stdin: a + b)
    #expect(one.status == 0 && one.out.contains("London · Big Ben"))
  }

  @Test(
    "the SVG card is valid XML and renders in a browser (xmllint, chromium)",
    .enabled(if: Requirements.has("xmllint"), "xmllint is not installed (.ci/run installs libxml2-utils)"),
    .enabled(
      if: Requirements.hasAny(["chromium", "chromium-browser"]),
      "chromium is not installed (.ci/run installs it)"))
  func svgRenders() throws {
    let records = try run(["forecast", "--now", "2022-05-06T16:00:00Z"]).stdout
    let svg = try TestSupport.run(
      "weather", ["chart", "--format", "svg", "--tz", "America/Los_Angeles"], stdin: records)
    #expect(svg.status == 0)
    let dir = try TestSupport.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let file = dir.appendingPathComponent("card.svg")
    try svg.stdout.write(to: file)

    let lint = try TestSupport.runProcess("/usr/bin/env", ["xmllint", "--noout", file.path])
    #expect(lint.status == 0, "xmllint: \(lint.err)")
    let browser = try TestSupport.shell("command -v chromium || command -v chromium-browser")
    try #require(browser.status == 0, "chromium is not on PATH")
    let png = dir.appendingPathComponent("out.png")
    let shot = try TestSupport.runProcess(
      browser.out.trimmingCharacters(in: .whitespacesAndNewlines),
      [
        "--headless", "--no-sandbox", "--disable-gpu", "--screenshot=\(png.path)", "--window-size=640,320",
        file.path,
      ])
    #expect(shot.status == 0, "chromium: \(shot.err.suffix(500))")
    let bytes = try Data(contentsOf: png)
    // A PNG, 640 x 320, and not blank: a drawn card compresses to more than a few hundred bytes.
    #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]))
    let width = bytes[16..<20].reduce(0) { $0 << 8 | Int($1) }
    let height = bytes[20..<24].reduce(0) { $0 << 8 | Int($1) }
    #expect(width == 640 && height == 320)
    #expect(bytes.count > 5_000)
  }
}
