/// The record types of the Writing App sample (`story-io`), which has no domain kit of its own.
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

  /// The `story-version` record: a backup of a document, as `story-io versions` lists it.
  public static let version = RecordSchema(
    type: "story-version",
    summary: "a backup of a Writing App document (FILE~ or FILE.~N~), as story-io versions lists it",
    fields: [
      FieldSpec("document", .nonEmptyString, note: "the document's path, as given"),
      FieldSpec("title", .nonEmptyString, note: "the document's title (its file name without .story)"),
      FieldSpec(
        "path", .nonEmptyString,
        note: "the backup: FILE~ (simple) or FILE.~N~ (numbered), beside the document"),
      FieldSpec("kind", .oneOf(["simple", "numbered"]), note: "FILE~ or FILE.~N~"),
      .optional("number", .int(1...Int.max), note: "N of FILE.~N~ (numbered only); higher is newer"),
      .optional("text", .string, note: "the backup's text, every byte (with --text)"),
      FieldSpec("bytes", .int(0...Int.max), note: "the backup's size in bytes"),
      FieldSpec("words", .int(0...Int.max), note: "as in story"),
      FieldSpec("lines", .int(0...Int.max), note: "as in story"),
      FieldSpec("sha256", .string, note: "SHA-256 of the backup (64 hex digits)"),
      FieldSpec(
        "modified", .dateTime, note: "when the text it holds was saved (the backup keeps that time)"),
      FieldSpec("current", .bool, note: "it holds the document's text now (undo passes it over)"),
      FieldSpec("undo", .bool, note: "the one story-io undo would swap in now (at most one is true)"),
    ],
    writers: ["story-io"])

  /// The story schemas by type.
  public static let catalog = SchemaCatalog([story, version])
}
