import Foundation
import TestSupport
import Testing

/// Whether Spark can run here: pyspark importable and a Java runtime of 17 or later.
private let sparkAvailable: Bool = {
  guard Requirements.python("pyspark"), Requirements.has("java"),
    let result = try? TestSupport.shell("java -version 2>&1 | sed -n 's/.*version \"\\([0-9]*\\).*/\\1/p'"),
    let version = Int(result.out.trimmingCharacters(in: .whitespacesAndNewlines))
  else { return false }
  return version >= 17
}()

@Suite("sales-chart past one machine")
struct SparkTests {
  @Test(
    "Examples/spark-sales-chart in Spark's local mode prints what one pass prints, under TZ=Europe/London and UTC",
    .enabled(
      if: sparkAvailable,
      "pyspark and Java 17+ are missing (pip install pyspark; apt-get install default-jre-headless)"),
    .timeLimit(.minutes(15)))
  func sparkEqualsOnePass() async throws {
    let script = TestSupport.packageRoot.appendingPathComponent("Tests/spark/test_spark_sales_chart.sh").path
    // Each case starts a JVM: the default run checks one (--one), SAMPLEPIPES_CAMPAIGNS=full all.
    let command = "bash '\(script)'" + Campaign.size(small: " --one", full: "")
    let result = try await TestSupport.offThePool { try TestSupport.shell(command) }
    #expect(result.status == 0, "\(result.out)\(result.err)")
    #expect(result.out.contains(Campaign.size(small: "\n2 passed, 0 failed", full: "\n10 passed, 0 failed")))
    #expect(!result.out.contains("SKIP"))
  }
}
