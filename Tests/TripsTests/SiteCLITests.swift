import Foundation
import TestSupport
import Testing

/// `trips site` run as the built binary.
@Suite("trips site: the built command")
struct SiteCLITests {
  static func input() throws -> Data { try Data(contentsOf: SiteFixture.url) }

  @Test("help describes the options, input, output and an example pipe")
  func help() throws {
    let result = try TestSupport.run("trips", ["site", "--help"])
    #expect(result.status == 0)
    for text in [
      "--out DIR", "--check DIR", "--sort ORDER", "dateEdited", "trips list | trips site --out site",
    ] {
      #expect(result.out.contains(text), "help lacks \(text)")
    }
  }

  @Test("stdin and a file give the same site; a second run replaces the first")
  func stdinAndFile() throws {
    let dir = try TestSupport.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let one = try TestSupport.run(
      "trips", ["site", "--out", "a"], stdin: try Self.input(), currentDirectory: dir)
    let two = try TestSupport.run("trips", ["site", "-o", "b", SiteFixture.url.path], currentDirectory: dir)
    #expect(one.status == 0 && two.status == 0, "\(one.err)\(two.err)")
    #expect(one.stdout.isEmpty && one.stderr.isEmpty)
    let diff = try TestSupport.shell("diff -r a b && ls a | wc -l", currentDirectory: dir)
    #expect(diff.status == 0)
    #expect(diff.out.trimmingCharacters(in: .whitespacesAndNewlines) == "47")
    let again = try TestSupport.run(
      "trips", ["site", "--out", "a", "--sort", "completed"], stdin: try Self.input(), currentDirectory: dir)
    #expect(again.status == 0)
    let listing = try TestSupport.shell("ls -A", currentDirectory: dir)
    #expect(listing.out == "a\nb\n")  // no temporary or old folder left
  }

  @Test("errors: usage (64), a missing site (66), a bad line (65, nothing written)")
  func errors() throws {
    let dir = try TestSupport.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let sort = try TestSupport.run("trips", ["site", "--out", "s", "--sort", "size"], currentDirectory: dir)
    #expect(sort.status == 64)
    #expect(
      sort.err == "trips: error: --sort takes one of title, dateCreated, dateEdited, completed, not 'size'\n")
    let missing = try TestSupport.run("trips", ["site", "--check", "nope"], currentDirectory: dir)
    #expect(missing.status == 66)
    #expect(missing.err == "trips: error: cannot open 'nope': No such file or directory\n")
    let bad = try TestSupport.run(
      "trips", ["site", "--out", "s"], stdin: Data("{\"type\":\"trip\"}\n".utf8), currentDirectory: dir)
    #expect(bad.status == 65)
    #expect(bad.err == "trips: error: stdin line 1: trip record has no \"id\" field\n")
    #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("s").path))
  }

  @Test("a readable photo file is copied in; a missing one warns and gets a picture")
  func photos() throws {
    let dir = try TestSupport.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0, 0x10, 0x4A, 0x46, 0x49, 0x46]
    try Data(jpeg).write(to: dir.appendingPathComponent("beach.jpeg"))
    let lines = """
      {"type":"trip","id":"P1","name":"Beach","collection":"summerVibes","photo":"beach.jpeg",\
      "creationDate":"2026-03-12T09:00:00Z","activities":[]}
      {"type":"trip","id":"P2","name":"Gone","collection":"summerVibes","photo":"photos/gone.jpg",\
      "creationDate":"2026-03-12T09:00:00Z","activities":[]}

      """
    let result = try TestSupport.run(
      "trips", ["site", "--out", "site"], stdin: Data(lines.utf8), currentDirectory: dir)
    #expect(result.status == 0)
    #expect(
      result.err
        == "trips: warning: trip 'Gone' (line 2): cannot open 'photos/gone.jpg': No such file or directory; "
        + "drawing a picture instead\n")
    let site = dir.appendingPathComponent("site")
    #expect(try Data(contentsOf: site.appendingPathComponent("trip-P1.jpg")) == Data(jpeg))
    #expect(FileManager.default.fileExists(atPath: site.appendingPathComponent("trip-P2.svg").path))
    let check = try TestSupport.run("trips", ["site", "--check", "site"], currentDirectory: dir)
    #expect(check.status == 0)
    #expect(
      check.out.hasPrefix(
        "new-trip  index.html  index.html#new-trip-sheet\nnew-trip  index.html  new-trip.html\n"
          + "trip-P1  index.html  trip-P1.html\ntrip-P1  search.html  trip-P1.html\n"
          + "trip-P2  index.html  trip-P2.html\ntrip-P2  search.html  trip-P2.html\nok: 6 "))
  }
}
