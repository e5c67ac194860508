import WishlistKit

/// Where new ids come from: the system's random source, or a generator seeded by `--seed`.
struct IDSource: RandomNumberGenerator {
  var seeded: SeededGenerator?
  var system = SystemRandomNumberGenerator()

  /// Ids from a generator seeded with `seed`, or random ones when it is nil.
  init(seed: UInt64?) {
    seeded = seed.map { SeededGenerator(seed: $0) }
  }

  mutating func next() -> UInt64 { seeded != nil ? seeded!.next() : system.next() }

  /// A random version-4 UUID not in `used` (lower-cased ids).
  mutating func fresh(avoiding used: Set<String>) -> String {
    while true {
      let id = Identifiers.random(using: &self)
      if !used.contains(id) { return id }
    }
  }
}
