import Glibc

/// How many threads the tools that read long streams (`sales-chart`, `pipe-check`, `weather
/// annotate`) read with, and in what chunks: the environment's choice, checked.
public enum ReadingThreads {
  /// The most threads.
  public static let maxThreads = 64
  /// The largest chunk.
  public static let maxChunkSize = 16 << 20

  /// `SAMPLEPIPES_THREADS`: a number from 1 (one thread, as before: nothing read ahead) to 64;
  /// unset or empty, the number of processors online. A usage error for anything else.
  public static func count(environment: String? = Environment.get("SAMPLEPIPES_THREADS")) throws(ToolError)
    -> Int
  {
    guard let given = environment, !given.isEmpty else { return processors }
    guard let n = Int(given), (1...maxThreads).contains(n) else {
      throw .usage(
        "SAMPLEPIPES_THREADS must be a number of threads from 1 to \(maxThreads), not '\(TerminalText.safe(given))'"
      )
    }
    return n
  }

  /// `SAMPLEPIPES_CHUNK_SIZE`: the bytes of a chunk, from 1 to 16 MiB (tests make it small, so that
  /// chunk boundaries fall everywhere); unset or empty, 1 MiB. A usage error for anything else.
  public static func chunkSize(environment: String? = Environment.get("SAMPLEPIPES_CHUNK_SIZE"))
    throws(ToolError) -> Int
  {
    guard let given = environment, !given.isEmpty else { return 1 << 20 }
    guard let n = Int(given), (1...maxChunkSize).contains(n) else {
      throw .usage(
        "SAMPLEPIPES_CHUNK_SIZE must be a number of bytes from 1 to \(maxChunkSize), not '\(TerminalText.safe(given))'"
      )
    }
    return n
  }

  /// The processors online, at least 1.
  static var processors: Int { max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN))) }
}
