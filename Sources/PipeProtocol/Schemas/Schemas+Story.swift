extension ProtocolSchemas {
  /// The record types written by `story-io`.
  public static let story: [RecordSchema] = []
}
