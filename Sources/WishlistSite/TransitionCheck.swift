import PipeProtocol

/// One start or end tag found in an HTML page.
struct HTMLTag: Sendable, Equatable {
  var name: String
  var isEnd: Bool
  var attributes: [(String, String)]

  static func == (a: HTMLTag, b: HTMLTag) -> Bool {
    a.name == b.name && a.isEnd == b.isEnd && a.attributes.map(\.0) == b.attributes.map(\.0)
      && a.attributes.map(\.1) == b.attributes.map(\.1)
  }

  func attribute(_ name: String) -> String? { attributes.first { $0.0 == name }?.1 }
}

/// A small HTML tag scanner: enough to read back the pages `trips site` writes (tags, attributes,
/// character references in attribute values; comments, doctype and script/style bodies skipped).
enum HTMLScanner {
  /// What a page holds: its tags in order, the text of its `<style>` elements, and each
  /// `<script>` element's start tag with its text.
  struct Scan {
    var tags: [HTMLTag] = []
    var styles: [String] = []
    var scripts: [(tag: HTMLTag, text: String)] = []
  }

  /// Scans a page.
  static func scan(_ html: String) -> Scan { scan(bytes: Array(html.utf8)) }

  /// Scans a page's UTF-8 bytes.
  static func scan(bytes b: [UInt8]) -> Scan {
    var result = Scan()
    var i = 0
    func isSpace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0C || c == 0x0D }
    func lower(_ c: UInt8) -> UInt8 { c >= 65 && c <= 90 ? c + 32 : c }
    func starts(_ text: String, at index: Int) -> Bool {
      let t = Array(text.utf8)
      guard index + t.count <= b.count else { return false }
      for k in 0..<t.count where lower(b[index + k]) != t[k] { return false }
      return true
    }
    func find(_ text: String, from index: Int) -> Int {
      let t = Array(text.utf8)
      guard let first = t.first else { return index }
      var k = index
      while k + t.count <= b.count {
        if lower(b[k]) == first {
          var matched = true
          for n in 1..<t.count where lower(b[k + n]) != t[n] {
            matched = false
            break
          }
          if matched { return k }
        }
        k += 1
      }
      return b.count
    }
    while i < b.count {
      guard b[i] == UInt8(ascii: "<") else {
        i += 1
        continue
      }
      if starts("<!--", at: i) {
        i = min(b.count, find("-->", from: i + 4) + 3)
        continue
      }
      if i + 1 < b.count, b[i + 1] == UInt8(ascii: "!") || b[i + 1] == UInt8(ascii: "?") {
        i = min(b.count, find(">", from: i) + 1)
        continue
      }
      var j = i + 1
      let isEnd = j < b.count && b[j] == UInt8(ascii: "/")
      if isEnd { j += 1 }
      let nameStart = j
      while j < b.count, !isSpace(b[j]), b[j] != UInt8(ascii: ">"), b[j] != UInt8(ascii: "/") { j += 1 }
      guard j > nameStart, (b[nameStart] | 0x20) >= 0x61, (b[nameStart] | 0x20) <= 0x7A else {
        i += 1
        continue
      }
      let name = String(decoding: b[nameStart..<j].map(lower), as: UTF8.self)
      var attributes: [(String, String)] = []
      while j < b.count, b[j] != UInt8(ascii: ">") {
        if isSpace(b[j]) || b[j] == UInt8(ascii: "/") {
          j += 1
          continue
        }
        let keyStart = j
        while j < b.count, !isSpace(b[j]), b[j] != UInt8(ascii: "="), b[j] != UInt8(ascii: ">"),
          b[j] != UInt8(ascii: "/")
        {
          j += 1
        }
        let key = String(decoding: b[keyStart..<j].map(lower), as: UTF8.self)
        while j < b.count, isSpace(b[j]) { j += 1 }
        var value = ""
        if j < b.count, b[j] == UInt8(ascii: "=") {
          j += 1
          while j < b.count, isSpace(b[j]) { j += 1 }
          if j < b.count, b[j] == UInt8(ascii: "\"") || b[j] == UInt8(ascii: "'") {
            let quote = b[j]
            let start = j + 1
            j = start
            while j < b.count, b[j] != quote { j += 1 }
            value = decodeReferences(String(decoding: b[start..<min(j, b.count)], as: UTF8.self))
            j += 1
          } else {
            let start = j
            while j < b.count, !isSpace(b[j]), b[j] != UInt8(ascii: ">") { j += 1 }
            value = decodeReferences(String(decoding: b[start..<j], as: UTF8.self))
          }
        }
        if key.isEmpty {
          j += 1
        } else {
          attributes.append((key, value))
        }
      }
      let tag = HTMLTag(name: name, isEnd: isEnd, attributes: attributes)
      result.tags.append(tag)
      i = min(b.count, j + 1)
      if !isEnd, name == "script" || name == "style" {
        let close = find("</\(name)", from: i)
        let text = String(decoding: b[i..<close], as: UTF8.self)
        if name == "style" { result.styles.append(text) } else { result.scripts.append((tag, text)) }
        i = close
      }
    }
    return result
  }

  /// Decodes `&amp;`, `&lt;`, `&gt;`, `&quot;`, `&apos;` and numeric character references.
  static func decodeReferences(_ text: String) -> String {
    guard text.contains("&") else { return text }
    var out = ""
    var rest = Substring(text)
    while let amp = rest.firstIndex(of: "&") {
      out += rest[..<amp]
      let after = rest[rest.index(after: amp)...]
      if let semi = after.prefix(12).firstIndex(of: ";") {
        let entity = after[..<semi]
        var scalar: Unicode.Scalar?
        switch entity {
        case "amp": scalar = "&"
        case "lt": scalar = "<"
        case "gt": scalar = ">"
        case "quot": scalar = "\""
        case "apos": scalar = "'"
        default:
          if entity.hasPrefix("#x") || entity.hasPrefix("#X") {
            scalar = UInt32(entity.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init)
          } else if entity.hasPrefix("#") {
            scalar = UInt32(entity.dropFirst()).flatMap(Unicode.Scalar.init)
          }
        }
        if let scalar {
          out.unicodeScalars.append(scalar)
          rest = after[after.index(after: semi)...]
          continue
        }
      }
      out += "&"
      rest = after
    }
    return out + rest
  }
}

