import ToolSupport

/// `weather`: the hourly forecast at the truck, the recommended parking spot, orders annotated
/// with the weather, and the Forecast card, from a swappable provider.
public enum Weather: Tool {
  /// The command: its subcommands and help sections.
  public static let command = Command(
    name: "weather",
    summary: "hourly forecast at the truck, the recommended parking spot, orders with their weather",
    subcommands: [
      Forecast.command, Spot.command, Spots.command, Widget.command, ChartCommand.command, Annotate.command,
      Import.command,
    ],
    input: """
      chart and annotate read JSON lines (files or stdin); import reads an Open-Meteo response;
      forecast, spot, spots and widget read nothing.
      """,
    output: """
      JSON lines (forecast, forecast-minute, parking-spot, spot records, annotated orders), the
      cards, or a status-bar line; see each command's --help.
      """,
    examples: """
      weather forecast | weather chart
      weather spot --city 'San Francisco' --format text
      orders generate | weather annotate | sales-chart
      weather forecast --provider open-meteo | weather chart
      """)
}
