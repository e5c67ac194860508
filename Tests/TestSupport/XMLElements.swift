import Foundation
import FoundationXML

/// The elements of an XML document (SVG, HTML written as XML) as Foundation's parser reads them,
/// each with its attributes and its text; the parser fails on XML that is not well-formed.
public final class XMLElements: NSObject, XMLParserDelegate {
  /// One element: its name, attributes and all the text inside it.
  public struct Element: Sendable {
    /// The element's name (`g`, `text`).
    public var name: String
    /// Its attributes by name.
    public var attributes: [String: String]
    /// All the text inside it, its children's included.
    public var text = ""
  }
  /// The elements in document order.
  public var elements: [Element] = []
  private var open: [Int] = []

  /// Parses `text`; throws when it is not well-formed XML.
  public init(_ text: String) throws {
    super.init()
    let parser = XMLParser(data: Data(text.utf8))
    parser.delegate = self
    guard parser.parse() else {
      throw parser.parserError ?? CocoaError(.propertyListReadCorrupt)
    }
  }

  /// An element opens.
  public func parser(
    _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
    attributes: [String: String] = [:]
  ) {
    open.append(elements.count)
    elements.append(Element(name: name, attributes: attributes))
  }

  /// An element closes: its text goes into its parent's too.
  public func parser(
    _ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?
  ) {
    let index = open.removeLast()
    if let parent = open.last { elements[parent].text += elements[index].text }
  }

  /// Text inside the element open now.
  public func parser(_ parser: XMLParser, foundCharacters string: String) {
    if let index = open.last { elements[index].text += string }
  }
}
