#if arch(x86_64)
  import _Builtin_intrinsics.intel
  import VectorScanKernels

  /// The classifier on AVX-512 (F, BW, VL): a block is one 64-byte vector, compared into mask
  /// registers that are the block's masks, with no `movemask` step. This module is built with
  /// `-target-cpu skylake-avx512` (Package.swift); nothing here may be inlined into a module built
  /// for less, so only `AVX512Kernel` is public.
  enum AVX512Classifier: ByteClassifier {
    /// The bytes of `v` equal to `byte`. The comparison intrinsics are macros, which Swift does not
    /// import; LLVM makes this `xor` and test one `vpcmpeqb`.
    @inline(__always)
    static func equal(_ v: __m512i, _ byte: UInt8) -> UInt64 {
      let x = _mm512_xor_si512(v, _mm512_set1_epi8(CChar(bitPattern: byte)))
      return _mm512_testn_epi8_mask(x, x)
    }

    /// See `ByteClassifier.block`. A byte is below 0x20 when no bit of 0xE0 is set, and not ASCII
    /// when its sign is; LLVM makes the two one signed `vpcmpltb` with 0x20.
    @inline(__always)
    static func block(_ p: UnsafePointer<UInt8>) -> (quotes: UInt64, notPlain: UInt64) {
      let v = _mm512_loadu_si512(UnsafeRawPointer(p))
      let control = _mm512_testn_epi8_mask(v, _mm512_set1_epi8(-0x20))
      return (equal(v, 0x22), control | _mm512_movepi8_mask(v) | equal(v, 0x5C))
    }

    // 16 bytes: the baseline's steps, compiled here with AVX-512's encodings. Strings end within
    // 16 or 32 bytes, where a mask register offers nothing `pmovmskb` does not.

    @inline(__always)
    static func lanes(_ p: UnsafePointer<UInt8>) -> (quotes: UInt32, notPlain: UInt32) {
      SSE2Classifier.lanes(p)
    }

    @inline(__always)
    static func stringStops16(_ p: UnsafePointer<UInt8>) -> UInt32 { SSE2Classifier.stringStops16(p) }

    @inline(__always)
    static func quoteOrBackslash16(_ p: UnsafePointer<UInt8>) -> UInt32 {
      SSE2Classifier.quoteOrBackslash16(p)
    }

    @inline(__always)
    static func nonASCII32(_ p: UnsafePointer<UInt8>) -> UInt32 {
      _mm256_movepi8_mask(_mm256_loadu_si256(UnsafeRawPointer(p).assumingMemoryBound(to: __m256i.self)))
    }
  }

  /// The AVX-512 kernel: `ScanKernel` instantiated with the AVX-512 classifier, compiled for
  /// AVX-512 (F, CD, BW, DQ, VL). Call it only where the processor has those (`VectorScan`
  /// chooses); each entry point is one call per line or string, never per block.
  ///
  /// The entry points repeat `AVX2Kernel`'s on purpose: a generic scan is compiled where it is
  /// specialized, so each kernel's module needs calls of its own that name its classifier. A
  /// table of closures made once would have served both, but a closure read from another module's
  /// global is retained on every call (4% of sales-chart's time, in swift_retain and release).
  public enum AVX512Kernel {
    /// The classification of the 64 bytes at `p` (for the property tests).
    public static func block(_ p: UnsafePointer<UInt8>) -> (quotes: UInt64, notPlain: UInt64) {
      AVX512Classifier.block(p)
    }

    /// `ScanKernel.blocks`.
    public static func blocks(
      _ base: UnsafePointer<UInt8>, _ count: Int, quotes: UnsafeMutablePointer<UInt64>
    )
      -> Bool
    { ScanKernel<AVX512Classifier>.blocks(base, count, quotes: quotes) }

    /// `ScanKernel.plainRun`.
    public static func plainRun(
      _ base: UnsafePointer<UInt8>, _ count: Int, quotes: UnsafeMutablePointer<UInt64>
    ) -> Int { ScanKernel<AVX512Classifier>.plainRun(base, count, quotes: quotes) }

    /// `ScanKernel.isPlain`.
    public static func isPlain(_ base: UnsafePointer<UInt8>, _ count: Int) -> Bool {
      ScanKernel<AVX512Classifier>.isPlain(base, count)
    }

    /// `ScanKernel.firstStringStop`.
    public static func firstStringStop(_ base: UnsafePointer<UInt8>, from: Int, end: Int) -> Int {
      ScanKernel<AVX512Classifier>.firstStringStop(base, from: from, end: end)
    }

    /// `ScanKernel.firstQuoteOrBackslash`.
    public static func firstQuoteOrBackslash(_ base: UnsafePointer<UInt8>, from: Int, end: Int) -> Int {
      ScanKernel<AVX512Classifier>.firstQuoteOrBackslash(base, from: from, end: end)
    }

    /// `ScanKernel.firstInvalidUTF8`.
    public static func firstInvalidUTF8(_ base: UnsafePointer<UInt8>, _ count: Int) -> Int? {
      ScanKernel<AVX512Classifier>.firstInvalidUTF8(base, count)
    }
  }
#endif
