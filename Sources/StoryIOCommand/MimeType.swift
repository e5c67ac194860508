/// The `.story` type on a Linux desktop: the shared-mime-info counterpart of the sample's
/// exported type declaration (`com.example.writingAppDocument`, conforming to UTF-8 plain text).
public enum MimeType {
  /// The MIME type name (an unregistered `x-` type, as the UTI is the sample's own).
  public static let name = "text/x-writingapp-story"
  /// The package file's name under `mime/packages`.
  public static let packageFileName = "com.example.writingAppDocument.xml"

  /// The shared-mime-info package XML.
  public static let xml = """
    <?xml version="1.0" encoding="UTF-8"?>
    <!-- The Writing App document type (UTType com.example.writingAppDocument), from story-io. -->
    <mime-info xmlns="http://www.freedesktop.org/standards/shared-mime-info">
      <mime-type type="\(name)">
        <comment>\(StoryDocument.typeDescription)</comment>
        <sub-class-of type="text/plain"/>
        <generic-icon name="text-x-generic"/>
        <glob pattern="*.\(StoryDocument.fileExtension)"/>
      </mime-type>
    </mime-info>

    """
}
