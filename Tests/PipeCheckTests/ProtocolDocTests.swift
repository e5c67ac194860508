import Foundation
import PipeCheckCommand
import PipeProtocol
import TestSupport
import Testing

@Suite("PROTOCOL.md")
struct ProtocolDocTests {
  @Test("the record tables match the schemas pipe-check uses (run bin/sync-docs to refresh)")
  func tablesInSync() throws {
    let doc = try String(
      contentsOf: TestSupport.packageRoot.appendingPathComponent("PROTOCOL.md"), encoding: .utf8)
    let begin = try #require(doc.range(of: "<!-- BEGIN RECORD TYPES"))
    let afterMarker = try #require(doc[begin.upperBound...].range(of: "\n"))
    let end = try #require(doc.range(of: "<!-- END RECORD TYPES -->"))
    let tables = String(doc[afterMarker.upperBound..<end.lowerBound])
    #expect(tables == SchemaDocs.markdown(RecordTypes.catalog.all), "PROTOCOL.md is stale: run bin/sync-docs")
  }

  @Test("every record type has a section of prose that mentions it")
  func everyTypeExplained() throws {
    let doc = try String(
      contentsOf: TestSupport.packageRoot.appendingPathComponent("PROTOCOL.md"), encoding: .utf8)
    let prose = doc.components(separatedBy: "<!-- END RECORD TYPES -->").last ?? ""
    for schema in RecordTypes.catalog.all {
      #expect(prose.contains("`\(schema.type)`"), "PROTOCOL.md does not explain `\(schema.type)`")
    }
  }
}
