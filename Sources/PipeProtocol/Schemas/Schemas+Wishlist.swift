extension ProtocolSchemas {
  /// The record types written by `trips`.
  public static let wishlist: [RecordSchema] = []
}
