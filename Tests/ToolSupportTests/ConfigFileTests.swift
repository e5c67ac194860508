import Foundation
import TestSupport
import Testing
import ToolSupport

/// The config file: git's form, read with a bound, its settings filling the options a command
/// line leaves out (the line beats the environment, which beats the file).
@Suite("config file")
struct ConfigFileTests {
  static let city = Option.string("city", short: "c", name: "C", help: "a city")
  static let hours = Option.int("hours", help: "hours", default: 25, in: 1...240)
  static let lat = Option.double("lat", name: "X", help: "latitude", in: -90...90)
  static let lon = Option.double("lon", name: "Y", help: "longitude", in: -180...180)
  static let verbose = Flag("verbose", short: "v", help: "say more")
  static let yes = Flag("yes", help: "destroy").commandLineOnly()
  static let store = Option.string("store", name: "FILE", help: "a store").environment(
    "SAMPLEPIPES_TEST_STORE")
  static let tags = Option.strings("tag", name: "T", help: "tags")
  static let format = Option.format([.text, .json], default: .text)
  static let spot = Command(
    name: "spot", summary: "a spot", options: [city, hours, lat, lon, verbose, yes, store, tags, format],
    conflicts: [.excludes("lat", ["city"]), .together(["lat", "lon"])], run: { _ in 0 })
  static let tool = Command(name: "weather", summary: "a tool", subcommands: [spot])

  static func parse(_ text: String) throws -> ConfigFile {
    try ConfigFile.parse(Array(text.utf8), path: "/c")
  }

  static func run(_ arguments: [String], config text: String) throws -> Invocation {
    let config = try parse(text)
    guard case .run(let invocation) = try CommandLineParser.parse(arguments, root: tool, config: { config })
    else {
      throw ToolError("not a run")
    }
    return invocation
  }

  static func error(_ arguments: [String], config text: String) -> ToolError? {
    do {
      _ = try run(arguments, config: text)
      return nil
    } catch {
      return error as? ToolError
    }
  }

  @Test("sections, comments, quotes, keys alone and the last value of a key")
  func grammar() throws {
    let config = try Self.parse(
      """
      # for every tool
      ; also a comment
      format = json   # trailing comment
      \t[Weather]  ; the tool
      City = "San Francisco"  ; quoted
      city = London
      verbose
      note = "a # and a ; kept" # gone
      escaped = "a\\"b\\\\c\\td"
      [weather spot]
      hours=3

      """)
    #expect(config.value("format", tool: "weather") == "json")
    #expect(config.value("city", tool: "weather") == "London")
    #expect(config.entries("city", tool: "weather").map(\.line) == [5, 6])
    #expect(config.entries("verbose", tool: "weather").first?.value == nil)
    #expect(config.value("note", tool: "weather") == "a # and a ; kept")
    #expect(config.value("escaped", tool: "weather") == "a\"b\\c\td")
    #expect(config.value("city", tool: "orders") == nil)
    #expect(config.value("format", tool: "orders") == "json")
    #expect(config.entries("hours", path: ["weather", "spot"]).first?.value == "3")
    #expect(config.entries("hours", path: ["weather", "forecast"]).isEmpty)
    #expect(try Self.parse("\u{FEFF}a = b\r\n").value("a", tool: "t") == "b")
    #expect(try Self.parse("").entries.isEmpty)
  }

