/// A value quoted in a message, shortened when it is long: a message is one line a person reads,
/// so a 100 KB id or field is shown by its first characters, never whole.
public enum MessageText {
  /// The longest value shown whole, in characters.
  public static let limit = 40

  /// `text` as it is when it has at most `limit` characters, else its first `limit - 3` and `...`.
  public static func shortened(_ text: some StringProtocol, limit: Int = MessageText.limit) -> String {
    text.count > limit ? String(text.prefix(max(limit - 3, 1))) + "..." : String(text)
  }
}
