import Foundation
import TestSupport
import Testing
import ToolSupport

/// Light and dark: every SVG the tools draw carries the palette's style, whose dark colours apply
/// under `prefers-color-scheme: dark`, and paints its chrome with the palette's classes.
@Suite("SVG light and dark")
struct SVGPaletteTests {
  /// Each kind of SVG the tools draw, and the command line that draws it.
  static let kinds: [(kind: String, command: String)] = [
    (
      "top five", "orders generate --now 2026-11-29T10:30:00Z | sales-chart --now 2026-11-29T10:30:00Z -f svg"
    ),
    (
      "history",
      "orders history --now 2026-11-29T10:30:00Z | sales-chart history --now 2026-11-29T10:30:00Z -f svg"
    ),
    ("forecast", "weather forecast --now 2022-05-06T16:00:00Z | weather chart --format svg"),
    ("gallery", "orders menu -f svg"),
    ("recent", "orders recent -f svg --now 2026-11-29T10:30:00Z"),
    ("donut", "orders donut show 'Picnic Basket' -f svg"),
    ("donuts card", "orders menu --card -f svg"),
  ]

  @Test("the style gives every paint's classes their dark colour under prefers-color-scheme: dark")
  func style() {
    let style = SVGPalette.style
    #expect(style.hasPrefix("  <style>\n    @media (prefers-color-scheme: dark) {\n"))
    for paint in SVGPalette.all {
      #expect(style.contains(".fill-\(paint.name) { fill: \(paint.dark); }"))
      #expect(style.contains(".stroke-\(paint.name) { stroke: \(paint.dark); }"))
      #expect(paint.light != paint.dark, "\(paint.name)")
    }
    #expect(SVGPalette.fill(.ink) == "class=\"fill-ink\" fill=\"#1c1c1e\"")
    #expect(SVGPalette.fill(.night, also: "night") == "class=\"night fill-night\" fill=\"#1c1c3c\"")
    #expect(
      SVGPalette.paint(fill: .background, stroke: .border)
        == "class=\"fill-background stroke-border\" fill=\"#ffffff\" stroke=\"#d1d1d6\"")
  }

  @Test("each of the seven kinds of SVG has the dark variant, its background and text painted by the palette")
  func everyKind() throws {
    for (kind, command) in Self.kinds {
      let result = try TestSupport.shell("set -o pipefail; \(command)")
      #expect(result.status == 0, "\(kind): \(result.err)")
      let svg = result.out
      #expect(svg.contains("@media (prefers-color-scheme: dark)"), "\(kind)")
      let elements = try XMLElements(svg).elements
      let style = elements.first { $0.name == "style" }?.text ?? ""
      #expect(style.contains("@media (prefers-color-scheme: dark)"), "\(kind)")
      // The background and the title follow the scheme.
      let classes = elements.compactMap { $0.attributes["class"] }.flatMap { $0.split(separator: " ") }
      #expect(classes.contains("fill-background") || classes.contains("fill-card"), "\(kind)")
      #expect(classes.contains("fill-ink"), "\(kind)")
      // Every palette class an element names has its dark rule.
      for name in Set(classes) where name.hasPrefix("fill-") || name.hasPrefix("stroke-") {
        let property = name.hasPrefix("fill-") ? "fill" : "stroke"
        #expect(style.contains(".\(name) { \(property): #"), "\(kind): \(name)")
      }
    }
  }
}
