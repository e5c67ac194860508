/// The six flavours, in the sample's declaration order (which breaks ties in `mostPotent`).
public enum Flavor: String, CaseIterable, Sendable {
  /// Salty.
  case salty
  /// Sweet.
  case sweet
  /// Bitter.
  case bitter
  /// Sour.
  case sour
  /// Savory.
  case savory
  /// Spicy.
  case spicy

  /// The display name: `Salty`.
  public var name: String { rawValue.prefix(1).uppercased() + rawValue.dropFirst() }
}

/// Amounts of each flavour; values may be negative.
public struct FlavorProfile: Equatable, Sendable {
  /// The values in `Flavor.allCases` order.
  public var values: [Int]

  /// A profile from six values in `Flavor.allCases` order (missing ones are 0).
  public init(_ values: [Int] = []) {
    self.values = Array((values + Array(repeating: 0, count: 6)).prefix(6))
  }

  /// The amount of one flavour.
  public subscript(flavor: Flavor) -> Int {
    get { values[Flavor.allCases.firstIndex(of: flavor)!] }
    set { values[Flavor.allCases.firstIndex(of: flavor)!] = newValue }
  }

  /// The element-wise sum.
  public func union(with other: FlavorProfile) -> FlavorProfile {
    FlavorProfile(zip(values, other.values).map { $0 + $1 })
  }

  /// The strongest flavour as the sample computes it: start from (sweet, 0) and replace only on a
  /// strictly greater value, walking flavours in declaration order.
  public var mostPotent: (flavor: Flavor, value: Int) {
    var best: (flavor: Flavor, value: Int) = (.sweet, 0)
    for flavor in Flavor.allCases where self[flavor] > best.value { best = (flavor, self[flavor]) }
    return best
  }
}
