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
        ".SH EXIT STATUS",
        ".SH EXAMPLES", ".SH SEE ALSO",
      ])
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

  @Test func seeAlsoNamesTheOtherCommandsOfTheExamples() {
    // Examples: "demo-tool list | pipe-check", "demo-tool next 4 && echo done", and the list
    // subcommand's "demo-tool list --format json | jq .name"; echo is a shell built-in.
    #expect(Manual.render(Fixtures.tool).hasSuffix(".SH SEE ALSO\n\\fBjq\\fR(1),\n\\fBpipe\\-check\\fR(1)\n"))
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
