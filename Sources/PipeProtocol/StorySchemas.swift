/// The record type of the Writing App sample (`story-io`), which has no domain kit of its own.
public enum StorySchemas {
  /// The `story` record.
  public static let story = RecordSchema(
    type: "story",
    summary: "a Writing App document (a .story file: the story as raw UTF-8 bytes)",
    fields: [
      FieldSpec("title", .nonEmptyString, note: "the file name without .story; a file name, never a path"),
      FieldSpec("path", .string, note: "where it was read (informational: write uses --dir and title)"),
      .optional(
        "text", .string,
        note: "the story, every byte (BOM, CRLF, NUL kept); left out by list and new unless --text"),
      FieldSpec("bytes", .int(0...Int.max), note: "the file's size in bytes, as read"),
      FieldSpec("words", .int(0...Int.max), note: "runs of non-space characters holding a letter or digit"),
      FieldSpec("lines", .int(0...Int.max), note: "line feeds, plus one for an unterminated last line"),
      .optional(
        "sha256", .string,
        note: "SHA-256 of the file as read (64 hex digits); write replaces a file only if it still matches"),
      .optional("modified", .dateTime, note: "when the file last changed (list only)"),
    ],
    writers: ["story-io"])

  /// The story schemas by type.
  public static let catalog = SchemaCatalog([story])
}
