import Foundation
import TestSupport
import Testing

/// The SVG charts checked by real tools: xmllint for XML, headless Chromium for rendering. Each test
/// skips with a printed message when its tool is missing (`.ci/run` installs them).
@Suite("the SVG charts in real tools")
struct RenderTests {
  static func available(_ tool: String) -> Bool {
    (try? TestSupport.shell("command -v \(tool)"))?.status == 0
  }

  /// The charts to check: top five (default size, a small one, an empty one) and the history.
  static func charts(in dir: URL) throws -> [(URL, Int, Int)] {
    let input = Fixture.goldenInput.path
    let history = TestSupport.packageRoot.appendingPathComponent(
      "Tests/golden/sales-chart/history-svg/input.jsonl"
    ).path
    var charts: [(URL, Int, Int)] = []
    for (name, command, width, height) in [
      ("top.svg", "sales-chart --now \(Fixture.now) -f svg \(input)", 640, 400),
      (
        "small.svg", "sales-chart --now \(Fixture.now) -t all -f svg --width 320 --height 240 \(input)", 320,
        240
      ),
      ("empty.svg", "sales-chart --now \(Fixture.now) -f svg < /dev/null", 640, 400),
      (
        "history.svg",
        "sales-chart history --now \(Fixture.now) -r month -f svg --width 900 --height 420 \(history)", 900,
        420
      ),
    ] {
      let url = dir.appendingPathComponent(name)
      let result = try TestSupport.shell(command)
      #expect(result.status == 0, "\(command): \(result.err)")
      try result.stdout.write(to: url)
      charts.append((url, width, height))
    }
    return charts
  }

  @Test(
    "xmllint accepts every chart",
    .enabled(if: Requirements.has("xmllint"), "xmllint is not installed (package libxml2-utils)"))
  func xmllint() throws {
    let dir = try TestSupport.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    for (url, _, _) in try Self.charts(in: dir) {
      let result = try TestSupport.shell("xmllint --noout '\(url.path)'")
      #expect(result.status == 0, "\(url.lastPathComponent): \(result.err)")
      #expect(result.err.isEmpty)
    }
  }

  @Test(
    "headless Chromium renders a chart (every chart, with the campaigns in full) to a PNG of its size",
    .enabled(
      if: Requirements.hasAny(["chromium", "chromium-browser", "google-chrome"]),
      "no chromium is installed (package chromium)"))
  func chromium() async throws {
    let browser = try #require(
      ["chromium", "chromium-browser", "google-chrome"].first(where: Self.available))
    let dir = try TestSupport.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    // Each render starts a browser: the default run renders the top five, the full campaigns all four.
    let charts = try Self.charts(in: dir)
    for (url, width, height) in Campaign.size(small: Array(charts.prefix(1)), full: charts) {
      let png = url.deletingPathExtension().appendingPathExtension("png")
      let command =
        "timeout 120 \(browser) --headless --no-sandbox --disable-gpu --hide-scrollbars "
        + "--screenshot='\(png.path)' --window-size=\(width),\(height) 'file://\(url.path)'"
      let home = dir.path
      let result = try await TestSupport.offThePool {
        try TestSupport.shell(command, environment: ["HOME": home])
      }
      #expect(result.status == 0, "\(result.err.suffix(500))")
      let data = try Data(contentsOf: png)
      // A PNG whose header says it is the chart's size, with more than a blank page's worth of data.
      #expect(data.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
      let pngWidth = data[16..<20].reduce(0) { $0 << 8 | Int($1) }
      let pngHeight = data[20..<24].reduce(0) { $0 << 8 | Int($1) }
      #expect(pngWidth == width)
      #expect(pngHeight == height)
      #expect(data.count > 5000, "\(url.lastPathComponent) rendered to only \(data.count) bytes")
    }
  }
}
