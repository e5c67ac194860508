import VectorScanKernels

#if arch(x86_64)
  import VectorScanAVX2
  import VectorScanAVX512
#endif

/// The vector scans every stage of reading uses, through the kernel of the instruction set chosen
/// once at start (`selected`): stage 1's block pass, the string scans, plainness and UTF-8
/// validation. Each entry point dispatches once per call (a line, a string), never per block.
public enum VectorScan {
  // The baseline of the architecture is a literal, so that the variable is made statically, not
  // on first use behind a check.
  #if arch(x86_64)
    /// The kernel the scans use. The tools set it once at start, before any thread reads (from the
    /// processor and `SAMPLEPIPES_ISA`); until then it is the baseline of the architecture.
    nonisolated(unsafe) public static var selected: InstructionSet = .sse2
  #else
    /// The kernel the scans use (see the x86-64 declaration).
    nonisolated(unsafe) public static var selected: InstructionSet = .portable
  #endif

  /// The instruction set every processor of this architecture has.
  public static var baseline: InstructionSet {
    #if arch(x86_64)
      .sse2
    #else
      .portable
    #endif
  }

  /// Stage 1's block pass: fills `quotes` with a bit per byte of the `count` bytes at `base` that
  /// is a quote (bit `i % 64` of word `i / 64`; `(count + 63) / 64` words), and returns whether
  /// they are plain (no backslash, control byte or byte that is not ASCII); the bitmap is
  /// meaningful only then.
  @inlinable
  public static func blocks(_ base: UnsafePointer<UInt8>, _ count: Int, quotes: UnsafeMutablePointer<UInt64>)
    -> Bool
  {
    #if arch(x86_64)
      switch selected {
      case .avx2: return AVX2Kernel.blocks(base, count, quotes: quotes)
      case .avx512: return AVX512Kernel.blocks(base, count, quotes: quotes)
      case .portable: return ScanKernel<PortableClassifier>.blocks(base, count, quotes: quotes)
      default: return ScanKernel<SSE2Classifier>.blocks(base, count, quotes: quotes)
      }
    #else
      return ScanKernel<PortableClassifier>.blocks(base, count, quotes: quotes)
    #endif
  }

  /// The offset of the first byte of the `count` bytes at `base` that is not plain (a backslash,
  /// a control byte such as a line feed, a byte that is not ASCII), or `count`; `quotes` holds the
  /// quote bitmap of the bytes before it, as `blocks` makes it.
  @inlinable
  public static func plainRun(
    _ base: UnsafePointer<UInt8>, _ count: Int, quotes: UnsafeMutablePointer<UInt64>
  )
    -> Int
  {
    #if arch(x86_64)
      switch selected {
      case .avx2: return AVX2Kernel.plainRun(base, count, quotes: quotes)
      case .avx512: return AVX512Kernel.plainRun(base, count, quotes: quotes)
      case .portable: return ScanKernel<PortableClassifier>.plainRun(base, count, quotes: quotes)
      default: return ScanKernel<SSE2Classifier>.plainRun(base, count, quotes: quotes)
      }
    #else
      return ScanKernel<PortableClassifier>.plainRun(base, count, quotes: quotes)
    #endif
  }

  /// Whether the `count` bytes at `base` are plain: no backslash, control byte or byte that is
  /// not ASCII.
  @inlinable
  public static func isPlain(_ base: UnsafePointer<UInt8>, _ count: Int) -> Bool {
    #if arch(x86_64)
      switch selected {
      case .avx2: return AVX2Kernel.isPlain(base, count)
      case .avx512: return AVX512Kernel.isPlain(base, count)
      case .portable: return ScanKernel<PortableClassifier>.isPlain(base, count)
      default: return ScanKernel<SSE2Classifier>.isPlain(base, count)
      }
    #else
      return ScanKernel<PortableClassifier>.isPlain(base, count)
    #endif
  }

