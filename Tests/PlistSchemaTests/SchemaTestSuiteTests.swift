import PlistKit
import Testing

@testable import PlistSchema

@Suite struct SchemaTestSuiteTests {
  @Test func requiredCases() throws {
    var all: [SchemaTestSuite.Result] = []
    for file in try SchemaTestSuite.files(in: "") {
      all += try SchemaTestSuite.run(file: file)
    }
    let passed = all.filter { $0.outcome == .passed }.count
    var lines: [String] = []
    for result in all {
      switch result.outcome {
      case .passed: break
      case .failed(let why): lines.append("FAIL \(result.name): \(why)")
      case .skipped(let why): lines.append("SKIP \(result.name): \(why)")
      }
    }
    print("SUITE", passed, "/", all.count)
    print(lines.joined(separator: "\n"))
    #expect(passed == all.count)
  }
}
