import Foundation
import PipeProtocol
import TestSupport
import Testing
import ToolSupport
import WishlistKit

@testable import TripsCommand
@testable import WishlistSite

/// Checks with outside tools: an HTML validator (Python's html5lib, strict) and headless Chromium
/// driven over the DevTools protocol by bin/site-browser-check.py. Each is declared skipped, with
/// the reason, when its tool is missing (.ci/run installs them).
@Suite("trips site: validator and browser")
struct SiteBrowserTests {
  /// Whether a shell command succeeds.
  static func succeeds(_ command: String) -> Bool {
    (try? TestSupport.shell(command))?.status == 0
  }

  /// Writes files into a new temporary folder (plain writes: the writer is tested elsewhere).
  static func writeSite(_ files: [SiteFile]) throws -> URL {
    let dir = try TestSupport.temporaryDirectory()
    let site = dir.appendingPathComponent("site")
    try FileManager.default.createDirectory(at: site, withIntermediateDirectories: true)
    for file in files { try Data(file.bytes).write(to: site.appendingPathComponent(file.path)) }
    return site
  }

  static let validator = """
    import glob, html5lib, re, sys, xml.etree.ElementTree as ET
    bad = 0
    for site in sys.argv[1:]:
        for path in sorted(glob.glob(site + "/*.html")):
            parser = html5lib.HTMLParser(strict=True)
            text = open(path, "rb").read()
            try:
                parser.parse(text)
            except Exception as error:
                bad += 1
                print(path, "html5lib:", error, parser.errors[:3])
            ids = re.findall(rb' id="([^"]*)"', text)
            if len(ids) != len(set(ids)):
                bad += 1
                print(path, "repeated id")
        for path in sorted(glob.glob(site + "/*.svg")):
            root = ET.parse(path).getroot()
            if root.tag != "{http://www.w3.org/2000/svg}svg":
                bad += 1
                print(path, "not an svg root:", root.tag)
    print("problems:", bad)
    sys.exit(1 if bad else 0)
    """

