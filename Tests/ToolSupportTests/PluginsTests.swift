import Foundation
import TestSupport
import Testing
@_spi(Testing) import ToolSupport

/// Plugins on PATH: `TOOL NAME ARGS...` runs `TOOL-NAME ARGS...` when NAME is no built-in, with
/// the tool's settings in its environment and its exit status passed on (PROTOCOL.md, "Plugins").
@Suite("plugins on PATH")
struct PluginsTests {
  /// A folder of plugins on PATH before the built tools: `orders-envdump` (prints its arguments
  /// and the settings of the plugin contract it was given, not the caller's other
  /// `SAMPLEPIPES_*`, as CI's `SAMPLEPIPES_CAMPAIGNS`; exits 7), `orders-die` (ends by SIGTERM),
  /// `orders-list` (a built-in's name: never run), `pipe-check-hello` and `trips-envdump`.
  static func plugins() throws -> (folder: URL, environment: [String: String]) {
    let folder = try TestSupport.temporaryDirectory()
    let dump = """
      #!/bin/sh
      echo "args:$#:$*"
      env | grep -E '^(SAMPLEPIPES_(TOOL|VERSION|PROTOCOL|CONFIG|PAGER|ORDERS|MENU|FEED|TRIPS)|TZ|COLUMNS|NO_COLOR|FORCE_COLOR|CLICOLOR_FORCE)=.' | sort
      exit 7

      """
    try TestSupport.writeExecutable(dump, to: folder.appendingPathComponent("orders-envdump"))
    try TestSupport.writeExecutable(dump, to: folder.appendingPathComponent("trips-envdump"))
    try TestSupport.writeExecutable(
      "#!/bin/sh\nkill -TERM $$\nsleep 5\n", to: folder.appendingPathComponent("orders-die"))
    try TestSupport.writeExecutable(
      "#!/bin/sh\necho plugin\n", to: folder.appendingPathComponent("orders-list"))
    try TestSupport.writeExecutable(
      "#!/bin/sh\necho hello from the plugin\n", to: folder.appendingPathComponent("pipe-check-hello"))
    let path = folder.path + ":" + TestSupport.productsDirectory.path + ":/usr/bin:/bin"
    let data = folder.appendingPathComponent("data").path
    return (
      folder,
      [
        "PATH": path, "XDG_DATA_HOME": data, "HOME": folder.path, "TZ": "", "COLUMNS": "",
        "SAMPLEPIPES_ORDERS": "", "SAMPLEPIPES_MENU": "", "SAMPLEPIPES_FEED": "", "SAMPLEPIPES_TRIPS": "",
        "SAMPLEPIPES_CONFIG": "", "XDG_CONFIG_HOME": folder.appendingPathComponent("config").path,
      ]
    )
  }

