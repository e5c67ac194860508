import Foundation
import TestSupport
import Testing
import ToolSupport

/// Renders a roff page with `man -l` (groff warnings on). A test using it declares that it needs
/// man: `.enabled(if: Requirements.has("man"), ...)`.
private func renderWithMan(_ page: String) throws -> TestSupport.Result {
  let man = try #require(Requirements.path(of: "man"), "man is not installed")
  let work = try TestSupport.temporaryDirectory()
  defer { try? FileManager.default.removeItem(at: work) }
  let file = work.appendingPathComponent("page.1")
  try page.write(to: file, atomically: true, encoding: .utf8)
  return try TestSupport.runProcess(
    man, ["--warnings", "-l", file.path],
    environment: [
      "MANWIDTH": "100", "MANPAGER": "cat", "PAGER": "cat", "LC_ALL": "C.UTF-8", "HOME": work.path,
    ])
}

@Suite("manual pages")
struct ManualTests {
  @Test func escaping() {
    #expect(Manual.escape("--store FILE") == "\\-\\-store FILE")
    #expect(Manual.escape("a\\b") == "a\\eb")
    #expect(Manual.escape(".hidden") == "\\&.hidden")
    #expect(Manual.escape("'quoted'") == "\\(aqquoted\\(aq")
    #expect(Manual.escape("`x`") == "\\(gax\\(ga")
  }

  @Test func pageStructure() {
    let page = Manual.render(Fixtures.tool)
    #expect(
      page.contains("\n.TH DEMO\\-TOOL 1 \"\" \"SamplePipes \(samplePipesVersion)\" \"SamplePipes Manual\"\n")
    )
    #expect(page.contains("\n.SH NAME\ndemo\\-tool \\- a tool that exists for the tests\n"))
    #expect(
      page.contains(
        "\n.SH SYNOPSIS\n.nf\ndemo\\-tool [\\-\\-dry\\-run] [\\-\\-store FILE] [\\-\\-verbose]\n"
          + "demo\\-tool COMMAND [OPTION...]\n.fi\n"))
    let sections = page.split(separator: "\n").filter { $0.hasPrefix(".SH ") }
    #expect(
      sections == [
        ".SH NAME", ".SH SYNOPSIS", ".SH COMMANDS", ".SH OPTIONS", ".SH INPUT", ".SH OUTPUT",
        ".SH EXIT STATUS", ".SH FILES", ".SH ENVIRONMENT", ".SH PLUGINS",
        ".SH EXAMPLES", ".SH SEE ALSO",
      ])
    #expect(
      page.contains(
        "\n.SH PLUGINS\n\\(aqdemo\\-tool NAME ARGS...\\(aq runs the program demo\\-tool\\-NAME from PATH"))
    let subsections = page.split(separator: "\n").filter { $0.hasPrefix(".SS ") }
    #expect(
      subsections == [
        ".SS \"demo\\-tool list\"", ".SS \"demo\\-tool next\"", ".SS \"demo\\-tool admin\"",
        ".SS \"demo\\-tool admin reset\"",
      ])
    #expect(!page.contains("secret"))
  }

  @Test func optionsCarryChoicesAndRepetition() {
    let page = Manual.render(Fixtures.tool)
    #expect(
      page.contains(
        ".TP\n\\fB\\-f\\fR, \\fB\\-\\-format\\fR \\fIF\\fR\nhow to write them\nOne of: \\fBtext\\fR, \\fBjson\\fR.\n"
      ))
    #expect(
      page.contains("\\fB\\-\\-tag\\fR \\fITAG\\fR\nonly records with TAG\nMay be given more than once.\n"))
    #expect(page.contains(".TP\n\\fB\\-\\-version\\fR\nprint the version and exit\n"))
  }

  @Test func proseSectionsKeepParagraphs() {
    let page = Manual.render(Fixtures.tool)
    #expect(page.contains(".SH INPUT\nNothing, except for \\(aqlist\\(aq.\n"))
    #expect(page.contains(".SH OUTPUT\nRecords as JSON lines.\n.PP\nMessages go to stderr.\n"))
    #expect(page.contains(".TP\n.B 64\nusage error (unknown option, bad value)\n"))
    #expect(page.contains(".TP\n.B 3\nthe store is locked\n"))
  }

  @Test func seeAlsoNamesTheSubcommandPagesAndTheOtherCommandsOfTheExamples() {
    // Examples: "demo-tool list | pipe-check", "demo-tool next 4 && echo done", and the list
    // subcommand's "demo-tool list --format json | jq .name"; echo is a shell built-in.
    // The subcommands' own pages come first, then the other commands.
    #expect(
      Manual.render(Fixtures.tool).hasSuffix(
        ".SH SEE ALSO\n.nh\n\\fBdemo\\-tool\\-list\\fR(1),\n\\fBdemo\\-tool\\-next\\fR(1),\n"
          + "\\fBdemo\\-tool\\-admin\\fR(1),\n\\fBdemo\\-tool\\-admin\\-reset\\fR(1),\n"
          + "\\fBjq\\fR(1),\n\\fBpipe\\-check\\fR(1)\n"))
  }

  @Test(.enabled(if: Requirements.has("man"), "man (man-db) is not installed (.ci/run installs it)"))
  func manRendersThePageWithoutWarnings() throws {
    let result = try renderWithMan(Manual.render(Fixtures.tool))
    #expect(result.status == 0)
    #expect(result.err.isEmpty, "\(result.err)")
    let text = result.out
    #expect(text.contains("demo-tool - a tool that exists for the tests"))
    #expect(text.contains("-f, --format F"))
    #expect(text.contains("demo-tool admin reset"))
    #expect(text.contains("Nothing, except for 'list'."))
    #expect(text.contains("demo-tool list --format json | jq .name"))
  }

  @Test(.enabled(if: Requirements.has("man"), "man (man-db) is not installed (.ci/run installs it)"))
  func realToolPageRenders() throws {
    let generated = try TestSupport.run("pipe-check", ["--generate-manual"])
    #expect(generated.status == 0)
    #expect(generated.out.contains("\n.TH PIPE\\-CHECK 1 "))
    let result = try renderWithMan(generated.out)
    #expect(result.status == 0)
    #expect(result.err.isEmpty, "\(result.err)")
    #expect(result.out.contains("pipe-check - check that a stream follows the SamplePipes protocol"))
  }

  @Test func generateManualTakesNoArguments() throws {
    let result = try TestSupport.run("pipe-check", ["--generate-manual", "x"])
    #expect(result.status == 64)
    #expect(result.err == "pipe-check: error: --generate-manual takes no arguments\n")
  }
}

