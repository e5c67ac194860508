import PipeProtocol

/// The random edits the property tests make to a good record, so that they read lines near it:
/// one to three bytes replaced, removed or inserted, each drawn from `bytes`.
public enum Mutations {
  /// `base` with `edits` (1 to 3 when nil) random edits.
  public static func mutate(
    _ base: [UInt8], from bytes: [UInt8], edits: ClosedRange<Int> = 1...3, using random: inout SplitMix64
  ) -> [UInt8] {
    var line = base
    for _ in 0..<Int.random(in: edits, using: &random) {
      guard !line.isEmpty else { break }
      let at = Int.random(in: 0..<line.count, using: &random)
      switch Int.random(in: 0..<3, using: &random) {
      case 0: line[at] = bytes.randomElement(using: &random)!
      case 1: line.remove(at: at)
      default: line.insert(bytes.randomElement(using: &random)!, at: at)
      }
    }
    return line
  }
}
