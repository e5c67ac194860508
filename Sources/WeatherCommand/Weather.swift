import ToolSupport

/// `weather`: the hourly forecast at the truck, the recommended parking spot, orders annotated
/// with the weather, and the Forecast card, from a swappable provider.
public enum Weather: Tool {
  /// The command: its subcommands and help sections.
  public static let command = Command(
    name: "weather",
    summary: "hourly forecast at the truck, the recommended parking spot, orders with their weather",
    subcommands: [Forecast.command, Spot.command, ChartCommand.command, Annotate.command, Import.command],
    input: """
      chart and annotate read JSON lines (files or stdin); import reads an Open-Meteo response;
      forecast and spot read nothing.
      """,
    output: """
      JSON lines (forecast, forecast-minute, parking-spot records, annotated orders), or the card;
      see each command's --help.
      """,
    examples: [
      "weather forecast | weather chart",
      "weather spot --city 'San Francisco' --format text",
      "orders generate | weather annotate | sales-chart",
    ])
}