/// The check that makes a mismatched zoom an error. Three pages have cards that zoom into other
/// pages: index.html (a trip card's picture into the trip page's hero), search.html (each result,
/// made from the entries of its search data, the same way) and goals.html (a badge into the goal's
/// page). Every view-transition name on such a card pairs with exactly one name on the page the
/// card links to, and every name on another page pairs with the cards that link to it.
public enum TransitionCheck {
  /// The home page, whose cards zoom into the trip pages.
  public static let home = "index.html"
  /// The goals page, whose badges zoom into the goals' pages.
  public static let goals = "goals.html"
  /// The search page, whose results (from its data) zoom into the trip pages.
  public static let search = "search.html"
  /// The pages with cards, each required.
  public static let sources = [home, search, goals]

  /// A name found on a page.
  struct Use: Sendable, Equatable {
    enum Kind: Sendable, Equatable {
      /// In a `style` attribute.
      case fixed
      /// A `data-vt` name that the page's script moves onto a clicked card.
      case moved
      /// An entry of the search page's data, which the page's script gives a result card.
      case data
      /// A `data-vt` name on an element presented in the same page (a sheet), which the page's
      /// script gives it when the link that opens it (`data-sheet`: its id) gives its name up.
      case presented
    }

    var name: String
    /// The `href` of the link around it (for an entry, its page; for a presented element, its
    /// id), if any.
    var link: String?
    var kind: Kind = .fixed
    /// The id of the element the link around it presents in the page (`data-sheet`), if any.
    var opens: String? = nil
  }

  /// One pair found: a name, the page with the card and the page the card zooms into (for a sheet
  /// presented in the same page, that page and the sheet's id: `index.html#new-trip-sheet`).
  public struct Pair: Sendable, Equatable {
    /// The view-transition name.
    public var name: String
    /// The page with the card.
    public var source: String
    /// The page that shares the name with the card.
    public var page: String
  }

  /// The outcome: pairs found and problems (each naming names and pages).
  public struct Report: Sendable, Equatable {
    /// The names that pair up.
    public var pairs: [Pair] = []
    /// What does not pair up, one line each.
    public var problems: [String] = []
    /// How many pages were checked.
    public var pages = 0
  }

