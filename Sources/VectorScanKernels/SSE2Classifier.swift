#if arch(x86_64)
  import _Builtin_intrinsics.intel

  /// The classifier on the x86-64 baseline's instructions (SSE2): `pcmpeqb`, `pcmpgtb` and
  /// `pmovmskb` through the intrinsics. Every x86-64 processor has them, so this module (built for
  /// the baseline) is the SSE2 kernel module, and its 16-byte steps are inlined into their callers.
  public enum SSE2Classifier: ByteClassifier {
    /// The 16 bytes at `p` (any alignment).
    @inlinable @inline(__always)
    static func load(_ p: UnsafePointer<UInt8>) -> __m128i {
      _mm_loadu_si128(UnsafeRawPointer(p).assumingMemoryBound(to: __m128i.self))
    }

    /// A bit per byte of `v` whose high bit is set.
    @inlinable @inline(__always)
    static func bits(_ v: __m128i) -> UInt32 { UInt32(bitPattern: _mm_movemask_epi8(v)) }

    /// 0xFF in the bytes equal to `byte`.
    @inlinable @inline(__always)
    static func equal(_ v: __m128i, _ byte: UInt8) -> __m128i {
      _mm_cmpeq_epi8(v, _mm_set1_epi8(CChar(bitPattern: byte)))
    }

    /// 0xFF in the bytes that are not plain: as signed bytes, the control bytes and the bytes that
    /// are not ASCII are exactly those below 0x20; and the backslashes.
    @inlinable @inline(__always)
    static func notPlain(_ v: __m128i) -> __m128i {
      _mm_or_si128(_mm_cmplt_epi8(v, _mm_set1_epi8(0x20)), equal(v, 0x5C))
    }

    /// See `ByteClassifier.lanes`.
    @inlinable @inline(__always)
    public static func lanes(_ p: UnsafePointer<UInt8>) -> (quotes: UInt32, notPlain: UInt32) {
      let v = load(p)
      return (bits(equal(v, 0x22)), bits(notPlain(v)))
    }

    /// See `ByteClassifier.stringStops16`.
    @inlinable @inline(__always)
    public static func stringStops16(_ p: UnsafePointer<UInt8>) -> UInt32 {
      let v = load(p)
      return bits(_mm_or_si128(notPlain(v), equal(v, 0x22)))
    }

    /// See `ByteClassifier.quoteOrBackslash16`.
    @inlinable @inline(__always)
    public static func quoteOrBackslash16(_ p: UnsafePointer<UInt8>) -> UInt32 {
      let v = load(p)
      return bits(_mm_or_si128(equal(v, 0x22), equal(v, 0x5C)))
    }

    /// See `ByteClassifier.nonASCII32`.
    @inlinable @inline(__always)
    public static func nonASCII32(_ p: UnsafePointer<UInt8>) -> UInt32 {
      bits(load(p)) | bits(load(p + 16)) &<< 16
    }
  }
#endif
