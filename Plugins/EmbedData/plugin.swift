import Foundation
import PackagePlugin

/// Turns a target's `Data/*.jsonl` files into Swift source, so the data is compiled into the binary.
@main
struct EmbedData: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: any Target) throws -> [Command] {
    guard let module = target as? SourceModuleTarget else { return [] }
    let dataDirectory = module.directoryURL.appending(path: "Data")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: dataDirectory.path)) ?? []
    let inputs = names.filter { $0.hasSuffix(".jsonl") }.sorted().map { dataDirectory.appending(path: $0) }
    guard !inputs.isEmpty else { return [] }
    let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedData.swift")
    return [
      .buildCommand(
        displayName: "Embedding \(inputs.count) data file(s) into \(target.name)",
        executable: try context.tool(named: "embed-data").url,
        arguments: [output.path] + inputs.map(\.path),
        inputFiles: inputs,
        outputFiles: [output])
    ]
  }
}