/// Every manual page of every tool (the tool's and one per subcommand), as `man` shows it at
/// `MANWIDTH=80`: no line wider than 80 columns, no warning from groff.
@Suite("manual pages of the tools")
struct ToolManualTests {
  static let tools = ["pipe-check", "orders", "sales-chart", "weather", "story-io", "trips", "achievements"]

  @Test func everyToolListsAPagePerSubcommand() throws {
    let pages = try TestSupport.run("orders", ["--manual-pages"]).out.split(separator: "\n")
    #expect(pages.first == "orders")
    #expect(pages.contains("orders-place") && pages.contains("orders-donut-new"))
    let page = try TestSupport.run("orders", ["--generate-manual=orders-place"])
    #expect(page.status == 0)
    #expect(page.out.contains("\n.TH ORDERS\\-PLACE 1 "))
    #expect(page.out.contains("\n.SH SEE ALSO\n.nh\n\\fBorders\\fR(1),\n"))
    #expect(try TestSupport.run("orders", ["--generate-manual"]).out.contains("\\fBorders\\-place\\fR(1)"))
  }

  @Test(.enabled(if: Requirements.has("man"), "man (man-db) is not installed (.ci/run installs it)"))
  func everyPageFits80Columns() throws {
    let man = try #require(Requirements.path(of: "man"))
    let work = try TestSupport.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: work) }
    var count = 0
    for tool in Self.tools {
      for name in try TestSupport.run(tool, ["--manual-pages"]).out.split(separator: "\n") {
        let generated = try TestSupport.run(tool, ["--generate-manual=\(name)"])
        try #require(generated.status == 0, "\(tool) --generate-manual=\(name): \(generated.err)")
        let file = work.appendingPathComponent("\(name).1")
        try generated.out.write(to: file, atomically: true, encoding: .utf8)
        let shown = try TestSupport.runProcess(
          man, ["--warnings", "-l", file.path],
          environment: [
            "MANWIDTH": "80", "MANPAGER": "cat", "PAGER": "cat", "LC_ALL": "C.UTF-8", "HOME": work.path,
          ])
        #expect(shown.status == 0 && shown.err.isEmpty, "man -l \(name).1: \(shown.err)")
        let wide = shown.out.split(separator: "\n").filter { $0.count > 80 }
        #expect(wide.isEmpty, "\(name)(1) has lines over 80 columns:\n\(wide.joined(separator: "\n"))")
        count += 1
      }
    }
    #expect(count > 60)
  }
}
