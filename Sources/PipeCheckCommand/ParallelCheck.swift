import Glibc
import PipeProtocol
import PipeReading
import ToolSupport

/// `pipe-check` on every core: the input is read in chunks of whole lines, each chunk is checked
/// by a worker thread, and the results are taken in the order read: the records and types counted
/// and, with `--pass`, the chunk's bytes written as they came (a chunk without problems is passed
/// on whole).
///
/// A worker only says "no problem here": every line a record that follows the protocol, and its
/// schema's (with donut ids of the built-in menu). A chunk with anything else (a problem of any
/// kind, an escaped key or type, a line over the limit) is left to `Checker.check` on the calling
/// thread, with the counts so far, so that every problem is found, worded and numbered in one place.
/// After a chunk holding a `donut` record (a definition that later records may use), everything is
/// read that way.
extension Checker {
  /// Checks all of `reader`: chunks on every core, and with `check` what a worker leaves (the
  /// problems are found, worded and numbered there).
  mutating func checkAll(_ reader: LineReader) throws {
    let (maxDepth, maxLineLength, onlyType, strict) = (maxDepth, reader.maxLineLength, onlyType, strict)
    let pass = self.pass
    // A guard's output flows from a live stream as it comes, and so do problems.
    try Inputs.read(
      reader, drainsBeforeBlocking: true,
      parallel: {
        // Each worker its own schemas (compiled tables read without shared reference counts).
        var checker = ChunkChecker(
          LineRules(
            maxDepth: maxDepth, maxLineLength: maxLineLength, onlyType: onlyType, strict: strict,
            schemas: RecordTypes.checked()))
        return { chunk in checker.check(chunk) }
      },
      merge: { checked, chunk in
        records += checked.records
        types.formUnion(checked.types)
        if pass { StandardOutput.shared.write(chunk.bytes) }
        return true
      },
      sequential: { part in
        if !stopped { try check(part) }
        return !stopped
      })
  }
}

/// What a worker found in a chunk without problems.
struct CheckedChunk: Sendable {
  var records = 0
  var types: Set<String> = []
}

/// The settings a worker checks lines with.
struct LineRules: Sendable {
  let maxDepth: Int
  let maxLineLength: Int
  let onlyType: String?
  let strict: Bool
  let schemas: SchemaCatalog
}

/// Checks one chunk for `Checker.checkAll`, on a worker.
struct ChunkChecker {
  let rules: LineRules
  /// The line being read, indexed.
  var index: RecordIndexer
  var result = CheckedChunk()
  /// The type of the last record of this chunk, if any, its name and schema.
  var lastType: [UInt8]?
  /// The day of the last date-time checked.
  var dayMemo = ISODate.DayMemo()
  var lastName = ""
  var lastSchema: RecordSchema?
  var checksLast = false
  /// The shape of the last conforming lines, checked by plan.
  let shape = ShapeCheck()

  init(_ rules: LineRules) {
    self.rules = rules
    index = RecordIndexer(
      maxDepth: rules.maxDepth, maxLineLength: rules.maxLineLength, keepsMemberArray: false)
  }

  typealias Skip = SequentialHandOff

  mutating func check(_ chunk: LineChunk) -> ChunkOutcome<CheckedChunk> {
    result = CheckedChunk()
    lastType = nil
    return chunk.result({ result }, scan: index.lineScan) { (line) throws(Skip) in try record(line) }
  }

  mutating func record(_ line: UnsafeBufferPointer<UInt8>) throws(Skip) {
    // A plain line of the last line's type that conforms is read once, its grammar checked with
    // its schema; any other line, or one that walk is not sure of, is indexed first.
    if checksLast, let schema = lastSchema, let last = lastType,
      last.withUnsafeBufferPointer({
        schema.conformsInOnePass(
          line, type: $0, maxDepth: rules.maxDepth, maxLineLength: rules.maxLineLength, memo: &dayMemo,
          shape: shape, scan: index.lineScan)
      })
    {
      result.records += 1
      return
    }
    guard let type = index.indexIfSure(line) else { throw .chunk }
    result.records += 1
    let typeBytes = UnsafeBufferPointer(rebasing: line[type])
    let sameType = lastType?.withUnsafeBufferPointer { ValidatedJSON(line).equals(type, $0) } ?? false
    if !sameType {
      lastType = Array(typeBytes)
      lastName = String(decoding: typeBytes, as: UTF8.self)
      // A donut record defines a donut for the records after it.
      if lastName == "donut" { throw .rest }
      result.types.insert(lastName)
      lastSchema = rules.schemas.schema(for: lastName)
      checksLast = rules.onlyType == nil || rules.onlyType == lastName
    }
    guard checksLast else { return }
    guard let schema = lastSchema else {
      if rules.strict { throw .chunk }
      return
    }
    if !schema.problems(in: line, spans: index.spans, quotes: index.plainQuotes, memo: &dayMemo).isEmpty {
      throw .chunk
    }
  }
}
