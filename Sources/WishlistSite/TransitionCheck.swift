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
  /// The tags of a page in order, and the text of its `<style>` elements.
  static func scan(_ html: String) -> (tags: [HTMLTag], styles: [String]) {
    let b = Array(html.utf8)
    var tags: [HTMLTag] = []
    var styles: [String] = []
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
      var k = index
      while k < b.count, !starts(text, at: k) { k += 1 }
      return k
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
      tags.append(HTMLTag(name: name, isEnd: isEnd, attributes: attributes))
      i = min(b.count, j + 1)
      if !isEnd, name == "script" || name == "style" {
        let close = find("</\(name)", from: i)
        if name == "style" { styles.append(String(decoding: b[i..<close], as: UTF8.self)) }
        i = close
      }
    }
    return (tags, styles)
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

/// The check that makes a mismatched zoom an error: every view-transition name on the home page
/// pairs with exactly one name on the trip page its card links to, and the other way round.
public enum TransitionCheck {
  /// The home page, whose cards zoom into the trip pages.
  public static let home = "index.html"

  /// A name found on a page.
  struct Use: Sendable, Equatable {
    var name: String
    /// The `href` of the link around it, if any.
    var link: String?
    /// True for a `data-vt` name that the page's script moves onto a clicked card.
    var isMoved: Bool
  }

  /// One pair found: a name, the home page and the trip page.
  public struct Pair: Sendable, Equatable {
    /// The view-transition name.
    public var name: String
    /// The trip page that shares it with the home page.
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

  /// The `view-transition-name` in a `style` attribute (nil when absent or `none`).
  static func transitionName(inStyle style: String) -> String? {
    for declaration in style.split(separator: ";") {
      let parts = declaration.split(separator: ":", maxSplits: 1)
      guard parts.count == 2,
        parts[0].trimmingSpaces.lowercased() == "view-transition-name"
      else { continue }
      let value = parts[1].trimmingSpaces.replacingImportant
      return value.isEmpty || value.lowercased() == "none" ? nil : value
    }
    return nil
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

  /// The names used on a page, in order.
  static func uses(in html: String) -> (uses: [Use], links: [String], styles: [String]) {
    let (tags, styles) = HTMLScanner.scan(html)
    var result: [Use] = []
    var links: [String] = []
    var openLink: String?
    for tag in tags {
      if tag.name == "a" {
        if tag.isEnd {
          openLink = nil
        } else {
          openLink = tag.attribute("href")
          if let moved = tag.attribute("data-vt") {
            result.append(Use(name: moved, link: openLink, isMoved: true))
          }
        }
      }
      guard !tag.isEnd else { continue }
      for key in ["href", "src"] { if let target = tag.attribute(key) { links.append(target) } }
      if let style = tag.attribute("style"), let name = transitionName(inStyle: style) {
        result.append(Use(name: name, link: openLink, isMoved: false))
      }
    }
    return (result, links, styles)
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
    var report = Report()
    let paths = Set(files.map(\.path))
    var pages: [String: [Use]] = [:]
    for file in files {
      guard let text = file.text else { continue }
      if file.path.hasSuffix(".css") {
        if declaresName(text) {
          report.problems.append(
            "\(file.path): sets view-transition-name in a style sheet, where this check cannot pair it; "
              + "set names in style attributes")
        }
        continue
      }
      guard file.path.hasSuffix(".html") else { continue }
      report.pages += 1
      let (uses, links, styles) = uses(in: text)
      pages[file.path] = uses
      if styles.contains(where: declaresName) {
        report.problems.append(
          "\(file.path): sets view-transition-name in a <style> element, where this check cannot pair it")
      }
      var missing: [String] = []
      for link in links {
        if let target = localTarget(link), !paths.contains(target), !missing.contains(target) {
          missing.append(target)
        }
      }
      for target in missing {
        report.problems.append("\(file.path): links to '\(target)', which is not in the site")
      }
      var counts: [String: Int] = [:]
      for use in uses where !use.isMoved { counts[use.name, default: 0] += 1 }
      for (name, count) in counts.sorted(by: { $0.key < $1.key }) where count > 1 {
        report.problems.append("\(file.path): '\(name)' is used \(count) times on one page")
      }
    }
    guard let homeUses = pages[home] else {
      report.problems.append("\(home) is missing")
      return report
    }
    let staticHome = homeUses.filter { !$0.isMoved }
    let homeByName = Dictionary(grouping: staticHome, by: \.name)
    func names(on page: String) -> [String] { (pages[page] ?? []).filter { !$0.isMoved }.map(\.name) }
    func pagesWith(_ name: String) -> [String] {
      pages.keys.filter { $0 != home && names(on: $0).contains(name) }.sorted()
    }
    for use in staticHome {
      guard let link = use.link, let target = localTarget(link) else {
        report.problems.append("\(home): '\(use.name)' is not on a card that links to a trip page")
        continue
      }
      guard pages[target] != nil else { continue }  // reported as a missing link target
      let there = names(on: target)
      if there.contains(use.name) {
        report.pairs.append(Pair(name: use.name, page: target))
      } else {
        let elsewhere = pagesWith(use.name)
        let has = there.isEmpty ? "it has none" : "it has " + there.map { "'\($0)'" }.joined(separator: ", ")
        report.problems.append(
          "\(home): '\(use.name)' on the card for \(target) has no partner there (\(has)"
            + (elsewhere.isEmpty ? ")" : "; the name is on \(elsewhere.joined(separator: ", ")))"))
      }
    }
    for use in homeUses where use.isMoved {
      guard (homeByName[use.name] ?? []).contains(where: { $0.link == use.link }) else {
        report.problems.append(
          "\(home): the card for \(use.link ?? "no page") moves '\(use.name)', which no card for that page has"
        )
        continue
      }
    }
    for page in pages.keys.sorted() where page != home {
      for name in names(on: page) {
        let cards = homeByName[name] ?? []
        if cards.isEmpty {
          report.problems.append("\(page): '\(name)' has no partner on \(home)")
        } else if !cards.contains(where: { $0.link.flatMap(localTarget) == page }) {
          let targets = cards.compactMap { $0.link.flatMap(localTarget) }
          report.problems.append(
            "\(page): '\(name)' is on \(home) on the card for \(targets.joined(separator: ", ")), not for this page"
          )
        }
      }
    }
    report.pairs.sort { ($0.name, $0.page) < ($1.name, $1.page) }
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

  fileprivate var replacingImportant: String {
    guard let bang = firstIndex(of: "!") else { return self }
    return String(self[..<bang]).trimmingSpaces
  }
}
