/// An independent model of the sample's random draws, written from the domain facts (3.1): the
/// drand48 recurrence, and the standard library's bounded-integer (Lemire), floating-point and
/// Fisher–Yates algorithms, spelled out draw by draw. Tests compare FoodTruckKit (which calls the
/// standard library) with it, so a draw made in the wrong order or with the wrong call shows.
struct Reference {
  /// The 48-bit drand48 state.
  var x: UInt64

  /// `srand48(seed)`: the low 32 bits of the seed above 0x330E.
  init(seed: Int) {
    x = (UInt64(UInt32(truncatingIfNeeded: seed)) << 16) | 0x330E
  }

  /// One step of X' = (0x5DEECE66D · X + 0xB) mod 2^48, returned as the sample's `next()`:
  /// drand48 × 2^64, i.e. the state shifted left 16 bits.
  mutating func next() -> UInt64 {
    x = (0x5_DEEC_E66D &* x &+ 0xB) & 0xFFFF_FFFF_FFFF
    return x << 16
  }

  /// A uniform value below `bound` (Lemire's multiply-high with rejection).
  mutating func below(_ bound: UInt64) -> UInt64 {
    var m = next().multipliedFullWidth(by: bound)
    if m.low < bound {
      let t = (0 &- bound) % bound
      while m.low < t { m = next().multipliedFullWidth(by: bound) }
    }
    return m.high
  }

  /// `Int.random(in: lower...upper)`.
  mutating func int(_ lower: Int, through upper: Int) -> Int {
    lower + Int(below(UInt64(upper - lower + 1)))
  }

  /// `Double.random(in: lower..<upper)`: the low 53 bits of one draw as a fraction; redrawn when
  /// the result rounds to `upper`.
  mutating func double(_ lower: Double, below upper: Double) -> Double {
    while true {
      let bits = next() & ((1 << 53) - 1)
      let value = (upper - lower) * (Double(bits) * (Double.ulpOfOne / 2)) + lower
      if value != upper { return value }
    }
  }

  /// `Double.random(in: lower...upper)`: a value below 2^53 + 1, where 2^53 means `upper`.
  mutating func double(_ lower: Double, through upper: Double) -> Double {
    let bits = below((1 << 53) + 1)
    if bits == 1 << 53 { return upper }
    return (upper - lower) * (Double(bits) * (Double.ulpOfOne / 2)) + lower
  }

  /// `Array.shuffled`: for amount = n down to 2, swap the current element with one of the
  /// `amount` remaining.
  mutating func shuffled<T>(_ array: [T]) -> [T] {
    var a = array
    var amount = a.count
    var current = 0
    while amount > 1 {
      let r = int(0, through: amount - 1)
      amount -= 1
      a.swapAt(current, current + r)
      current += 1
    }
    return a
  }

  /// One generated order's donut ids and quantities: shuffle of ids 0...16, a count 1...5, then a
  /// quantity 1...5 per donut.
  mutating func order() -> [(donut: Int, quantity: Int)] {
    let ids = shuffled(Array(0...16))
    let count = int(1, through: 5)
    var items: [(donut: Int, quantity: Int)] = []
    for id in ids.prefix(count) { items.append((id, int(1, through: 5))) }
    return items
  }
}
