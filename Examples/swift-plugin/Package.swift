// swift-tools-version: 6.1
import PackageDescription

/// A plugin for `orders`, built in a package of its own against SamplePipes' library products:
/// `orders-tally` (run as `orders tally` where `orders` finds plugins on PATH).
let package = Package(
  name: "swift-plugin",
  products: [.executable(name: "orders-tally", targets: ["orders-tally"])],
  // A clone of SamplePipes two folders up; elsewhere, `.package(url: ..., from: ...)` does the same.
  dependencies: [.package(name: "SamplePipes", path: "../..")],
  targets: [
    .target(
      name: "OrdersTallyCommand",
      dependencies: [
        .product(name: "PipeProtocol", package: "SamplePipes"),
        .product(name: "PipeReading", package: "SamplePipes"),
        .product(name: "ToolSupport", package: "SamplePipes"),
      ]),
    .executableTarget(name: "orders-tally", dependencies: ["OrdersTallyCommand"]),
  ]
)
