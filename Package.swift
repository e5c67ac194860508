// swift-tools-version: 6.1
import PackageDescription

/// Library targets hold each tool's command and transforms; executable targets are one call.
let tools: [(executable: String, library: String, dependencies: [Target.Dependency])] = [
  ("pipe-check", "PipeCheckCommand", ["FoodTruckKit", "WishlistKit"]),
  ("orders", "OrdersCommand", ["FoodTruckKit"]),
  ("sales-chart", "SalesChartCommand", ["FoodTruckKit"]),
  ("weather", "WeatherCommand", ["FoodTruckKit"]),
  ("story-io", "StoryIOCommand", []),
  ("trips", "TripsCommand", ["WishlistKit", "WishlistSite"]),
  ("achievements", "AchievementsCommand", ["WishlistKit"]),
]

let swiftSettings: [SwiftSetting] = [.enableUpcomingFeature("ExistentialAny")]

// The AVX2 kernel's module is built for Haswell and later (AVX2, BMI2), the AVX-512 kernel's for
// Skylake-SP and later (AVX-512 F, BW, VL); `VectorScan` calls each only on a processor that has
// its instructions. Elsewhere the modules are empty.
#if arch(x86_64)
  let avx2Settings: [SwiftSetting] = [.unsafeFlags(["-target-cpu", "haswell"])]
  let avx512Settings: [SwiftSetting] = [.unsafeFlags(["-target-cpu", "skylake-avx512"])]
#else
  let avx2Settings: [SwiftSetting] = []
  let avx512Settings: [SwiftSetting] = []
#endif

var targets: [Target] = [
  .target(name: "SystemIO", swiftSettings: swiftSettings),
  .target(name: "VectorScanKernels", swiftSettings: swiftSettings),
  .target(
    name: "VectorScanAVX2", dependencies: ["VectorScanKernels"], swiftSettings: swiftSettings + avx2Settings),
  .target(
    name: "VectorScanAVX512", dependencies: ["VectorScanKernels"],
    swiftSettings: swiftSettings + avx512Settings),
  .target(
    name: "VectorScan", dependencies: ["VectorScanKernels", "VectorScanAVX2", "VectorScanAVX512"],
    swiftSettings: swiftSettings),
  .target(
    name: "PipeProtocol", dependencies: ["VectorScan", "VectorScanKernels"], exclude: ["README.md"],
    swiftSettings: swiftSettings),
  .target(name: "CPrefetch"),
  .target(
    name: "PipeReading", dependencies: ["PipeProtocol", "SystemIO", "CPrefetch"], swiftSettings: swiftSettings
  ),
  .target(
    name: "ToolSupport", dependencies: ["PipeProtocol", "PipeReading", "SystemIO", "VectorScan"],
    exclude: ["README.md"],
    swiftSettings: swiftSettings),
  .target(
    name: "FoodTruckKit", dependencies: ["PipeProtocol"], exclude: ["Data"],
    swiftSettings: swiftSettings, plugins: ["EmbedData"]),
  .target(
    name: "WishlistKit", dependencies: ["PipeProtocol"], exclude: ["Data"],
    swiftSettings: swiftSettings, plugins: ["EmbedData"]),
  .target(
    name: "WishlistSite", dependencies: ["PipeProtocol", "SystemIO", "ToolSupport", "WishlistKit"],
    swiftSettings: swiftSettings),
  .executableTarget(name: "embed-data", dependencies: ["PipeProtocol"], swiftSettings: swiftSettings),
  .plugin(name: "EmbedData", capability: .buildTool(), dependencies: ["embed-data"]),
  .plugin(
    name: "InstallTools",
    capability: .command(
      intent: .custom(
        verb: "install-tools", description: "Build, strip and install the tools, pages, completions"),
      permissions: [.writeToPackageDirectory(reason: "--local installs into the package's bin/.installed")])),
  .plugin(
    name: "GenerateManuals",
    capability: .command(
      intent: .custom(verb: "generate-manuals", description: "Write man pages and shell completions"))),
  .target(
    name: "TestSupport", dependencies: ["PipeProtocol", "PipeReading", "ToolSupport"],
    path: "Tests/TestSupport"),
]

for tool in tools {
  targets.append(
    .target(
      name: tool.library,
      dependencies: ["PipeProtocol", "PipeReading", "SystemIO", "ToolSupport"] + tool.dependencies,
      swiftSettings: swiftSettings))
  targets.append(
    .executableTarget(
      name: tool.executable, dependencies: [.target(name: tool.library)], swiftSettings: swiftSettings))
}

let testTargets: [(name: String, dependencies: [Target.Dependency])] = [
  ("PipeProtocolTests", []),
  ("VectorScanTests", ["VectorScan", "VectorScanKernels", "VectorScanAVX2", "VectorScanAVX512"]),
  ("ToolSupportTests", ["ToolSupport", "SystemIO", "VectorScan"]),
  ("PipeCheckTests", ["PipeCheckCommand"]),
  ("GoldenTests", []),
  ("OrdersTests", ["OrdersCommand", "FoodTruckKit"]),
  ("SalesChartTests", ["SalesChartCommand", "FoodTruckKit", "PipeCheckCommand", "WeatherCommand"]),
  ("WeatherTests", ["WeatherCommand", "FoodTruckKit"]),
  ("StoryIOTests", ["StoryIOCommand"]),
  ("TripsTests", ["TripsCommand", "WishlistKit", "WishlistSite"]),
  ("AchievementsTests", ["AchievementsCommand", "WishlistKit", "FoodTruckKit"]),
  ("PackagingTests", []),
]
for test in testTargets {
  targets.append(
    .testTarget(
      name: test.name, dependencies: ["TestSupport", "PipeProtocol", "PipeReading"] + test.dependencies,
      swiftSettings: swiftSettings))
}

let package = Package(
  name: "SamplePipes",
  // The tools, and the modules a package of its own builds a tool or a plugin with
  // (Examples/swift-plugin): the protocol's values and grammar, the reader and writer of streams,
  // and the command runtime.
  products: tools.map { .executable(name: $0.executable, targets: [$0.executable]) } + [
    .library(name: "PipeProtocol", targets: ["PipeProtocol"]),
    .library(name: "PipeReading", targets: ["PipeReading"]),
    .library(name: "ToolSupport", targets: ["ToolSupport"]),
  ],
  targets: targets
)