  /// The `view-transition-name` a `style` attribute sets (nil when absent or `none`). Every
  /// declaration is read, since CSS applies the last one (an `!important` one beats later ones
  /// that are not); one with no value is ignored, as CSS ignores it.
  static func transitionName(inStyle style: String) -> String? {
    var found: (value: String, important: Bool)?
    for declaration in style.split(separator: ";") {
      let parts = declaration.split(separator: ":", maxSplits: 1)
      guard parts.count == 2,
        parts[0].trimmingSpaces.lowercased() == "view-transition-name"
      else { continue }
      var value = parts[1].trimmingSpaces
      var important = false
      if let bang = value.firstIndex(of: "!") {
        important = value[value.index(after: bang)...].trimmingSpaces.lowercased() == "important"
        value = value[..<bang].trimmingSpaces
      }
      guard !value.isEmpty, important || found?.important != true else { continue }
      found = (value, important)
    }
    guard let value = found?.value, value.lowercased() != "none" else { return nil }
    return value
  }

  /// Whether style sheet text declares `view-transition-name: ...` (comments aside).
  static func declaresName(_ css: String) -> Bool {
    var rest = Substring(css)
    while let start = rest.firstRange(of: "/*") {
      let after = rest[start.upperBound...]
      if uncommented(rest[..<start.lowerBound]) { return true }
      guard let end = after.firstRange(of: "*/") else { return false }
      rest = after[end.upperBound...]
    }
    return uncommented(rest)
  }

  static func uncommented(_ text: Substring) -> Bool {
    var rest = text
    while let found = rest.firstRange(of: "view-transition-name") {
      rest = rest[found.upperBound...]
      if rest.drop(while: { $0 == " " || $0 == "\t" || $0 == "\n" }).first == ":" { return true }
    }
    return false
  }

  /// The names used on a page, in order, the links it has, its style elements' text and its
  /// scripts.
  static func uses(in html: [UInt8]) -> (
    uses: [Use], links: [String], styles: [String], scripts: [(tag: HTMLTag, text: String)]
  ) {
    let scan = HTMLScanner.scan(bytes: html)
    var result: [Use] = []
    var links: [String] = []
    var openLink: String?
    var openSheet: String?
    for tag in scan.tags {
      if tag.name == "a" {
        if tag.isEnd {
          openLink = nil
          openSheet = nil
        } else {
          openLink = tag.attribute("href")
          openSheet = tag.attribute("data-sheet")
          if let moved = tag.attribute("data-vt") {
            result.append(Use(name: moved, link: openLink, kind: .moved))
          }
        }
      } else if !tag.isEnd, let presented = tag.attribute("data-vt") {
        result.append(Use(name: presented, link: tag.attribute("id"), kind: .presented))
      }
      guard !tag.isEnd else { continue }
      for key in ["href", "src"] { if let target = tag.attribute(key) { links.append(target) } }
      if let style = tag.attribute("style"), let name = transitionName(inStyle: style) {
        result.append(Use(name: name, link: openLink, opens: openSheet))
      }
    }
    return (result, links, scan.styles, scan.scripts)
  }

  /// The entries of the search page's data (`[name, page, transitionName, picture, count]` per
  /// trip) as uses, and the links they make (pages and pictures); or the problem with the data.
  static func searchEntries(_ scripts: [(tag: HTMLTag, text: String)]) -> (
    uses: [Use], links: [String], problem: String?
  ) {
    let blocks = scripts.filter { $0.tag.attribute("id") == SearchPage.dataID }
    guard blocks.count == 1 else {
      return ([], [], "\(search): has \(blocks.count) search data elements (id \(SearchPage.dataID)), not 1")
    }
    let value: JSONValue
    do {
      value = try JSONParser.parse(blocks[0].text)
    } catch {
      return ([], [], "\(search): the search data is not JSON: \(error.message)")
    }
    func bad(_ what: String) -> ([Use], [String], String?) { ([], [], "\(search): the search data \(what)") }
    guard let object = value.objectValue, let trips = object["trips"]?.arrayValue,
      let activities = object["activities"]?.arrayValue, let recent = object["recent"]?.arrayValue
    else { return bad("is not an object with arrays \"trips\", \"activities\" and \"recent\"") }
    var uses: [Use] = []
    var links: [String] = []
    uses.reserveCapacity(trips.count)
    for (index, entry) in trips.enumerated() {
      guard let fields = entry.arrayValue, fields.count == 5, fields[0].stringValue != nil,
        let page = fields[1].stringValue, let name = fields[2].stringValue,
        let picture = fields[3].stringValue,
        fields[4].intValue != nil
      else {
        return bad("has a trip entry \(index + 1) that is not [name, page, transition name, picture, count]")
      }
      uses.append(Use(name: name, link: page, kind: .data))
      links.append(page)
      links.append(picture)
    }
    for (index, entry) in activities.enumerated() {
      guard let fields = entry.arrayValue, fields.count == 3, fields[0].stringValue != nil,
        let trip = fields[1].intValue, trips.indices.contains(trip), fields[2].boolValue != nil
      else { return bad("has an activity entry \(index + 1) that is not [name, trip index, is complete]") }
    }
    guard recent.allSatisfy({ $0.intValue.map(trips.indices.contains) == true }) else {
      return bad("has a \"recent\" entry that is not a trip index")
    }
    return (uses, links, nil)
  }

