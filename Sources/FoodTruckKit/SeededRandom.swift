import Glibc

/// The sample's `SeededRandomGenerator`: the POSIX `drand48` sequence seeded as `srand48(seed)`
/// does, with `next()` returning `UInt64(drand48() * Double(UInt64.max))`.
///
/// Unlike the sample, each generator keeps its own 48-bit state (Glibc's `erand48` on a private
/// state), so two generators never disturb each other and threads may use generators freely. The
/// numbers are the same as `srand48(seed)` followed by `drand48()` calls.
public struct SeededRandom: RandomNumberGenerator, Sendable {
  /// The 48-bit state as three 16-bit words, least significant first (`erand48`'s `xsubi`).
  var state: (UInt16, UInt16, UInt16)

  /// A generator in the state `srand48(seed)` leaves: the low 32 bits of `seed` above `0x330E`.
  public init(seed: Int) {
    let bits = UInt32(truncatingIfNeeded: seed)
    state = (0x330E, UInt16(truncatingIfNeeded: bits), UInt16(truncatingIfNeeded: bits >> 16))
  }

  /// The next `drand48` value, in `0..<1`.
  public mutating func nextUnit() -> Double {
    withUnsafeMutableBytes(of: &state) { raw in
      erand48(raw.baseAddress!.assumingMemoryBound(to: UInt16.self))
    }
  }

  /// The next value as the sample computes it. `Double(UInt64.max)` rounds to 2^64, so this is the
  /// new 48-bit state shifted left by 16 bits (the low 16 bits are always zero).
  public mutating func next() -> UInt64 {
    UInt64(nextUnit() * Double(UInt64.max))
  }
}
