/// Reading the inputs a tool is given: standard input (or bytes a test puts in its place), and a
/// reader's lines on every core with the parallel driver. The command-line side (`--quiet`, the
/// terminal hint, the progress line, the thread count from the environment) is `ToolSupport`'s.
public enum Inputs {
  /// The bytes `-` reads instead of file descriptor 0, when set: a test runs a tool in its own
  /// process with this input (the same setting as `LineReader.injectedStandardInput`).
  public static var standardInput: [UInt8]? {
    get { LineReader.injectedStandardInput }
    set { LineReader.injectedStandardInput = newValue }
  }

  /// Reads `reader` with `threads` workers in chunks of about `chunkSize` bytes (with 0 threads,
  /// all of it with `sequential`): each worker, made by `makeWorker` once per thread, turns chunks
  /// of whole lines into values that `merge` takes in the order read; a chunk a worker is not sure
  /// of, and all that is left at the end, goes to `sequential`, which gets a reader of those lines
  /// (numbered as in the whole input) and returns false to stop. Without `makeWorker`,
  /// `sequential` reads everything. Callers need not read anything after this.
  public static func read<Value>(
    _ reader: LineReader, threads: Int, chunkSize: Int, drainsBeforeBlocking: Bool = false,
    parallel makeWorker: (@Sendable () -> (LineChunk) -> ChunkOutcome<Value>)?,
    merge: (Value, LineChunk) throws -> Bool, sequential: (LineReader) throws -> Bool
  ) throws {
    if let makeWorker, threads > 0 {
      let reading = ParallelReading<Value>(
        reader, threads: threads, chunkSize: chunkSize,
        drainsBeforeBlocking: drainsBeforeBlocking, makeWorker: makeWorker)
      var stopped = false
      try reading.run(
        merge: merge,
        sequential: { part in
          let goOn = try sequential(part)
          stopped = !goOn
          return goOn
        })
      if stopped { return }
    }
    // What is left: nothing, or everything from a chunk the sequential code reads on.
    _ = try sequential(reader)
  }
}
