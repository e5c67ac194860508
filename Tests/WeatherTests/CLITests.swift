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
