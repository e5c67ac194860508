extension ProtocolSchemas {
  /// The record types written by `achievements`.
  public static let achievements: [RecordSchema] = []
}