  @Test("orders NAME runs orders-NAME with its arguments, settings and exit status")
  func runsWithSettings() throws {
    let (folder, environment) = try Self.plugins()
    defer { try? FileManager.default.removeItem(at: folder) }
    let result = try TestSupport.run(
      "orders", ["envdump", "a", "b c", "--store", "x"], environment: environment)
    #expect(result.status == 7)
    #expect(result.err.isEmpty)
    let data = folder.appendingPathComponent("data/samplepipes").path
    #expect(
      result.out == """
        args:4:a b c --store x
        COLUMNS=80
        NO_COLOR=1
        SAMPLEPIPES_CONFIG=\(folder.path)/config/samplepipes/config
        SAMPLEPIPES_FEED=\(data)/feed.jsonl
        SAMPLEPIPES_MENU=\(data)/menu.jsonl
        SAMPLEPIPES_ORDERS=\(data)/orders.jsonl
        SAMPLEPIPES_PROTOCOL=\(protocolVersion)
        SAMPLEPIPES_TOOL=orders
        SAMPLEPIPES_VERSION=\(samplePipesVersion)
        TZ=America/Los_Angeles

        """)
  }

  @Test("the environment and the config file choose the stores a plugin is given, as for a command")
  func storesAsResolved() throws {
    let (folder, environment) = try Self.plugins()
    defer { try? FileManager.default.removeItem(at: folder) }
    let config = folder.appendingPathComponent("config/samplepipes")
    try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
    try "[orders]\nstore = /from/the/file.jsonl\nmenu = /menu/file.jsonl\n[trips]\nstore = ~/w.jsonl\n".write(
      to: config.appendingPathComponent("config"), atomically: true, encoding: .utf8)
    var env = environment
    env["SAMPLEPIPES_MENU"] = "/from/the/environment.jsonl"
    env["TZ"] = "Europe/London"
    env["COLUMNS"] = "120"
    let result = try TestSupport.run("orders", ["--color=always", "envdump"], environment: env)
    #expect(result.status == 7)
    #expect(result.out.contains("\nSAMPLEPIPES_ORDERS=/from/the/file.jsonl\n"))
    #expect(result.out.contains("\nSAMPLEPIPES_MENU=/from/the/environment.jsonl\n"))
    #expect(result.out.contains("\nTZ=Europe/London\n"))
    #expect(result.out.contains("\nCOLUMNS=120\n"))
    #expect(result.out.contains("\nFORCE_COLOR=1\n") && result.out.contains("\nCLICOLOR_FORCE=1\n"))
    #expect(!result.out.contains("NO_COLOR"))
    let trips = try TestSupport.run("trips", ["envdump"], environment: env)
    #expect(trips.out.contains("\nSAMPLEPIPES_TRIPS=\(folder.path)/w.jsonl\n"))
    #expect(trips.out.contains("\nSAMPLEPIPES_TOOL=trips\n"))
  }

  @Test("a plugin ended by a signal ends the tool by that signal")
  func signalPassedOn() throws {
    let (folder, environment) = try Self.plugins()
    defer { try? FileManager.default.removeItem(at: folder) }
    let result = try TestSupport.run("orders", ["die"], environment: environment)
    #expect(result.status == 128 + SIGTERM)
    #expect(result.err.isEmpty)
  }

  @Test("a built-in always wins; an option before a plugin's name is refused")
  func builtinsWin() throws {
    let (folder, environment) = try Self.plugins()
    defer { try? FileManager.default.removeItem(at: folder) }
    let list = try TestSupport.run(
      "orders", ["list", "--now", "2026-11-29T10:00:00Z"], environment: environment)
    #expect(list.status == 0)
    #expect(!list.out.contains("plugin"))
    let trips = try TestSupport.run("trips", ["--store", "x.jsonl", "envdump"], environment: environment)
    #expect(trips.status == 64)
    #expect(
      trips.err.hasPrefix("trips: error: --store does not apply to the plugin 'envdump' (trips-envdump)\n"))
  }

  @Test("help lists the plugins, 'help NAME' asks the plugin, completion offers them")
  func listedAndCompleted() throws {
    let (folder, environment) = try Self.plugins()
    defer { try? FileManager.default.removeItem(at: folder) }
    let help = try TestSupport.run("orders", ["--help"], environment: environment)
    #expect(help.out.contains("\nPLUGINS ON YOUR PATH\n  die      runs orders-die;"))
    #expect(help.out.contains("\n  envdump  runs orders-envdump;"))
    #expect(!help.out.contains("runs orders-list"))
    let asked = try TestSupport.run("orders", ["help", "envdump"], environment: environment)
    #expect(asked.status == 7)
    #expect(asked.out.hasPrefix("args:1:--help\n"))
    let completed = try TestSupport.run("orders", ["__complete", "en"], environment: environment)
    #expect(completed.out == "envdump\ta plugin: orders-envdump\n")
    let after = try TestSupport.run("orders", ["__complete", "envdump", ""], environment: environment)
    #expect(after.out == ":files\n")
    let typo = try TestSupport.run("orders", ["envdmp"], environment: environment)
    #expect(typo.status == 64)
    #expect(typo.err.contains("orders: did you mean 'envdump'?\n"))
    #expect(typo.err.contains("orders: plugins on your PATH: die, envdump\n"))
  }

  @Test("a tool that reads files runs a plugin only for a word that names no file")
  func filesFirst() throws {
    let (folder, environment) = try Self.plugins()
    defer { try? FileManager.default.removeItem(at: folder) }
    let plugin = try TestSupport.run("pipe-check", ["hello"], environment: environment)
    #expect(plugin.status == 0)
    #expect(plugin.out == "hello from the plugin\n")
    try "{\"type\":\"x\"}\n".write(
      to: folder.appendingPathComponent("hello"), atomically: true, encoding: .utf8)
    let file = try TestSupport.run(
      "pipe-check", ["hello"], environment: environment, currentDirectory: folder)
    #expect(!file.out.contains("from the plugin"))
  }

  @Test("a command line whose first word is a file lists no plugin; a word that names nothing does")
  func noListingForAFile() throws {
    let sub = Command(name: "history", summary: "a subcommand", run: { _ in 0 })
    let tool = Command(
      name: "reader", summary: "reads files", arguments: .files, subcommands: [sub], run: { _ in 0 })
    let file = try TestSupport.temporaryDirectory().appendingPathComponent("orders.jsonl")
    try Data().write(to: file)
    defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
    // Other tests may list plugins at the same time: a listing per parse would be 50 at least.
    let before = Plugins.listings.load(ordering: .relaxed)
    for _ in 0..<50 {
      guard case .run = try CommandLineParser.parse([file.path], root: tool) else {
        Issue.record("not a run")
        return
      }
    }
    #expect(Plugins.listings.load(ordering: .relaxed) - before < 50)
    let typo = Plugins.listings.load(ordering: .relaxed)
    #expect(throws: ToolError.self) { _ = try CommandLineParser.parse(["histroy"], root: tool) }
    #expect(Plugins.listings.load(ordering: .relaxed) > typo)
  }

  @Test func names() {
    #expect(Plugins.isName("hello") && Plugins.isName("x2.v-1_a"))
    #expect(!Plugins.isName("") && !Plugins.isName("-x") && !Plugins.isName("a/b") && !Plugins.isName(".x"))
    #expect(!Plugins.isName("a b") && !Plugins.isName("é"))
  }
}
