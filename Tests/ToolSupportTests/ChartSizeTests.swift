import Testing
import ToolSupport

@Suite("chart size: one --width and --height for every chart")
struct ChartSizeTests {
  static let size = ChartSize(
    widthShort: "w",
    .svg(width: .pixels(640, in: 240...20_000), height: .pixels(400, in: 200...20_000)),
    .text(width: .columns(in: 20...10_000)))
  static let format = Option.format([.text, .svg, .json], default: .text)
  static let chart = Command(
    name: "chart", summary: "a chart", options: [format, size.width, size.height], run: { _ in 0 })

  /// The size `arguments` resolve to, or the usage error they give.
  static func resolve(_ arguments: [String]) -> Result<ChartSize.Size, ToolError> {
    Result { () throws(ToolError) -> ChartSize.Size in
      guard case .run(let invocation) = try CommandLineParser.parse(arguments, root: chart) else {
        throw ToolError("not a run")
      }
      return try size.resolve(invocation, format: invocation[format])
    }
  }

  /// The width and height `arguments` resolve to.
  static func sides(_ arguments: [String]) throws -> [Int] {
    let size = try resolve(arguments).get()
    return [size.width, size.height]
  }

  @Test func helpIsWrittenFromTheDeclaration() {
    #expect(
      Self.size.width.spec.help
        == "svg: pixels, 240 to 20000 (default 640); text: columns, 20 to 10000 (default: the terminal's width)"
    )
    #expect(Self.size.height.spec.help == "svg: pixels, 200 to 20000 (default 400)")
    #expect(Self.size.width.spec.short == "w")
    #expect(Self.size.height.spec.short == nil)
  }

  @Test func theDefaultsAreTheDeclaredOnes() throws {
    #expect(try Self.sides(["-f", "svg"]) == [640, 400])
    #expect(try Self.sides(["-f", "svg", "-w", "800", "--height", "300"]) == [800, 300])
    // Sides a format does not take are 0.
    #expect(try Self.sides(["-f", "json"]) == [0, 0])
    #expect(try Self.sides(["--width", "30"]) == [30, 0])
  }

  @Test func eachFormatHasItsRange() {
    let error = { (arguments: [String]) -> String? in
      if case .failure(let error) = Self.resolve(arguments) { return error.message }
      return nil
    }
    #expect(
      error(["-f", "svg", "--width", "30"]) == "--width takes a whole number from 240 to 20000, not '30'")
    #expect(error(["--width", "30"]) == nil)
    #expect(error(["--width", "wide"]) == "--width takes a whole number from 20 to 10000, not 'wide'")
    #expect(error(["--height", "300"]) == "--height applies to --format svg only, not text")
    #expect(error(["-f", "json", "-w", "300"]) == "--width applies to --format svg and text only, not json")
  }
}
