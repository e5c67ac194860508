import Foundation
import TestSupport
import Testing

@Suite("generated docs")
struct ReadmeTests {
  /// The generated parts of README.md (its tour and tool table), docs/reference.md (each tool's
  /// usage, examples and real runs), PROTOCOL.md (the record tables) and the picture must be what
  /// the built tools produce now, and every relative link must resolve: `bin/sync-docs --check`
  /// regenerates them into a temporary folder, compares and checks the links.
  @Test func readmeAndProtocolAreUpToDate() throws {
    let result = try TestSupport.runProcess(
      TestSupport.packageRoot.appendingPathComponent("bin/sync-docs").path, ["--check"],
      environment: ["SAMPLEPIPES_TOOLS": TestSupport.productsDirectory.path],
      currentDirectory: TestSupport.packageRoot)
    #expect(
      result.status == 0,
      """
      The generated docs are stale or a link is broken. Refresh them with: bin/sync-docs
      \(result.err)
      """)
  }

  static let tools = ["pipe-check", "orders", "sales-chart", "weather", "story-io", "trips", "achievements"]

  static func read(_ path: String) throws -> String {
    try String(contentsOf: TestSupport.packageRoot.appendingPathComponent(path), encoding: .utf8)
  }

  /// The table sits in README.md's "## The tools" section and links every tool of Package.swift to
  /// its section of docs/reference.md, whose generated block has a section for each.
  @Test func toolBlockListsEveryTool() throws {
    let readme = try Self.read("README.md")
    let section = try #require(readme.range(of: "\n## The tools\n"))
    let begin = try #require(readme.range(of: "<!-- BEGIN TOOLS"))
    let end = try #require(readme.range(of: "<!-- END TOOLS -->"))
    #expect(section.upperBound <= begin.lowerBound && begin.upperBound < end.lowerBound)
    #expect(readme[section.upperBound..<begin.lowerBound].allSatisfy { $0.isWhitespace })
    let block = readme[begin.upperBound..<end.lowerBound]
    let reference = try Self.read("docs/reference.md")
    let referenceBegin = try #require(reference.range(of: "<!-- BEGIN REFERENCE"))
    let referenceEnd = try #require(reference.range(of: "<!-- END REFERENCE -->"))
    let sections = reference[referenceBegin.upperBound..<referenceEnd.lowerBound]
    for tool in Self.tools {
      #expect(
        block.contains("[`\(tool)`](docs/reference.md#\(tool))"),
        "README's tool table has no row for \(tool) linked to the reference")
      #expect(sections.contains("\n## \(tool)\n"), "docs/reference.md has no section for \(tool)")
    }
  }

  /// The README a newcomer meets: at most 300 lines, the picture near the top, the two commands,
  /// installing within the first 120 lines, the tour, and the developers' parts moved out.
  @Test func readmeIsShortWithPictureAndInstallEarly() throws {
    let lines = try Self.read("README.md").components(separatedBy: "\n")
    #expect(lines.count <= 300, "README.md has \(lines.count) lines; at most 300")
    let picture = try #require(lines.firstIndex { $0.contains("<img src=\"docs/top5.png\"") })
    #expect(picture < 20, "the picture is on line \(picture + 1); it belongs near the top")
    let install = try #require(lines.firstIndex(of: "## Install"))
    #expect(install < 120, "installing starts on line \(install + 1); it must be within the first 120")
    let demo = try #require(lines.firstIndex { $0.hasPrefix("bin/demo ") })
    let test = try #require(lines.firstIndex { $0.hasPrefix("swift test ") })
    #expect(demo < test && test < install, "the two commands come first, bin/demo then swift test")
    #expect(lines.contains("## A five-minute tour"))
    for moved in [
      "## Anatomy of a tool", "## Developing", "## Recipes", "## Speed: every core of one machine",
    ] {
      #expect(!lines.contains(moved), "'\(moved)' belongs to CONTRIBUTING.md or docs/, not the README")
    }
    let contributing = try Self.read("CONTRIBUTING.md")
    #expect(contributing.contains("\n## Anatomy of a tool\n") && contributing.contains("\n## Developing\n"))
  }

  /// Every real run says the TZ it ran under: each console block of README.md and
  /// docs/reference.md starts with `$ export TZ=ZONE` (sync-docs runs it so, whatever the machine's).
  @Test func everyRealRunSaysItsTimeZone() throws {
    for path in ["README.md", "docs/reference.md"] {
      let blocks = try Self.read(path).components(separatedBy: "```console\n").dropFirst()
      #expect(!blocks.isEmpty, "\(path) has no real runs")
      for block in blocks {
        let first = block.prefix { $0 != "\n" }
        #expect(
          first.hasPrefix("$ export TZ=") && first.count > "$ export TZ=".count,
          "a real run of \(path) does not say its TZ: \(block.prefix(120))")
      }
    }
  }

  /// A copy of the package's docs and scripts, the rest linked, to spoil without touching the real ones.
  static func docsCopy() throws -> URL {
    let fm = FileManager.default
    let root = TestSupport.packageRoot
    let copy = try TestSupport.temporaryDirectory()
    let copied: Set = ["README.md", "PROTOCOL.md", "CONTRIBUTING.md", "Package.swift", "bin", "docs"]
    for item in try fm.contentsOfDirectory(atPath: root.path) {
      let source = root.appendingPathComponent(item)
      if copied.contains(item) {
        try fm.copyItem(at: source, to: copy.appendingPathComponent(item))
      } else if !item.hasPrefix(".build") && item != ".git" && item != ".swiftpm" {
        try fm.createSymbolicLink(at: copy.appendingPathComponent(item), withDestinationURL: source)
      }
    }
    return copy
  }

  static func spoil(_ file: URL, _ text: String, with replacement: String) throws {
    let old = try String(contentsOf: file, encoding: .utf8)
    #expect(old.contains(text), "\(file.lastPathComponent) no longer holds '\(text)'")
    try old.replacingOccurrences(of: text, with: replacement).write(
      to: file, atomically: true, encoding: .utf8)
  }

  static func check(_ copy: URL) throws -> TestSupport.Result {
    try TestSupport.runProcess(
      copy.appendingPathComponent("bin/sync-docs").path, ["--check"],
      environment: ["SAMPLEPIPES_TOOLS": TestSupport.productsDirectory.path], currentDirectory: copy)
  }

  /// A stale block is caught, in the README and in the reference, and the message names the
  /// command that refreshes it; --check rewrites nothing.
  @Test func staleBlockIsReported() throws {
    let copy = try Self.docsCopy()
    defer { try? FileManager.default.removeItem(at: copy) }
    let readme = copy.appendingPathComponent("README.md")
    let reference = copy.appendingPathComponent("docs/reference.md")
    try Self.spoil(readme, "| tool | what it does |", with: "| tool | what it did |")
    try Self.spoil(reference, "Usage, from `orders --help`", with: "Usage, from `orders -h`")
    let result = try Self.check(copy)
    #expect(result.status == 1)
    #expect(result.err.contains("sync-docs: README.md is stale"))
    #expect(result.err.contains("sync-docs: docs/reference.md is stale"))
    #expect(result.err.contains("run bin/sync-docs"))
    #expect(try String(contentsOf: readme, encoding: .utf8).contains("| tool | what it did |"))
    #expect(try String(contentsOf: reference, encoding: .utf8).contains("Usage, from `orders -h`"))
  }

  /// A relative link to a file that does not exist, or to a heading a page does not have, fails
  /// the check with the page, the line and the link; links in code and to other sites are not links.
  @Test func brokenLinkIsReported() throws {
    let copy = try Self.docsCopy()
    defer { try? FileManager.default.removeItem(at: copy) }
    let contributing = copy.appendingPathComponent("CONTRIBUTING.md")
    let old = try String(contentsOf: contributing, encoding: .utf8)
    let line = old.components(separatedBy: "\n").count
    try
      (old
        + """
        See [the gone page](docs/gone.md), [a missing
        heading](docs/reference.md#no-such-heading), `[code](not-a-link.md)` and [a site](https://example.com/x).

        """)
      .write(to: contributing, atomically: true, encoding: .utf8)
    let result = try Self.check(copy)
    #expect(result.status == 1)
    #expect(result.err.contains("sync-docs: CONTRIBUTING.md:\(line): broken link 'docs/gone.md'"))
    #expect(
      result.err.contains(
        "sync-docs: CONTRIBUTING.md:\(line + 1): broken link 'docs/reference.md#no-such-heading'"))
    #expect(!result.err.contains("not-a-link.md") && !result.err.contains("example.com"))
    #expect(!result.err.contains("is stale"))
  }
}
