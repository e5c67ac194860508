import FoodTruckKit
import Glibc
import PipeProtocol
import PipeReading
import ToolSupport

/// `weather annotate`: orders with the temperature and rain at their spot and hour.
enum Annotate {
  static let command = Command(
    name: "annotate", summary: "fill orders' temperature and wasRaining from the forecast",
    options: WeatherOptions.providerOptions + [Inputs.quiet],
    arguments: .files,
    input: """
      Any records, from each FILE or stdin. 'order' records need "city", "parkingSpot" (a spot of
      that city) and "creationDate".
      """,
    output: """
      Every record in its place: each 'order' with "temperature" ({"unit":"fahrenheit","value":N})
      and "wasRaining" (the hour's condition is rain, snow, drizzle, hail or storms) set from the
      forecast at its spot and hour, every other field kept as written; every other record byte for
      byte. Streams in constant memory.
      \(WeatherOptions.providerNote)
      """,
    exitStatus: ["65   also: an order names an unknown city or spot, or has no creationDate"],
    examples: """
      orders generate | weather annotate | sales-chart
      weather annotate --seed 3 orders.jsonl > annotated.jsonl
      """,
    run: run)

  static func run(_ invocation: Invocation) throws -> Int32 {
    let provider = try WeatherOptions.provider(invocation)
    var annotator = Annotator(provider: provider)
    // The offline model answers the same on every thread: every core annotates what it can.
    try ParallelAnnotate.annotate(
      invocation.positionals, tool: "weather", quiet: invocation[Inputs.quiet],
      model: provider as? ModelProvider, annotator: &annotator)
    return ExitStatus.ok
  }
}
