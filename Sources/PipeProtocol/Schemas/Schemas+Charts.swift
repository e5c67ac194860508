extension ProtocolSchemas {
  /// The record types written by `sales-chart`.
  public static let charts: [RecordSchema] = []
}