  @Test(
    "a malformed line is exit 65 naming it",
    arguments: [
      ("a = b\ncity London\n", 2, "expected 'key = value' after 'city'"),
      ("[weather\n", 1, "a section is '[tool]', with its ']'"),
      ("[a/b]\n", 1, "a section is '[tool]' or '[tool command]': names in brackets"),
      ("= x\n", 1, "expected 'key = value', '[tool]' or a comment"),
      ("\n\nk = \"open\n", 3, "a quoted value has no closing '\"'"),
      ("k = a\\qb\n", 1, "a backslash escapes only '\"', '\\\\', 'n' or 't'"),
    ])
  func malformed(text: String, line: Int, what: String) {
    #expect(throws: Never.self) {
      do {
        _ = try Self.parse(text)
        Issue.record("\(text) was taken")
      } catch let error as ToolError {
        #expect(error.code == 65)
        #expect(error.message == "config '/c' (line \(line)): \(what)")
      }
    }
  }

  @Test("the file fills the options the line leaves out; the line wins")
  func lineBeatsFile() throws {
    let text =
      "hours = 9\n[weather]\ncity = London\ntag = a\ntag = b\nverbose = yes\nformat = json\nunknown = 1\n"
    let filled = try Self.run(["spot"], config: text)
    #expect(filled[Self.city] == "London")
    #expect(filled[Self.hours] == 9)
    #expect(filled[Self.tags] == ["a", "b"])
    #expect(filled[Self.verbose])
    #expect(filled[Self.format] == .json)
    #expect(filled.isGiven(Self.city))
    #expect(filled.configured.contains("--city from config '/c' (line 3)"))
    let given = try Self.run(["spot", "--city", "Paris", "--hours", "2", "--tag", "z"], config: text)
    #expect(given[Self.city] == "Paris")
    #expect(given[Self.hours] == 2)
    #expect(given[Self.tags] == ["z"])
    #expect(try Self.run(["spot"], config: "verbose = false\n")[Self.verbose] == false)
    #expect(try Self.run(["spot"], config: "yes\n")[Self.yes] == false)
    #expect(try Self.run(["spot"], config: "[orders]\ncity = x\n")[Self.city] == nil)
  }

  @Test("the environment beats the file")
  func environmentBeatsFile() throws {
    setenv("SAMPLEPIPES_TEST_STORE", "", 1)
    #expect(try Self.run(["spot"], config: "store = /file\n")[Self.store] == "/file")
    setenv("SAMPLEPIPES_TEST_STORE", "/env", 1)
    defer { unsetenv("SAMPLEPIPES_TEST_STORE") }
    #expect(try Self.run(["spot"], config: "store = /file\n")[Self.store] == nil)
    #expect(try Self.run(["spot", "--store", "/line"], config: "store = /file\n")[Self.store] == "/line")
  }

  @Test("a setting that breaks a rule with what the line gives is dropped")
  func rulesKeepTheLine() throws {
    let place = try Self.run(["spot", "--lat", "1", "--lon", "2"], config: "city = London\n")
    #expect(place[Self.city] == nil)
    #expect(place[Self.lat] == 1)
    let half = try Self.run(["spot", "--city", "Paris"], config: "lat = 3\n")
    #expect(half[Self.lat] == nil)
    #expect(Self.error(["spot", "--lat", "1"], config: "")?.code == 64)
  }

  @Test("a value the option refuses is exit 64 naming the config line")
  func badValues() {
    let hours = Self.error(["spot"], config: "\n[weather]\nhours = 0\n")
    #expect(hours?.code == 64)
    #expect(hours?.message == "config '/c' (line 3): --hours takes a whole number from 1 to 240, not '0'")
    let format = Self.error(["spot"], config: "format = jsno\n")
    #expect(format?.message == "config '/c' (line 1): --format takes text or json, not 'jsno'")
    #expect(format?.notes == ["did you mean 'json'?"])
    let flag = Self.error(["spot"], config: "verbose = maybe\n")
    #expect(flag?.message == "config '/c' (line 1): --verbose is a flag: true or false, not 'maybe'")
    let bare = Self.error(["spot"], config: "city\n")
    #expect(bare?.message == "config '/c' (line 1): --city needs a value ('city = C')")
  }

  @Test("found at SAMPLEPIPES_CONFIG, else XDG_CONFIG_HOME, else ~/.config; read with a bound")
  func location() throws {
    let folder = try TestSupport.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let config = folder.appendingPathComponent("samplepipes/config")
    try FileManager.default.createDirectory(
      at: config.deletingLastPathComponent(), withIntermediateDirectories: true)
    try "[weather]\ncity = London\n".write(to: config, atomically: true, encoding: .utf8)
    let env = ["XDG_CONFIG_HOME": folder.path, "SAMPLEPIPES_CONFIG": ""]
    let spot = try TestSupport.run(
      "weather", ["spot", "-f", "json", "--now", "2026-11-29T10:00:00Z"], environment: env)
    #expect(spot.status == 0)
    #expect(spot.out.contains("\"city\":\"London\""))
    let home = try TestSupport.run(
      "weather", ["spot", "-f", "json", "--now", "2026-11-29T10:00:00Z"],
      environment: ["XDG_CONFIG_HOME": "", "SAMPLEPIPES_CONFIG": "", "HOME": folder.path])
    #expect(home.out.contains("\"city\":\"Cupertino\""))
    let named = try TestSupport.run(
      "weather", ["spot", "-f", "json", "--now", "2026-11-29T10:00:00Z"],
      environment: ["SAMPLEPIPES_CONFIG": config.path])
    #expect(named.out.contains("\"city\":\"London\""))
    try String(repeating: "# padding\n", count: 7000).write(to: config, atomically: true, encoding: .utf8)
    let big = try TestSupport.run("weather", ["spot"], environment: env)
    #expect(big.status == 65)
    #expect(
      big.err.hasPrefix(
        "weather: error: the config file '\(config.path)' is larger than the limit of 64 KiB\n"))
    try FileManager.default.removeItem(at: config)
    #expect(mkfifo(config.path, 0o600) == 0)
    let fifo = try TestSupport.run("weather", ["spot"], environment: env)
    #expect(fifo.status == 66)
    #expect(fifo.err == "weather: error: the config file '\(config.path)' is not a regular file\n")
  }
}
