import Foundation
import TestSupport
import Testing

/// `bin/regtest --contract` reports, per tool its cases name, the commands and options no contract
/// case reaches (from each case's `cmd`, against docs/cli/TOOL.md); a report, not a failure.
@Suite("regtest --contract coverage")
struct CoverageReportTests {
  static let formatsJSONL = TestSupport.packageRoot.appendingPathComponent(
    "Tests/golden/achievements/formats-jsonl"
  ).path

  @Test func theReportNamesWhatNoContractCaseReaches() throws {
    // achievements -f jsonl --now T, and trips list: -f counts as --format.
    let result = try Regtest.run(["--contract", Self.formatsJSONL])
    #expect(result.status == 0, "\(result.out)\(result.err)")
    let lines = result.out.split(separator: "\n").map(String.init)
    #expect(lines.contains("coverage: achievements: 1 of 1 commands reached by a contract case"))
    #expect(lines.contains("coverage:   achievements: no case gives --state --events"))
    let trips = try #require(lines.first { $0.hasPrefix("coverage: trips: 1 of ") }, "\(result.out)")
    #expect(trips.contains("none reaches: trips collections,") && trips.contains("trips activity add"))
    #expect(!trips.contains("trips list"))
    #expect(lines.contains("coverage:   trips list: no case gives --collection --format --store"))
    #expect(lines.last == "regtest: 1 passed, 0 failed, 0 skipped")
  }

  @Test func aRunWithoutContractHasNoReport() throws {
    let result = try Regtest.run([Self.formatsJSONL])
    #expect(!result.out.contains("coverage:"))
  }
}
