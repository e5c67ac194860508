/// The instruction sets a kernel of the scans can be chosen for (`SAMPLEPIPES_ISA`).
public enum InstructionSet: String, CaseIterable, Sendable {
  /// `SIMD16<UInt8>` arithmetic, on every architecture: the reference of the property tests.
  case portable
  /// The x86-64 baseline (SSE2).
  case sse2
  /// AVX2 (x86-64, Haswell and later).
  case avx2
  /// AVX-512 as Skylake-SP has it (F, CD, BW, DQ, VL), and so Ice Lake and later, Zen 4 and later.
  case avx512

  /// The instruction sets this build has a kernel for and a processor with these `flags` (the
  /// words of the `flags` line of /proc/cpuinfo, or nil when they are unknown) runs, best last.
  public static func available(cpuFlags flags: Set<Substring>?) -> [InstructionSet] {
    #if arch(x86_64)
      // Linux lists `avx2` and the AVX-512 extensions only when the kernel also saves their state.
      guard let flags, flags.contains("avx2") else { return [.portable, .sse2] }
      let avx512 = ["avx512f", "avx512cd", "avx512bw", "avx512dq", "avx512vl"].allSatisfy {
        flags.contains($0)
      }
      return avx512 ? [.portable, .sse2, .avx2, .avx512] : [.portable, .sse2, .avx2]
    #else
      return [.portable]
    #endif
  }

  /// The words of the `flags` line of /proc/cpuinfo's `text` (its first processor), or nil when
  /// there is none.
  public static func cpuFlags(cpuinfo text: Substring) -> Set<Substring>? {
    for line in text.split(separator: "\n") where line.hasPrefix("flags") {
      guard let colon = line.firstIndex(of: ":") else { continue }
      return Set(line[line.index(after: colon)...].split(separator: " "))
    }
    return nil
  }
}
