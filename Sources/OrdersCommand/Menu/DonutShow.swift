import FoodTruckKit
import PipeProtocol
import PipeReading
import ToolSupport

/// `orders donut show DONUT`: one donut as the sample's Donut Editor shows it: its flavours as
/// gauges, its record, or its picture.
enum DonutShow {
  /// `-f/--format text|json|svg`: the gauges, the donut record, or one large picture.
  static let format = Option.format([.text, .json, .svg], default: .json)

  static let command = Command(
    name: "show", summary: "one donut: its flavours as the Donut Editor's gauges, its record, its picture",
    options: [format, MenuStore.option],
    arguments: Arguments(DonutCommand.donut).completing(OrdersCompletion.donuts),
    input: """
      The built-in donuts and the custom ones of the menu store (see 'orders donut --help').
      DONUT: a donut's id (3) or its name, in any case ('cosmos'), built-in or custom.
      """,
    output: """
      The donut record, as 'orders menu' writes it. With --format text, the name, the ingredients
      and the six flavours as gauges, as the Donut Editor draws them: each shows max(value, 0) on a
      scale from 0 to the most potent flavour's value (the value itself is written after it), and the
      most potent flavour is marked '▸' (and coloured with --color); the gauges fit the width. With
      --format svg, the donut's picture, large, with its name, its ingredients and the same six
      gauges.
      """,
    exitStatus: ["64   no donut has that id or name (the closest name is suggested, the menu listed)"],
    examples: """
      orders donut show cosmos --format text
      orders donut show 3 | jq .flavors
      orders donut show 'the classic' -f svg > classic.svg
      """,
    lookups: [DonutReference.rule("DONUT")],
    run: run)

  static func run(_ invocation: Invocation) throws -> Int32 {
    let menu = try MenuStore.read(MenuStore.store(invocation)).menu
    let donut = try DonutReference.find(invocation[DonutCommand.donut], in: menu)
    switch invocation[format] {
    case .text:
      let style = Terminal.Style(enabled: Terminal.colorEnabled(fd: 1))
      StandardOutput.shared.write(FlavorGauges.text(donut, width: TextLayout.width(), style: style))
    case .svg: StandardOutput.shared.write(FlavorGauges.svg(donut))
    default: StandardOutput.shared.writeRecord(donut.record)
    }
    return ExitStatus.ok
  }
}
