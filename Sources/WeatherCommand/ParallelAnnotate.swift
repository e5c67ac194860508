import PipeProtocol
import PipeReading
import Synchronization
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
  /// Annotates every input of `paths` with `annotator`; with the offline model (`model`), chunks
  /// on every core and the rest (and all that a worker leaves) on the calling thread.
  static func annotate(
    _ paths: [String], tool: String, quiet: Bool, model: ModelProvider?, annotator: inout Annotator
  ) throws {
    let maxDepth = JSONParser.defaultMaxDepth
    let maxLineLength = LineReader.defaultMaxLineLength
    let buffers = BufferPool()
    var makeWorker: (@Sendable () -> (LineChunk) -> ChunkOutcome<ChunkOutput>)?
    if let model {
      makeWorker = {
        var worker = ChunkAnnotator(
          annotator: Annotator(provider: model),
          index: RecordIndexer(
            maxDepth: maxDepth, maxLineLength: maxLineLength, keepsMemberArray: false,
            names: OrderLine.Name.table))
        return { chunk in worker.annotate(chunk, into: buffers.take()) }
      }
    }
    try Inputs.forEach(
      paths, tool: tool, quiet: quiet, maxDepth: maxDepth, drainsBeforeBlocking: true, parallel: makeWorker,
      merge: { output, _ in
        StandardOutput.shared.write(output.bytes.bytes)
        buffers.give(output)
        return true
      },
      sequential: { records in try annotator.annotateAll(records) })
  }
}

/// Annotates each chunk into bytes of its own (see `ParallelAnnotate`); one per worker thread.
struct ChunkAnnotator {
  var annotator: Annotator
  var index: RecordIndexer
  var places = OrderLine.Places()

  /// Annotates `chunk` into `output` (emptied first).
  mutating func annotate(_ chunk: LineChunk, into output: ChunkOutput) -> ChunkOutcome<ChunkOutput> {
    // The bytes taken out of their box while they are written (the box gets them back, moved
    // when they grew).
    var out = output.bytes
    defer { output.bytes = out }
    out.removeAll()
    // Room for every line and the members an order may gain.
    out.reserve(chunk.bytes.count + chunk.bytes.count / 8 + 256)
    return chunk.result({ output }, scan: index.lineScan) { (line) throws(SequentialHandOff) in
      guard let type = index.indexIfSure(line) else { throw .chunk }
      guard ValidatedJSON(line).equals(type, "order") else {
        out.append(bytes: line)
        out.append(0x0A)
        return
      }
      // The order in place, its members as the indexer keeps them (no array, no string).
      do {
        try annotator.annotate(OrderLine(line, indexed: index, places: &places), to: &out)
      } catch {
        throw .chunk
      }
    }
  }
}

/// A chunk's output, handed from its worker to the merging thread and then back to a worker
/// through a `BufferPool` (used by one thread at a time).
final class ChunkOutput: @unchecked Sendable {
  var bytes = ByteBuffer()

  deinit { bytes.free() }
}

/// Chunk outputs handed from thread to thread to be used again (new buffers for every chunk
/// would scatter over the threads' heaps and grow the memory taken).
final class BufferPool: Sendable {
  let buffers = Mutex<[ChunkOutput]>([])

  /// An output given back earlier, or a new one.
  func take() -> ChunkOutput { buffers.withLock { $0.popLast() } ?? ChunkOutput() }

  /// Gives `output` back, once written.
  func give(_ output: ChunkOutput) { buffers.withLock { $0.append(output) } }
}
