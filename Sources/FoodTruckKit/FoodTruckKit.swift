import PipeProtocol

/// The Food Truck domain model shared by `orders`, `sales-chart` and `weather`: the menu, its
/// ingredients and flavours, and the cities with their parking spots. The data lives in
/// `Data/*.jsonl` and is compiled in by the EmbedData plugin.
public enum FoodTruckKit {
  /// Parses one embedded data file into its records' objects.
  static func records(_ text: String) -> [JSONObject] {
    text.split(separator: "\n").map { line in
      // The build validated every line, so parsing cannot fail here.
      (try? JSONParser.parse(String(line)))?.objectValue ?? JSONObject()
    }
  }
}
