import PipeProtocol
import Testing

/// The one date rule stays one, but a date-time as SQL databases export it (a space for the `T`,
/// DuckDB's `+00`) is refused with how to write it.
@Suite("ISODate: the hint for a space-separated date-time")
struct ISODateHintTests {
  static let duckDB = " (from DuckDB: strftime(ts, '%Y-%m-%dT%H:%M:%SZ') with SET TimeZone = 'UTC')"

  @Test(
    "each is refused by the date rule, and named in the form it takes",
    arguments: [
      ("2026-11-29 17:54:28+00", #"write it as "2026-11-29T17:54:28Z""#),
      ("2026-11-29 17:54:28.250+00", #"write it as "2026-11-29T17:54:28.250Z""#),
      ("2026-11-29 17:54:28+01", #"write it as "2026-11-29T17:54:28+01:00""#),
      ("2026-11-29 17:54:28-0530", #"write it as "2026-11-29T17:54:28-05:30""#),
      ("2026-11-29 17:54:28Z", #"write it as "2026-11-29T17:54:28Z""#),
      ("2026-11-29 17:54", #"write it with its zone, "2026-11-29T17:54:00Z" if it is UTC"#),
      ("2026-11-29 17:54:28", #"write it with its zone, "2026-11-29T17:54:28Z" if it is UTC"#),
    ])
  func hint(_ text: String, _ expected: String) {
    #expect(ISODate.parse(text) == nil)
    #expect(ISODate.hint(for: text) == expected + Self.duckDB)
  }

  @Test(
    "anything else gets no hint",
    arguments: [
      "2026-11-29T17:54:28Z", "2026-11-29", "yesterday", "2026-13-29 17:54:28+00", "2026-11-29 25:54:28+00",
      "2026-11-29 17:54:28+5", "2026-11-29 17:54:28 PST", "", "2026-11-29  17:54:28",
    ])
  func noHint(_ text: String) {
    #expect(ISODate.hint(for: text) == nil)
  }

  @Test("the field error says it on its one line")
  func fieldError() throws {
    let record = try Record(bytes: Array(#"{"type":"order","creationDate":"2026-11-29 17:54:28+00"}"#.utf8))
    #expect(throws: InputError.self) { try record.date("creationDate") }
    do {
      _ = try record.date("creationDate")
    } catch {
      #expect(
        error.message
          == #""creationDate" must be an ISO 8601 date-time, not "2026-11-29 17:54:28+00"; write it as "2026-11-29T17:54:28Z""#
          + Self.duckDB)
      #expect(!error.message.contains("\n"))
    }
  }
}