  /// The offset of the first byte in `from..<end` that a string scan stops at (a quote, a
  /// backslash, a control byte or a byte that is not ASCII), or `end` when there is none.
  @inlinable
  public static func firstStringStop(_ base: UnsafePointer<UInt8>, from: Int, end: Int) -> Int {
    #if arch(x86_64)
      switch selected {
      case .avx2: return AVX2Kernel.firstStringStop(base, from: from, end: end)
      case .avx512: return AVX512Kernel.firstStringStop(base, from: from, end: end)
      case .portable: return ScanKernel<PortableClassifier>.firstStringStop(base, from: from, end: end)
      default: return ScanKernel<SSE2Classifier>.firstStringStop(base, from: from, end: end)
      }
    #else
      return ScanKernel<PortableClassifier>.firstStringStop(base, from: from, end: end)
    #endif
  }

  /// The offset of the first `"` or `\` in `from..<end`, or `end`: where a string of validated
  /// JSON text may end.
  @inlinable
  public static func firstQuoteOrBackslash(_ base: UnsafePointer<UInt8>, from: Int, end: Int) -> Int {
    #if arch(x86_64)
      switch selected {
      case .avx2: return AVX2Kernel.firstQuoteOrBackslash(base, from: from, end: end)
      case .avx512: return AVX512Kernel.firstQuoteOrBackslash(base, from: from, end: end)
      case .portable: return ScanKernel<PortableClassifier>.firstQuoteOrBackslash(base, from: from, end: end)
      default: return ScanKernel<SSE2Classifier>.firstQuoteOrBackslash(base, from: from, end: end)
      }
    #else
      return ScanKernel<PortableClassifier>.firstQuoteOrBackslash(base, from: from, end: end)
    #endif
  }

  /// The offset of the first byte of the `count` bytes at `base` that is not part of a valid UTF-8
  /// sequence (RFC 3629), or nil when all are valid.
  @inlinable
  public static func firstInvalidUTF8(_ base: UnsafePointer<UInt8>, _ count: Int) -> Int? {
    #if arch(x86_64)
      switch selected {
      case .avx2: return AVX2Kernel.firstInvalidUTF8(base, count)
      case .avx512: return AVX512Kernel.firstInvalidUTF8(base, count)
      case .portable: return ScanKernel<PortableClassifier>.firstInvalidUTF8(base, count)
      default: return ScanKernel<SSE2Classifier>.firstInvalidUTF8(base, count)
      }
    #else
      return ScanKernel<PortableClassifier>.firstInvalidUTF8(base, count)
    #endif
  }

  /// The index (0 to 15) of the first byte of the 16 at `p` that a string scan stops at, or 16
  /// when there is none. One 16-byte step: AVX2 and AVX-512 have nothing better to offer it, so it is the
  /// baseline's (inlined here), or the portable lanes' when those are chosen.
  @inlinable @inline(__always)
  public static func stringStop16(_ p: UnsafePointer<UInt8>) -> Int {
    Int(truncatingIfNeeded: (stringStops16(p) | 0x1_0000).trailingZeroBitCount)
  }

  /// The index (0 to 15) of the first `"` or `\` of the 16 bytes at `p`, or 16 when there is none.
  @inlinable @inline(__always)
  public static func quoteOrBackslash16(_ p: UnsafePointer<UInt8>) -> Int {
    Int(truncatingIfNeeded: (quoteOrBackslash16Bits(p) | 0x1_0000).trailingZeroBitCount)
  }

  /// The index of the first `"` or `\` among the first `limit` (0 to 16) of the 16 bytes at `p`,
  /// or `limit` when there is none.
  @inlinable @inline(__always)
  public static func quoteOrBackslash16(_ p: UnsafePointer<UInt8>, within limit: Int) -> Int {
    Int(
      truncatingIfNeeded: (quoteOrBackslash16Bits(p) | 1 &<< UInt32(truncatingIfNeeded: limit))
        .trailingZeroBitCount)
  }

  @inlinable @inline(__always)
  static func stringStops16(_ p: UnsafePointer<UInt8>) -> UInt32 {
    #if arch(x86_64)
      selected == .portable ? PortableClassifier.stringStops16(p) : SSE2Classifier.stringStops16(p)
    #else
      PortableClassifier.stringStops16(p)
    #endif
  }

  @inlinable @inline(__always)
  static func quoteOrBackslash16Bits(_ p: UnsafePointer<UInt8>) -> UInt32 {
    #if arch(x86_64)
      selected == .portable ? PortableClassifier.quoteOrBackslash16(p) : SSE2Classifier.quoteOrBackslash16(p)
    #else
      PortableClassifier.quoteOrBackslash16(p)
    #endif
  }
}
