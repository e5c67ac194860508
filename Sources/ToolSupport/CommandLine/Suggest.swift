/// Did-you-mean suggestions by edit distance.
public enum Suggest {
  /// `["did you mean 'week'?"]` when `word` is a likely typo of one of `candidates`, else none:
  /// the note every closed set of values (formats, timeframes, cities, donut names) adds to its
  /// error.
  /// Case is ignored in the comparison (`londn` suggests `London`), and the candidate is named as
  /// it is written.
  public static func notes(for word: String, in candidates: [String]) -> [String] {
    let folded = candidates.map { $0.lowercased() }
    guard let close = closest(to: word.lowercased(), in: folded), let index = folded.firstIndex(of: close),
      candidates[index] != word
    else { return [] }
    return ["did you mean '\(candidates[index])'?"]
  }

  /// The usage error (64) for a value outside a closed set: `unknown city 'Londn'`, with
  /// did-you-mean and, when the set is small, the whole set.
  public static func unknown(
    _ what: String, _ word: String, in candidates: [String], plural: String? = nil, listing: Int = 12
  ) -> ToolError {
    var notes = notes(for: word, in: candidates)
    if candidates.count <= listing {
      notes.append("\(plural ?? what + "s"): \(candidates.joined(separator: ", "))")
    }
    return .usage("unknown \(what) '\(word)'", notes: notes)
  }

  /// The one candidate that `word` begins, or else the candidate closest to `word` when it is close
  /// enough to be a likely typo.
  public static func closest(to word: String, in candidates: [String]) -> String? {
    let extended = candidates.filter { !word.isEmpty && $0.hasPrefix(word) }
    if extended.count == 1 { return extended[0] }
    var best: (String, Int)?
    for candidate in candidates {
      let d = distance(word, candidate)
      if best == nil || d < best!.1 { best = (candidate, d) }
    }
    guard let (candidate, d) = best else { return nil }
    let limit = max(2, word.count / 3)
    return d <= limit ? candidate : nil
  }

  /// Edit distance counting a swap of two neighbouring characters as one edit, as a typist makes
  /// it (`histroy` is one edit from `history`): the optimal string alignment distance.
  public static func distance(_ a: String, _ b: String) -> Int {
    let a = Array(a)
    let b = Array(b)
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var twoBack = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        var d = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { d = min(d, twoBack[j - 2] + 1) }
        current[j] = d
      }
      (twoBack, previous, current) = (previous, current, twoBack)
    }
    return previous[b.count]
  }
}
