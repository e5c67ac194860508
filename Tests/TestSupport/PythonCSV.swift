import Foundation
import PipeProtocol

/// An independent CSV reader for tests: Python's `csv` module, strict (a quote where RFC 4180
/// allows none is an error), reading bytes as UTF-8 with no newline translation, so a CR or a
/// CR LF inside a quoted field is kept. Tests that use it skip without python3:
///
///     @Test(.enabled(if: Requirements.has("python3"), "needs python3, the independent CSV reader"))
public enum PythonCSV {
  static let script = """
    import csv, io, json, sys
    text = io.TextIOWrapper(sys.stdin.buffer, encoding="utf-8", errors="strict", newline="")
    json.dump(list(csv.reader(text, strict=True)), sys.stdout)
    """

  /// A reader's complaint: Python's message.
  public struct Refused: Error, CustomStringConvertible {
    /// What Python said on stderr.
    public var description: String
  }

  /// The rows Python's strict `csv.reader` reads from `data`.
  public static func rows(_ data: Data) throws -> [[String]] {
    let result = try TestSupport.runProcess("/usr/bin/env", ["python3", "-c", script], stdin: data)
    guard result.status == 0 else { throw Refused(description: result.err) }
    // PipeProtocol's parser, not JSONSerialization, which drops a U+FEFF inside a string.
    guard
      let rows = (try? JSONParser.parse(result.out))?.arrayValue?.map({
        $0.arrayValue?.compactMap(\.stringValue)
      })
    else { throw Refused(description: "python3 wrote no rows: \(result.out.prefix(200))") }
    return rows.map { $0 ?? [] }
  }
}
