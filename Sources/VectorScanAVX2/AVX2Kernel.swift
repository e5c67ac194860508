#if arch(x86_64)
  import _Builtin_intrinsics.intel
  import VectorScanKernels

  /// The classifier on AVX2: a block is two 32-byte vectors. This module is built with `-target-cpu
  /// haswell` (Package.swift), so the baseline's 16-byte steps are VEX-encoded here; nothing here may be
  /// inlined into a module built for the baseline, so only `AVX2Kernel`'s entry points are public.
  enum AVX2Classifier: ByteClassifier {
    @inline(__always)
    static func load32(_ p: UnsafePointer<UInt8>) -> __m256i {
      _mm256_loadu_si256(UnsafeRawPointer(p).assumingMemoryBound(to: __m256i.self))
    }

    @inline(__always)
    static func bits(_ v: __m256i) -> UInt32 { UInt32(bitPattern: _mm256_movemask_epi8(v)) }

    @inline(__always)
    static func equal(_ v: __m256i, _ byte: UInt8) -> __m256i {
      _mm256_cmpeq_epi8(v, _mm256_set1_epi8(CChar(bitPattern: byte)))
    }

    /// The bytes that are not plain: as signed bytes, the control bytes and those not ASCII are
    /// exactly those below 0x20; and the backslashes.
    @inline(__always)
    static func notPlain(_ v: __m256i) -> __m256i {
      _mm256_or_si256(_mm256_cmpgt_epi8(_mm256_set1_epi8(0x20), v), equal(v, 0x5C))
    }

    @inline(__always)
    static func block(_ p: UnsafePointer<UInt8>) -> (quotes: UInt64, notPlain: UInt64) {
      let a = load32(p)
      let b = load32(p + 32)
      return (
        UInt64(bits(equal(a, 0x22))) | UInt64(bits(equal(b, 0x22))) &<< 32,
        UInt64(bits(notPlain(a))) | UInt64(bits(notPlain(b))) &<< 32
      )
    }

    // 16 bytes: the baseline's steps, compiled here with VEX encodings.

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
    static func stringStops32(_ p: UnsafePointer<UInt8>) -> UInt32 {
      let v = load32(p)
      return bits(_mm256_or_si256(notPlain(v), equal(v, 0x22)))
    }

    @inline(__always)
    static func quoteOrBackslash32(_ p: UnsafePointer<UInt8>) -> UInt32 {
      let v = load32(p)
      return bits(_mm256_or_si256(equal(v, 0x22), equal(v, 0x5C)))
    }

    @inline(__always)
    static func nonASCII32(_ p: UnsafePointer<UInt8>) -> UInt32 { bits(load32(p)) }
  }

  /// The AVX2 kernel: `ScanKernel` instantiated with the AVX2 classifier, compiled for AVX2. Call
  /// it only where the processor has AVX2 (`VectorScan` does the choosing); each entry point is
  /// one call per line or string, never per block.
  public enum AVX2Kernel {
    /// The classification of the 64 bytes at `p` (for the property tests).
    public static func block(_ p: UnsafePointer<UInt8>) -> (quotes: UInt64, notPlain: UInt64) {
      AVX2Classifier.block(p)
    }

    /// `ScanKernel.blocks`.
    public static func blocks(
      _ base: UnsafePointer<UInt8>, _ count: Int, quotes: UnsafeMutablePointer<UInt64>
    )
      -> Bool
    {
      ScanKernel<AVX2Classifier>.blocks(base, count, quotes: quotes)
    }

    /// `ScanKernel.plainRun`.
    public static func plainRun(
      _ base: UnsafePointer<UInt8>, _ count: Int, quotes: UnsafeMutablePointer<UInt64>
    ) -> Int { ScanKernel<AVX2Classifier>.plainRun(base, count, quotes: quotes) }

    /// `ScanKernel.isPlain`.
    public static func isPlain(_ base: UnsafePointer<UInt8>, _ count: Int) -> Bool {
      ScanKernel<AVX2Classifier>.isPlain(base, count)
    }

    /// `ScanKernel.firstStringStop`.
    public static func firstStringStop(_ base: UnsafePointer<UInt8>, from: Int, end: Int) -> Int {
      ScanKernel<AVX2Classifier>.firstStringStop(base, from: from, end: end)
    }

    /// `ScanKernel.firstQuoteOrBackslash`.
    public static func firstQuoteOrBackslash(_ base: UnsafePointer<UInt8>, from: Int, end: Int) -> Int {
      ScanKernel<AVX2Classifier>.firstQuoteOrBackslash(base, from: from, end: end)
    }

    /// `ScanKernel.firstInvalidUTF8`.
    public static func firstInvalidUTF8(_ base: UnsafePointer<UInt8>, _ count: Int) -> Int? {
      ScanKernel<AVX2Classifier>.firstInvalidUTF8(base, count)
    }
  }
#endif
