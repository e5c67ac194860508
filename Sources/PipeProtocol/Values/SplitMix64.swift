/// The one seeded generator of the toolkit (SplitMix64): `--seed` draws with it (trip and
/// activity ids, PROTOCOL.md "Ids drawn by `--seed`"), the offline weather model mixes with it, the
/// site's pictures and the tests draw with it. The same seed gives the same numbers everywhere.
public struct SplitMix64: RandomNumberGenerator, Sendable {
  /// The generator's state; the seed to start with.
  public var state: UInt64

  /// A generator whose sequence is fixed by `seed`.
  public init(seed: UInt64) { state = seed }

  /// The next 64 random bits.
  public mutating func next() -> UInt64 {
    let value = Self.mix(state)
    state &+= 0x9E37_79B9_7F4A_7C15
    return value
  }

  /// SplitMix64's step on its own: the golden-ratio increment of `value`, then its mixing.
  @inlinable
  public static func mix(_ value: UInt64) -> UInt64 {
    var z = value &+ 0x9E37_79B9_7F4A_7C15
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
