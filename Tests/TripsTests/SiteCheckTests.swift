import Foundation
import PipeProtocol
import TestSupport
import Testing
import ToolSupport
import WishlistKit

@testable import TripsCommand
@testable import WishlistSite

/// The transition check, writing a site in place and `trips site` in process.
@Suite("trips site: the transition check and writing", .serialized)
struct SiteCheckTests {
  static func sampleFiles() throws -> [SiteFile] {
    SiteBuilder.build(try SiteFixture.input(), sort: .title)
  }

  static func texts(_ files: [SiteFile]) -> [(path: String, text: String?)] {
    files.map { ($0.path, $0.isText ? $0.text : nil) }
  }

  /// Replaces text in one file of a file list.
  static func tamper(_ files: [SiteFile], _ path: String, _ old: String, _ new: String) -> [SiteFile] {
    files.map { file in
      guard file.path == path else { return file }
      #expect(file.text.contains(old), "\(path) has no \(old)")
      return SiteFile(path: path, text: file.text.replacingOccurrences(of: old, with: new))
    }
  }

  static func caliSlug() throws -> String {
    SiteBuilder.slug(forTripID: SiteFixture.trip("Cali Coastal Trails", in: try SiteFixture.input()).id)
  }

  @Test(
    "the sample site pairs 12 names, one per trip, between index.html and the trip pages, and the sheet's")
  func samplePairs() throws {
    let report = TransitionCheck.check(Self.texts(try Self.sampleFiles()))
    #expect(report.problems == [])
    // 12 trips from index.html and search.html, 18 badges, the sheet's page and the sheet presented
    #expect(report.pairs.count == 44)
    #expect(report.pages == 34)
    let presented = TransitionCheck.Pair(
      name: "new-trip", source: "index.html", page: "index.html#\(NewTripSheet.sheetID)")
    #expect(report.pairs.filter { $0 != presented }.allSatisfy { $0.page == "\($0.name).html" })
    #expect(report.pairs.filter { $0.source == "index.html" }.count == 14)
    #expect(report.pairs.contains(presented))
    #expect(
      report.pairs.contains {
        $0.name == "new-trip" && $0.source == "index.html" && $0.page == "new-trip.html"
      })
    #expect(report.pairs.filter { $0.source == "search.html" }.count == 12)
    #expect(report.pairs.filter { $0.source == "goals.html" }.allSatisfy { $0.name.hasPrefix("badge-") })
  }

  @Test("the sheet presented on the home page pairs with the link that opens it, or is reported")
  func presentedSheet() throws {
    let files = try Self.sampleFiles()
    let renamed = Self.tamper(files, "index.html", "data-vt=\"new-trip\"", "data-vt=\"sheet-x\"")
    #expect(
      TransitionCheck.check(Self.texts(renamed)).problems == [
        "index.html: 'new-trip' on the link that opens #new-trip-sheet has no partner there (it has 'sheet-x')"
      ])
    let unopened = Self.tamper(files, "index.html", "data-sheet=\"new-trip-sheet\"", "data-sheet=\"other\"")
    #expect(
      TransitionCheck.check(Self.texts(unopened)).problems == [
        "index.html: 'new-trip' is on #new-trip-sheet, which no link opens (data-sheet)",
        "index.html: 'new-trip' is on a link that opens #other, which is not a presented element there",
      ])
    let nameless = Self.tamper(files, "index.html", "<dialog id=\"new-trip-sheet\"", "<dialog")
    #expect(
      TransitionCheck.check(Self.texts(nameless)).problems.first
        == "index.html: 'new-trip' is on a presented element without an id")
  }

  @Test("a hero whose name differs from its card's is reported with both names and pages")
  func mismatch() throws {
    let slug = try Self.caliSlug()
    let files = Self.tamper(
      try Self.sampleFiles(), "\(slug).html", "view-transition-name: \(slug)\"",
      "view-transition-name: trip-x\"")
    let report = TransitionCheck.check(Self.texts(files))
    #expect(
      report.problems == [
        "index.html: '\(slug)' on the card for \(slug).html has no partner there (it has 'trip-x')",
        "search.html: '\(slug)' on the card for \(slug).html has no partner there (it has 'trip-x')",
        "\(slug).html: 'trip-x' has no partner on index.html",
        "\(slug).html: 'trip-x' has no partner on search.html",
      ])
  }

  @Test("a name used twice on one page, or on the wrong trip's page, is reported")
  func reuse() throws {
    let slug = try Self.caliSlug()
    let other = SiteBuilder.slug(
      forTripID: SiteFixture.trip("Japan Mystique", in: try SiteFixture.input()).id)
    // The recent row's cards must not carry the name statically as well.
    var files = Self.tamper(
      try Self.sampleFiles(), "index.html", ".html\" data-vt=\"",
      ".html\" style=\"view-transition-name: x\" data-vt=\"")
    var problems = TransitionCheck.check(Self.texts(files)).problems
    #expect(problems.contains("index.html: 'x' is used 5 times on one page"))
    files = Self.tamper(
      try Self.sampleFiles(), "\(other).html", "view-transition-name: \(other)\"",
      "view-transition-name: \(slug)\"")
    problems = TransitionCheck.check(Self.texts(files)).problems
    #expect(
      problems.contains(
        "\(other).html: '\(slug)' is on index.html on the card for \(slug).html, not for this page"))
    #expect(
      problems.contains {
        $0.hasPrefix("index.html: '\(other)' on the card for \(other).html has no partner there")
      })
  }

  @Test("a missing page, a broken link, a stray data-vt and names in style sheets are reported")
  func otherProblems() throws {
    let slug = try Self.caliSlug()
    var files = try Self.sampleFiles().filter { $0.path != "\(slug).svg" }
    var problems = TransitionCheck.check(Self.texts(files)).problems
    #expect(
      problems
        == [
          "\(slug).html: links to '\(slug).svg', which is not in the site",
          "index.html: links to '\(slug).svg', which is not in the site",
          "search.html: links to '\(slug).svg', which is not in the site",
        ].sorted())
    files = Self.tamper(try Self.sampleFiles(), "index.html", "data-vt=\"trip-", "data-vt=\"trap-")
    problems = TransitionCheck.check(Self.texts(files)).problems
    #expect(problems.count == 5)
    #expect(problems.allSatisfy { $0.contains("moves 'trap-") })
    files = Self.tamper(
      try Self.sampleFiles(), "style.css", ".hero {", ".hero { view-transition-name : hero;")
    #expect(
      TransitionCheck.check(Self.texts(files)).problems.first?.hasPrefix(
        "style.css: sets view-transition-name") == true)
    #expect(
      TransitionCheck.check([("goals.html", "<p>")]).problems == [
        "index.html is missing", "search.html is missing",
      ])
  }

  @Test("the scanner reads attributes in any quoting, decodes references and skips scripts")
  func scanner() {
    let scan = HTMLScanner.scan(
      #"<!-- <a href="no"> --><A HREF='a&amp;b.html' data-vt=x><script>if (a<b) "<img>"</script>"#
        + #"<img src=p.svg style="color: red; VIEW-TRANSITION-NAME:  n1 !important"></a><style>p{}</style>"#)
    let (tags, styles) = (scan.tags, scan.styles)
    #expect(scan.scripts.map(\.text) == [#"if (a<b) "<img>""#])
    #expect(tags.map(\.name) == ["a", "script", "script", "img", "a", "style", "style"])
    #expect(tags.map(\.isEnd) == [false, false, true, false, true, false, true])
    #expect(tags[0].attribute("href") == "a&b.html")
    #expect(tags[0].attribute("data-vt") == "x")
    #expect(TransitionCheck.transitionName(inStyle: tags[3].attribute("style")!) == "n1")
    #expect(TransitionCheck.transitionName(inStyle: "view-transition-name: none") == nil)
    // CSS applies the last declaration, unless an earlier one is !important; an empty one is ignored.
    #expect(
      TransitionCheck.transitionName(inStyle: "view-transition-name: a; view-transition-name: b") == "b")
    #expect(
      TransitionCheck.transitionName(inStyle: "view-transition-name: a; view-transition-name: none") == nil)
    #expect(
      TransitionCheck.transitionName(inStyle: "view-transition-name: a !IMPORTANT; view-transition-name: b")
        == "a")
    #expect(
      TransitionCheck.transitionName(
        inStyle: "view-transition-name: a !important; view-transition-name: b ! important") == "b")
    #expect(TransitionCheck.transitionName(inStyle: "view-transition-name: a; view-transition-name: ") == "a")
    #expect(styles == ["p{}"])
    #expect(HTMLScanner.decodeReferences("&#39;&#x3C;&lt;&bogus;") == "'<<&bogus;")
  }

  // MARK: Writing

  @Test("a mismatch is refused with exit 65, names and pages, and nothing is written")
  func refusedWrite() throws {
    let dir = try TestSupport.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let slug = try Self.caliSlug()
    let files = Self.tamper(
      try Self.sampleFiles(), "\(slug).html", "view-transition-name: \(slug)\"",
      "view-transition-name: trip-x\"")
    let site = dir.appendingPathComponent("site").path
    let error = #expect(throws: ToolError.self) { try SiteOutput.publish(files, to: site) }
    #expect(error?.code == 65)
    #expect(
      error?.message == "view transition names do not pair up (4 problems); nothing was written to '\(site)'")
    #expect(error?.notes.count == 4)
    #expect(error?.notes.allSatisfy { $0.contains("trip-x") && $0.contains("\(slug)") } == true)
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == [])
  }

  @Test("writing: a new folder, then an earlier site replaced whole, no temporary folder left")
  func writeAndReplace() throws {
    let dir = try TestSupport.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let site = dir.appendingPathComponent("deep/site").path
    let files = try Self.sampleFiles()
    try SiteOutput.publish(files, to: site)
    #expect(try FileManager.default.contentsOfDirectory(atPath: site).sorted() == files.map(\.path))
    for file in files {
      #expect(try Data(contentsOf: URL(fileURLWithPath: "\(site)/\(file.path)")) == Data(file.bytes))
    }
    // A smaller site replaces it: the trips that are gone leave no pages behind.
    var input = SiteReader()
    try input.add(SiteFixture.record(SiteFixture.oneTrip))
    let small = SiteBuilder.build(input.model, sort: .title)
    try SiteOutput.publish(small, to: site + "/")
    #expect(try FileManager.default.contentsOfDirectory(atPath: site).sorted() == small.map(\.path))
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: dir.appendingPathComponent("deep").path) == ["site"]
    )
    #expect(TransitionCheck.check(try SiteFolder.read(site)).problems == [])
  }

  @Test("a folder holding other files, or a file, is left alone")
  func foreignFolder() throws {
    let dir = try TestSupport.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let site = dir.appendingPathComponent("site")
    try FileManager.default.createDirectory(at: site, withIntermediateDirectories: true)
    try Data("keep".utf8).write(to: site.appendingPathComponent("notes.txt"))
    try Data("<p>".utf8).write(to: site.appendingPathComponent("index.html"))
    let error = #expect(throws: ToolError.self) {
      try SiteOutput.publish(try Self.sampleFiles(), to: site.path)
    }
    #expect(error?.code == 1)
    #expect(
      error?.message
        == "'\(site.path)' holds files that trips site did not write (notes.txt); it was left as it is")
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: site.path).sorted() == ["index.html", "notes.txt"])
    let file = dir.appendingPathComponent("plain")
    try Data().write(to: file)
    #expect(throws: ToolError.self) { try SiteOutput.publish(try Self.sampleFiles(), to: file.path) }
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["plain", "site"])
  }

  @Test("a photo that is a readable image file is copied in; other paths warn and get a picture")
  func photos() throws {
    let dir = try TestSupport.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let png = dir.appendingPathComponent("beach.png")
    let bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 1, 2, 3]
    try Data(bytes).write(to: png)
    let text = dir.appendingPathComponent("notes.jpg")
    try Data("not a picture".utf8).write(to: text)
    var warnings: [String] = []
    #expect(SiteReader.photo(png.path) { warnings.append($0) } == Photo(fileExtension: "png", bytes: bytes))
    #expect(SiteReader.photo("CoastalTrail") { warnings.append($0) } == nil)
    #expect(warnings.isEmpty)
    #expect(SiteReader.photo(text.path) { warnings.append($0) } == nil)
    #expect(SiteReader.photo(dir.path + "/missing.jpg") { warnings.append($0) } == nil)
    #expect(warnings.count == 2)
    #expect(warnings.first?.contains("is not a PNG, JPEG, GIF, WebP or AVIF image") == true)
    #expect(warnings.last?.contains("No such file or directory; drawing a picture instead") == true)

    var input = SiteReader()
    try input.add(SiteFixture.record(SiteFixture.oneTrip))
    let files = SiteBuilder.build(
      input.model, sort: .title, photos: ["T1": Photo(fileExtension: "png", bytes: bytes)])
    #expect(
      files.map(\.path) == [
        "goals.html", "index.html", "new-trip.html", "search.html", "style.css", "trip-T1.html",
        "trip-T1.png",
      ])
    #expect(SiteFixture.file("trip-T1.html", in: files).contains("<img class=\"hero\" src=\"trip-T1.png\""))
    #expect(files.last?.bytes == bytes)
  }

  // MARK: The command, in process

  static func invoke(_ arguments: [String]) throws -> Int32 {
    guard case .run(let invocation) = try CommandLineParser.parse(["site"] + arguments, root: Trips.command)
    else {
      Issue.record("not a run: \(arguments)")
      return -1
    }
    return try Site.run(invocation)
  }

  @Test("run: --out writes the site from a file; --check agrees; usage errors")
  func run() throws {
    let dir = try TestSupport.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let site = dir.appendingPathComponent("site").path
    #expect(try Self.invoke(["--out", site, "--sort", "dateEdited", SiteFixture.url.path]) == 0)
    let files = try SiteFolder.read(site)
    #expect(files.count == 47)  // 12 trips (page, picture), 18 badge pages, 5 more pages, the style sheet
    let report = TransitionCheck.check(files)
    #expect(report.problems.isEmpty)
    let listing = Site.checkListing(report)
    #expect(
      listing.hasSuffix(
        "ok: 44 view-transition names pair a card with the page it opens (34 pages checked)\n"))
    #expect(listing.split(separator: "\n").count == 45)
    #expect(listing.contains("badge-complete1Trip  goals.html  badge-complete1Trip.html\n"))

    let usage = #expect(throws: ToolError.self) { try Self.invoke([]) }
    #expect(usage?.code == 64)
    #expect(usage?.message == "give --out DIR to write a site, or --check DIR to check one")
    #expect(
      (#expect(throws: ToolError.self) { try Self.invoke(["--out", site, "--check", site]) })?.code == 64)
    #expect((#expect(throws: ToolError.self) { try Self.invoke(["--check", site, "x.jsonl"]) })?.code == 64)
    #expect(
      (#expect(throws: ToolError.self) { try Self.invoke(["--out", site, "--sort", "size"]) })?.code == 64)
    let missing = #expect(throws: ToolError.self) { try Self.invoke(["--check", dir.path + "/none"]) }
    #expect(missing?.code == 66)
  }

  @Test("run: a malformed trip line fails with its line (65) and writes nothing")
  func runBadLine() throws {
    let dir = try TestSupport.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    var lines = try SiteFixture.lines()
    lines[2] = lines[2].replacingOccurrences(of: "\"isComplete\":false", with: "\"isComplete\":\"no\"")
    let input = dir.appendingPathComponent("input.jsonl")
    try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: input)
    let error = #expect(throws: InputError.self) {
      try Self.invoke(["--out", dir.appendingPathComponent("site").path, input.path])
    }
    #expect(error?.line == 3)
    #expect(error?.message == "\"activities[0].isComplete\" must be true or false, not \"no\"")
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["input.jsonl"])
  }
}
