extension ProtocolSchemas {
  /// The record types written by `orders`.
  public static let foodTruck: [RecordSchema] = []
}
