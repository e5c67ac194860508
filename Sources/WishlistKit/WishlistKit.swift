import PipeProtocol

/// The Wishlist domain model shared by `trips`, `trips site` and `achievements`: the four seasonal
/// collections, trips and their activities, the sample data (`Data/*.jsonl`, compiled in by the
/// EmbedData plugin), search, activity sorting, and the 18 goals.
public enum WishlistKit {
  /// The store file's name under `$XDG_DATA_HOME/samplepipes/`.
  public static let storeFile = "wishlist.jsonl"
  /// The environment variable that names the store file, overriding the default location.
  public static let storeEnvironmentVariable = "SAMPLEPIPES_TRIPS"

  /// Parses one embedded data file into its records' objects.
  static func records(_ text: String) -> [JSONObject] {
    text.split(separator: "\n").map { line in
      // The build validated every line, so parsing cannot fail here.
      (try? JSONParser.parse(String(line)))?.objectValue ?? JSONObject()
    }
  }
}