  @Test(
    "every page is valid HTML (html5lib strict) and every picture well-formed SVG",
    .enabled(if: Requirements.python("html5lib"), "python3 with html5lib is missing (pip install html5lib)"))
  func validHTML() throws {
    let sample = try Self.writeSite(SiteBuilder.build(try SiteFixture.input(), sort: .title))
    defer { try? FileManager.default.removeItem(at: sample.deletingLastPathComponent()) }
    var input = SiteReader()
    let json = #"""
      {"type":"trip","id":"<x> & \"y\" ' é","name":"</main><script>alert('x')</script> & <b>","collection":\#
      "summerVibes","photo":"a\"b","subtitle":"<!-- --> ]]>","creationDate":"2026-01-01T00:00:00Z",\#
      "activities":[{"id":"1","name":"\u0000 <li> & &amp;","isComplete":true}]}
      """#
    try input.add(Record(bytes: Array(json.utf8)))
    try input.add(
      Record(
        bytes: Array(
          #"{"type":"achievement","goal":"g","name":"<g>","target":3,"count":9,"achieved":true,"#
            .utf8) + Array(#""dateAchieved":"2026-01-02T00:00:00Z","subtitle":"a < b"}"#.utf8)))
    let tricky = try Self.writeSite(SiteBuilder.build(input.model, sort: .completed))
    defer { try? FileManager.default.removeItem(at: tricky.deletingLastPathComponent()) }
    let result = try TestSupport.runProcess(
      "/usr/bin/env", ["python3", "-c", Self.validator, sample.path, tricky.path])
    #expect(result.status == 0, "\(result.out)\(result.err)")
    #expect(result.out.hasSuffix("problems: 0\n"))
  }

  static func runDriver(_ arguments: [String]) throws -> (TestSupport.Result, [String: Any]) {
    let script = TestSupport.packageRoot.appendingPathComponent("bin/site-browser-check.py").path
    let result = try TestSupport.runProcess("/usr/bin/env", ["python3", script] + arguments)
    let summary = (try? JSONSerialization.jsonObject(with: result.stdout)) as? [String: Any] ?? [:]
    for retry in summary["retries"] as? [String] ?? [] { print("NOTE trips site browser test: \(retry)") }
    return (result, summary)
  }

  @Test(
    "in Chromium, a card zooms into its trip page (pagereveal has a view transition, names match)",
    .enabled(if: Requirements.has("chromium"), "chromium is not installed (apt-get install chromium)"),
    .enabled(
      if: Requirements.python("websocket"),
      "the Python package websocket-client is missing (pip install websocket-client)"))
  func zoom() throws {
    let site = try Self.writeSite(SiteBuilder.build(try SiteFixture.input(), sort: .title))
    defer { try? FileManager.default.removeItem(at: site.deletingLastPathComponent()) }
    let (result, summary) = try Self.runDriver(["check", site.path])
    #expect(result.status == 0, "\(result.out)\(result.err)")
    #expect(summary["ok"] as? Bool == true)
    let card = summary["card"] as? [String: Any]
    let forward = summary["forward"] as? [String: Any]
    let reveal = forward?["reveal"] as? [String: Any]
    #expect(card?["title"] as? String == "Cali Coastal Trails")  // Spring Escapes' first card
    #expect(reveal?["viewTransition"] as? Bool == true)
    #expect(card?["name"] as? String == forward?["hero"] as? String)
    let name = card?["name"] as? String ?? "?"
    let pseudo = reveal?["pseudo"] as? [String] ?? []
    #expect(
      pseudo.contains("::view-transition-old(\(name))") && pseudo.contains("::view-transition-new(\(name))"))
    #expect((summary["reducedMotion"] as? [String: Any])?["viewTransition"] as? Bool == false)
  }

  @Test(
    "a broken name: Chromium silently cross-fades, while the generator and --check refuse it",
    .enabled(if: Requirements.has("chromium"), "chromium is not installed (apt-get install chromium)"),
    .enabled(
      if: Requirements.python("websocket"),
      "the Python package websocket-client is missing (pip install websocket-client)"))
  func brokenName() throws {
    let input = try SiteFixture.input()
    let files = SiteBuilder.build(input, sort: .title)
    let site = try Self.writeSite(files)
    defer { try? FileManager.default.removeItem(at: site.deletingLastPathComponent()) }
    // Once `trips` has the `site` subcommand (after the merge), the built checker is run too.
    var arguments = ["check", site.path, "--break"]
    if Self.succeeds("trips site --help | grep -q -- --check") {
      arguments += ["--check-cmd", "\(TestSupport.tool("trips")) site --check"]
    }
    let (result, summary) = try Self.runDriver(arguments)
    #expect(result.status == 0, "\(result.out)\(result.err)")
    let broken = summary["broken"] as? [String: Any]
    let reveal = broken?["reveal"] as? [String: Any]
    #expect(reveal?["viewTransition"] as? Bool == true)  // no error anywhere in the browser
    let name = (summary["card"] as? [String: Any])?["name"] as? String ?? "?"
    #expect(broken?["hero"] as? String == name + "-broken")
    if arguments.contains("--check-cmd") {
      #expect((summary["checkCommand"] as? [String: Any])?["status"] as? Int == 65)
    } else {
      print(
        "NOTE trips site broken-name test: 'trips site' is not built yet; checked the generator in process")
    }

    // The same break in the generator's output: refused before anything is written.
    let page = "\(name).html"
    let tampered = files.map { file in
      file.path == page
        ? SiteFile(
          path: page,
          text: file.text.replacingOccurrences(of: "name: \(name)\"", with: "name: \(name)-broken\""))
        : file
    }
    let out = site.deletingLastPathComponent().appendingPathComponent("out").path
    let error = #expect(throws: ToolError.self) { try SiteOutput.publish(tampered, to: out) }
    #expect(error?.code == 65)
    #expect(error?.notes.contains { $0.hasPrefix("index.html: '\(name)' on the card for \(page)") } == true)
    #expect(error?.notes.contains("\(page): '\(name)-broken' has no partner on index.html") == true)
    #expect(!FileManager.default.fileExists(atPath: out))
  }
}
