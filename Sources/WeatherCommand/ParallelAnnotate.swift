import PipeProtocol
import ToolSupport

/// `weather annotate` on every core, with the offline model (which answers the same on every
/// thread): the input is read in chunks of whole lines, each chunk is annotated into a buffer of its
/// own by a worker thread, and the buffers are written in the order read, so the output is byte for
/// byte one thread's.
///
/// A worker annotates only what it is sure of: records whose keys and type have no escapes, and
/// orders whose fields it reads without error. For anything else it decides nothing and leaves the
/// chunk to `Annotator.annotateAll` on the calling thread, so that every message and line number
/// comes from one place. Output flows from a live stream as it comes (everything read is written
/// before a read that may wait).
enum ParallelAnnotate {
  /// Annotates what both cores can of `reader`; the caller reads the rest with `rest`.
  static func annotate(_ reader: RecordReader, model: ModelProvider, rest: inout Annotator) throws {
    let threads = try ReadingThreads.count()
    let chunkSize = try ReadingThreads.chunkSize()
    guard threads > 1 else { return }
    let maxDepth = reader.maxDepth
    let maxLineLength = reader.lines.maxLineLength
    let reading = ParallelReading<[UInt8]>(
      reader.lines, threads: threads, chunkSize: chunkSize, drainsBeforeBlocking: true
    ) {
      var worker = ChunkAnnotator(
        annotator: Annotator(provider: model), index: SureRecordIndex(maxDepth: maxDepth),
        maxLineLength: maxLineLength)
      return { chunk in worker.annotate(chunk) }
    }
    try reading.run(
      merge: { bytes, _ in
        bytes.withUnsafeBufferPointer { StandardOutput.shared.write($0) }
        return true
      },
      sequential: { part in
        let records = RecordReader(part)
        records.maxDepth = maxDepth
        try rest.annotateAll(records)
        return true
      })
  }
}

/// Annotates each chunk into bytes of its own (see `ParallelAnnotate`); one per worker thread.
struct ChunkAnnotator {
  var annotator: Annotator
  var index: SureRecordIndex
  let maxLineLength: Int

  /// Why a chunk is left to the sequential code.
  struct Skip: Error {}

  mutating func annotate(_ chunk: LineChunk) -> ChunkResult<[UInt8]> {
    var out: [UInt8] = []
    // Room for every line and the members an order may gain.
    out.reserveCapacity(chunk.bytes.count + chunk.bytes.count / 8 + 256)
    let lines: Int
    do throws(Skip) {
      lines = try chunk.forEachLine { (line) throws(Skip) in
        guard line.count <= maxLineLength, let type = index.index(line) else { throw Skip() }
        guard ValidatedJSON(line).equals(type, "order") else {
          out.append(contentsOf: line)
          out.append(0x0A)
          return
        }
        // No source or line number: an order that fails is read again by the sequential code.
        let view = RecordView(bytes: line, members: index.members, type: "order", line: 0, source: "")
        do {
          try annotator.annotate(view, to: &out)
        } catch {
          throw Skip()
        }
      }
    } catch {
      return .sequential
    }
    return .done(out, lines: lines)
  }
}