  /// The site file a relative link points to (query and fragment dropped), or nil for an external,
  /// absolute or same-page link.
  static func localTarget(_ link: String) -> String? {
    if link.isEmpty || link.hasPrefix("#") || link.hasPrefix("/") || link.contains(":") { return nil }
    var path = Substring(link)
    if let cut = path.firstIndex(where: { $0 == "#" || $0 == "?" }) { path = path[..<cut] }
    if path.hasPrefix("./") { path = path.dropFirst(2) }
    return String(path)
  }

  /// Checks a site given as its files' paths and texts (HTML and CSS files are read, others only
  /// need to exist).
  public static func check(_ files: [(path: String, text: String?)]) -> Report {
    check(files.map(\.path)) { files[$0].text.map { Array($0.utf8) } }
  }

  /// Checks a site's files before they are written (their bytes are read in place, not copied).
  public static func check(_ files: [SiteFile]) -> Report {
    check(files.map(\.path)) { files[$0].isText ? files[$0].bytes : nil }
  }

  /// Checks a site given as its files' paths and a way to get the bytes of the file at an index
  /// (nil for a file that only needs to exist).
  static func check(_ filePaths: [String], content: (Int) -> [UInt8]?) -> Report {
    var report = Report()
    let paths = Set(filePaths)
    var pages: [String: [Use]] = [:]
    for (index, path) in filePaths.enumerated() {
      guard let bytes = content(index) else { continue }
      let file = (path: path, bytes: bytes)
      if file.path.hasSuffix(".css") {
        if declaresName(String(decoding: bytes, as: UTF8.self)) {
          report.problems.append(
            "\(file.path): sets view-transition-name in a style sheet, where this check cannot pair it; "
              + "set names in style attributes")
        }
        continue
      }
      guard file.path.hasSuffix(".html") else { continue }
      report.pages += 1
      var (uses, links, styles, scripts) = uses(in: file.bytes)
      if file.path == search {
        let entries = searchEntries(scripts)
        if let problem = entries.problem { report.problems.append(problem) }
        uses += entries.uses
        links += entries.links
      }
      pages[file.path] = uses
      if styles.contains(where: declaresName) {
        report.problems.append(
          "\(file.path): sets view-transition-name in a <style> element, where this check cannot pair it")
      }
      var missing: [String] = []
      var seen: Set<String> = []
      for link in links {
        if let target = localTarget(link), !paths.contains(target), seen.insert(target).inserted {
          missing.append(target)
        }
      }
      for target in missing {
        report.problems.append("\(file.path): links to '\(target)', which is not in the site")
      }
      var counts: [String: Int] = [:]
      for use in uses where use.kind == .fixed { counts[use.name, default: 0] += 1 }
      for (name, count) in counts.sorted(by: { $0.key < $1.key }) where count > 1 {
        report.problems.append("\(file.path): '\(name)' is used \(count) times on one page")
      }
    }
    for source in sources where pages[source] == nil { report.problems.append("\(source) is missing") }

    // The fixed names of each page; each source's cards (fixed and data names) by the page they
    // link to, and by name.
    var fixed: [String: [String]] = [:]
    var pagesWithName: [String: [String]] = [:]
    for (page, uses) in pages {
      let names = uses.filter { $0.kind == .fixed }.map(\.name)
      fixed[page] = names
      if !sources.contains(page) { for name in Set(names) { pagesWithName[name, default: []].append(page) } }
    }
    var incoming: [String: [(source: String, name: String)]] = [:]
    var cardsNamed: [String: [(source: String, target: String)]] = [:]
    for source in sources {
      for use in pages[source] ?? [] where use.kind != .moved && use.kind != .presented {
        guard let link = use.link, let target = localTarget(link) else {
          report.problems.append("\(source): '\(use.name)' is not on a card that links to a page")
          continue
        }
        incoming[target, default: []].append((source, use.name))
        cardsNamed[use.name, default: []].append((source, target))
        guard paths.contains(target) else { continue }  // reported as a missing link target
        guard let there = fixed[target] else {
          report.problems.append("\(source): '\(use.name)' is on a card for \(target), which is not a page")
          continue
        }
        if there.contains(use.name) {
          report.pairs.append(Pair(name: use.name, source: source, page: target))
        } else {
          let elsewhere = (pagesWithName[use.name] ?? []).filter { $0 != target }.sorted()
          let has =
            there.isEmpty ? "it has none" : "it has " + there.map { "'\($0)'" }.joined(separator: ", ")
          report.problems.append(
            "\(source): '\(use.name)' on the card for \(target) has no partner there (\(has)"
              + (elsewhere.isEmpty ? ")" : "; the name is on \(elsewhere.joined(separator: ", ")))"))
        }
      }
    }
    // A sheet presented in a page pairs with the name on the link that opens it, in that page.
    for (page, uses) in pages.sorted(by: { $0.key < $1.key }) {
      let openers = uses.filter { $0.kind == .fixed && $0.opens != nil }
      let sheets = uses.filter { $0.kind == .presented }
      for sheet in sheets {
        guard let id = sheet.link, !id.isEmpty else {
          report.problems.append("\(page): '\(sheet.name)' is on a presented element without an id")
          continue
        }
        let opening = openers.filter { $0.opens == id }
        if opening.isEmpty {
          report.problems.append("\(page): '\(sheet.name)' is on #\(id), which no link opens (data-sheet)")
        }
        for opener in opening {
          if opener.name == sheet.name {
            report.pairs.append(Pair(name: sheet.name, source: page, page: "\(page)#\(id)"))
          } else {
            report.problems.append(
              "\(page): '\(opener.name)' on the link that opens #\(id) has no partner there (it has '\(sheet.name)')"
            )
          }
        }
      }
      for opener in openers where !sheets.contains(where: { $0.link == opener.opens }) {
        report.problems.append(
          "\(page): '\(opener.name)' is on a link that opens #\(opener.opens ?? ""), which is not a presented element there"
        )
      }
    }
    for (page, uses) in pages.sorted(by: { $0.key < $1.key }) {
      let cards = uses.filter { $0.kind == .fixed }
      for use in uses where use.kind == .moved {
        guard cards.contains(where: { $0.name == use.name && $0.link == use.link }) else {
          report.problems.append(
            "\(page): the card for \(use.link ?? "no page") moves '\(use.name)', which no card for that page has"
          )
          continue
        }
      }
    }
    for page in pages.keys.sorted() where !sources.contains(page) {
      let linking = incoming[page] ?? []
      var linkers: [String] = []
      for source in sources where linking.contains(where: { $0.source == source }) { linkers.append(source) }
      for name in fixed[page] ?? [] {
        let named = cardsNamed[name] ?? []
        if linkers.isEmpty {
          if let other = named.first {
            report.problems.append(
              "\(page): '\(name)' is on \(other.source) on the card for \(other.target), not for this page")
          } else {
            report.problems.append("\(page): '\(name)' has no partner: no card links to this page")
          }
          continue
        }
        for source in linkers where !linking.contains(where: { $0.source == source && $0.name == name }) {
          let targets = named.filter { $0.source == source }.map(\.target)
          report.problems.append(
            targets.isEmpty
              ? "\(page): '\(name)' has no partner on \(source)"
              : "\(page): '\(name)' is on \(source) on the card for \(targets.joined(separator: ", ")), "
                + "not for this page")
        }
      }
    }
    report.pairs.sort { ($0.name, $0.source, $0.page) < ($1.name, $1.source, $1.page) }
    return report
  }
}

extension Substring {
  fileprivate var trimmingSpaces: String {
    String(self).trimmingSpaces
  }
}

extension String {
  fileprivate var trimmingSpaces: String {
    let spaces: Set<Character> = [" ", "\t", "\n", "\r", "\u{0C}"]
    var s = Substring(self)
    while let first = s.first, spaces.contains(first) { s = s.dropFirst() }
    while let last = s.last, spaces.contains(last) { s = s.dropLast() }
    return String(s)
  }
}
