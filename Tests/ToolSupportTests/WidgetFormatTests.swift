import Foundation
import PipeProtocol
import TestSupport
import Testing
import ToolSupport

/// The widgets' two status-bar sinks, each with its escaper, read back by a real reader of it:
/// tmux's format expansion (what it does to the output of `#(...)` in `status-right`) and an XML
/// parser for waybar's Pango markup (a subset of XML: GMarkup).
@Suite("widget text in tmux and waybar")
struct WidgetFormatTests {
  @Test("tmux: a # written ####, one before [ written ##, nothing else changed; the line is terminal-safe")
  func tmuxEscaper() {
    #expect(WidgetFormat.tmuxEscaped("#[fg=red]#{host} ## %H") == "##[fg=red]####{host} ######## %H")
    #expect(WidgetFormat.tmuxEscaped("a##[b") == "a####[b")
    #expect(WidgetFormat.tmuxEscaped("#\u{301}") == "####\u{301}")
    #expect(WidgetFormat.line("a#{host}\u{1B}[31m", as: .tmux) == "a####{host}\\u{1B}[31m\n")
    #expect(WidgetFormat.line("a#{host}", as: .text) == "a#{host}\n")
  }

  /// A tmux server of its own (`-L`, no configuration), ended when the test ends.
  struct TmuxServer {
    let socket = "samplepipes-test-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    let tmux = Requirements.path(of: "tmux") ?? "tmux"

    @discardableResult
    func run(_ arguments: [String]) throws -> TestSupport.Result {
      try TestSupport.runProcess(tmux, ["-L", socket, "-f", "/dev/null"] + arguments)
    }

    /// Starts the server with a session running `command`, as a process with no pipe to this
    /// one: the server outlives the command and would hold a pipe open for as long as it runs.
    func start(_ command: [String], width: Int) throws -> Bool {
      let null = open("/dev/null", O_RDWR | O_CLOEXEC)
      defer { close(null) }
      let client = try Job.spawn(
        [tmux, "-L", socket, "-f", "/dev/null", "new-session", "-d", "-x", "\(width)", "-y", "5"] + command,
        environment: ProcessInfo.processInfo.environment, descriptors: [null, null, null])
      var status: Int32 = 0
      waitpid(client, &status, 0)
      return status == 0
    }
  }

  /// tmux's status line as it draws it: an inner tmux whose status line is `#(cat FILE)`, its
  /// client running in the pane of an outer tmux, whose pane is read back (as tmux's own tests
  /// of formats do).
  @Test(
    "tmux draws the escaped line literally: no #[style], #{format}, #(command), # letter or strftime",
    .enabled(if: Requirements.has("tmux"), "needs tmux, the reader of the tmux format"))
  func tmuxDrawsItLiterally() throws {
    let folder = try TestSupport.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("widget.txt")
    try Data("-".utf8).write(to: file)
    let inner = TmuxServer()
    let outer = TmuxServer()
    try #require(try inner.start([], width: 400), "tmux new-session failed")
    defer { _ = try? inner.run(["kill-server"]) }
    for option in [
      ["status-style", "default"], ["status-interval", "1"], ["status-format[0]", "#(cat '\(file.path)')"],
    ] {
      try inner.run(["set-option", "-g"] + option)
    }
    try #require(try outer.start([inner.tmux, "-L", inner.socket, "-f", "/dev/null", "attach"], width: 400))
    defer { _ = try? outer.run(["kill-server"]) }
    let texts =
      ["#[fg=red]Cosmos", "#{host} #{session_name}", "#(id)", "#H ## # #D", "50% #, %H %%"]
      + HostileText.strings(seed: 44, count: 45, maxPieces: 5, from: HostileText.asciiPieces)
    let separator = " ~~~ "
    for start in stride(from: 0, to: texts.count, by: 10) {
      let batch = texts[start..<min(start + 10, texts.count)]
      let line = batch.map { String(WidgetFormat.line($0, as: .tmux).dropLast()) }.joined(
        separator: separator)
      try Data((line + "\n").utf8).write(to: file)
      let want = batch.map(TerminalText.safe).joined(separator: separator)
      var drawn = ""
      let seen = TestSupport.poll(within: 10) {
        let pane = (try? outer.run(["capture-pane", "-p"]))?.out ?? ""
        drawn = String(pane.split(separator: "\n", omittingEmptySubsequences: false).dropLast().last ?? "")
        while drawn.hasSuffix(" ") { drawn.removeLast() }
        return drawn == want
      }
      #expect(seen, "tmux drew \(drawn.debugDescription) for \(want.debugDescription)")
    }
    // The reader sees what unescaped text would do: a format is expanded.
    try Data("#{session_name}\n".utf8).write(to: file)
    let expanded = TestSupport.poll(within: 10) {
      let pane = (try? outer.run(["capture-pane", "-p"]))?.out ?? ""
      let last = pane.split(separator: "\n", omittingEmptySubsequences: false).dropLast().last ?? ""
      return last.trimmingCharacters(in: .whitespaces) == "0"
    }
    #expect(expanded, "unescaped #{session_name} was drawn as it is: the reader is not expanding")
  }

  @Test("waybar: & < > and quotes as entities, the text terminal-safe")
  func pangoEscaper() {
    #expect(
      WidgetFormat.pangoEscaped("<b>A&W</b> \"x\" 'y'")
        == "&lt;b&gt;A&amp;W&lt;/b&gt; &quot;x&quot; &#39;y&#39;")
    let line = WidgetFormat.waybar(text: "<span>\u{1B}", tooltip: "&", class: "donut")
    #expect(line["text"]?.stringValue == "&lt;span&gt;\\u{1B}")
    #expect(line["tooltip"]?.stringValue == "&amp;")
  }

  @Test(
    "waybar's text and tooltip parse as markup (XML, as Pango's GMarkup) to the terminal-safe text",
    .enabled(if: Requirements.has("python3"), "needs python3, whose XML parser reads the markup"))
  func markupReadsItBack() throws {
    let texts =
      ["<b>bold</b>", "A & W", "&amp;", "<span foreground=\"red\">x</span>", "]]>"]
      + HostileText.strings(seed: 45, count: 300)
    var lines: [String] = []
    for text in texts {
      let object = WidgetFormat.waybar(text: text, tooltip: "Daily Donut: " + text, class: "donut")
      lines.append(JSONValue.object(object).jsonText)
    }
    let script = """
      import json, sys, xml.etree.ElementTree as ET
      for line in sys.stdin:
          record = json.loads(line)
          for key in ("text", "tooltip"):
              print(json.dumps(ET.fromstring("<markup>" + record[key] + "</markup>").text or ""))
      """
    let read = try TestSupport.runProcess(
      "/usr/bin/env", ["python3", "-c", script], stdin: Data((lines.joined(separator: "\n") + "\n").utf8))
    try #require(read.status == 0, "\(read.err)")
    let shown = read.out.split(separator: "\n").map { line in
      (try? JSONParser.parse(String(line)))?.stringValue ?? "?"
    }
    try #require(shown.count == texts.count * 2)
    for (n, text) in texts.enumerated() {
      #expect(
        shown[2 * n].unicodeScalars.elementsEqual(TerminalText.safe(text).unicodeScalars),
        "\(text.debugDescription)")
      #expect(shown[2 * n + 1] == "Daily Donut: " + TerminalText.safe(text))
    }
  }
}
