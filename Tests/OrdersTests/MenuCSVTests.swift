import Foundation
import PipeProtocol
import TestSupport
import Testing

/// `orders menu -f csv` read back by an independent CSV reader (Python's `csv`, strict), with
/// donut names made to break a CSV writer (issue 43: a comma or a quote followed by a combining
/// mark, or CR LF, was not quoted, and rows came out of 9, 6 and 3 cells for a header of 8).
@Suite("the menu's CSV, read back")
struct MenuCSVTests {
  /// The 50 names: the issue's own first, then hostile strings a donut name may be (not empty,
  /// not only white space, within the limits, unique in any case).
  static func names() -> [String] {
    var names = ["x,\u{301}y"]
    var seen = Set(names.map { $0.lowercased() })
    for text in HostileText.strings(seed: 43, count: 400, maxPieces: 6) where names.count < 50 {
      guard !text.allSatisfy(\.isWhitespace), text.count <= 40, text.utf8.count <= 160,
        seen.insert(text.lowercased()).inserted
      else { continue }
      names.append(text)
    }
    return names
  }

  @Test(
    "50 hostile donut names: every row has as many cells as the header, each name read back",
    .enabled(if: Requirements.has("python3"), "needs python3, the independent CSV reader"))
  func hostileNames() throws {
    let home = try TestSupport.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let environment = ["HOME": home.path, "SAMPLEPIPES_MENU": home.appendingPathComponent("menu.jsonl").path]
    let names = Self.names()
    #expect(names.count == 50)
    for name in names {
      let made = try TestSupport.run("orders", ["donut", "new", "--name=\(name)"], environment: environment)
      try #require(made.status == 0, "\(name.debugDescription): \(made.err)")
    }
    let menu = try TestSupport.run("orders", ["menu", "-f", "csv"], environment: environment)
    try #require(menu.status == 0, "\(menu.err)")
    let rows = try PythonCSV.rows(menu.stdout)
    try #require(rows.count == 1 + 17 + names.count, "\(rows.count) rows")
    let header = rows[0]
    for (number, row) in rows.enumerated() {
      #expect(
        row.count == header.count, "row \(number + 1): \(row.count) cells for a header of \(header.count)")
    }
    let column = try #require(header.firstIndex(of: "name"))
    // Rule 10: a text cell that begins with a formula leader or a ' has one ' before it.
    let read = rows.dropFirst(18).map { row in
      row[column].hasPrefix("'") ? String(row[column].dropFirst()) : row[column]
    }
    for (got, want) in zip(read, names) {
      #expect(
        got.unicodeScalars.elementsEqual(want.unicodeScalars),
        "\(got.debugDescription) for \(want.debugDescription)")
    }
  }
}
