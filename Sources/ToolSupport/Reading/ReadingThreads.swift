import Glibc

/// How many threads the tools that read long streams (`sales-chart`, `pipe-check`, `weather
/// annotate`) read with, and in what chunks: the environment's choice, checked.
public enum ReadingThreads {
  /// The most threads.
  public static let maxThreads = 64
  /// The largest chunk.
  public static let maxChunkSize = 16 << 20

  /// `SAMPLEPIPES_THREADS`: a number from 1 (the calling thread works every chunk: nothing read
  /// ahead, no thread started) to 64, or 0 (no worker at all: the sequential code reads every
  /// line, the reference the thread tests compare with); unset or empty, the processors this
  /// process may run on. A usage error for anything else.
  public static func count(environment: String? = Environment.get("SAMPLEPIPES_THREADS")) throws(ToolError)
    -> Int
  {
    guard let given = environment, !given.isEmpty else { return processors }
    guard let n = Int(given), (0...maxThreads).contains(n) else {
      throw .usage(
        "SAMPLEPIPES_THREADS must be a number of threads from 0 to \(maxThreads), not '\(TerminalText.safe(given))'"
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

  /// The processors this process may run on (as `nproc` counts them: `taskset` and cpusets
  /// narrow them), at least 1; the processors online when the kernel does not say.
  static var processors: Int {
    // glibc declares sched_getaffinity only under _GNU_SOURCE, which Swift's Glibc module does
    // not define: it is looked up by name (RTLD_DEFAULT is the null handle).
    typealias GetAffinity = @convention(c) (pid_t, Int, UnsafeMutableRawPointer) -> Int32
    if let symbol = dlsym(nil, "sched_getaffinity") {
      let getAffinity = unsafeBitCast(symbol, to: GetAffinity.self)
      var mask = [UInt64](repeating: 0, count: 16)  // 1,024 processors
      let count = mask.withUnsafeMutableBytes { bytes -> Int in
        guard getAffinity(0, bytes.count, bytes.baseAddress!) == 0 else { return 0 }
        return bytes.reduce(0) { $0 + $1.nonzeroBitCount }
      }
      if count > 0 { return min(count, maxThreads) }
    }
    return max(1, min(sysconf(Int32(_SC_NPROCESSORS_ONLN)), maxThreads))
  }
}
