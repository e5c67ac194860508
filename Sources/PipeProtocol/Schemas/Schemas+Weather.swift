extension ProtocolSchemas {
  /// The record types written by `weather`.
  public static let weather: [RecordSchema] = []
}
