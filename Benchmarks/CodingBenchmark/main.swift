// The Codable part of the benchmark harness (Benchmarks/run.sh): PlistCoding's PlistDecoder
// and PlistEncoder against Foundation's PropertyListDecoder and PropertyListEncoder, on the
// same records, in the same build.
//
//   plistcoding-benchmark generate DIR [--count N]
//       writes DIR/coding-N.xml and DIR/coding-N.bplist with Foundation's PropertyListEncoder
//   plistcoding-benchmark JOB TOOL FILE [--count N] [--runs R]
//       JOB: decode-xml, decode-binary (FILE is read), encode-xml, encode-binary (FILE is written)
//       TOOL: plistkit or foundation
//       prints one line of JSON: the wall and CPU seconds of each run of the operation alone
//       (reading and writing the file, and making the records, are outside the timing), the
//       process's peak resident memory during each run (what was resident before it counts:
//       the input, or the records to encode), and whether the result was checked against the
//       generated records (--unchecked skips the check, to profile the operation alone)
import Foundation
import PlistCoding
import PlistKit

/// One record of the benchmark, the shape of the issue that asked for it.
struct Record: Codable, Equatable {
  var name: String
  var index: Int
  var score: Double
  var active: Bool
  var created: Date
  var tags: [String]
  var blob: Data

  enum CodingKeys: String, CodingKey {
    case name = "Name", index = "Index", score = "Score", active = "Active", created = "Created", tags = "Tags"
    case blob = "Blob"
  }
}

/// The records, the same on every run: names and indices that vary, a few shared tags, dates
/// in whole seconds (XML keeps no fractions), reals with full precision, 16 to 63 bytes of data.
func makeRecords(count: Int) -> [Record] {
  let words = [
    "alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel", "india", "juliet", "kilo", "lima",
    "mike", "november", "oscar", "papa",
  ]
  var state: UInt64 = 0x2545_F491_4F6C_DD1D
  func next() -> UInt64 {
    state ^= state << 13
    state ^= state >> 7
    state ^= state << 17
    return state
  }
  return (0..<count).map { index in
    let tags = (0..<Int(next() % 5)).map { _ in words[Int(next() % UInt64(words.count))] }
    let blob = Data((0..<(16 + Int(next() % 48))).map { _ in UInt8(truncatingIfNeeded: next()) })
    return Record(
      name: "Record \(index) \(words[index % words.count]) \(next() % 100_000)",
      index: Int(next() % 10_000_000) - 5_000_000,
      score: Double(next() % 1_000_000_000) / 997.0, active: next() % 2 == 0,
      created: Date(timeIntervalSinceReferenceDate: Double(500_000_000 + Int(next() % 300_000_000))), tags: tags,
      blob: blob)
  }
}

/// Seconds of wall and CPU time of `body`, and the process's peak resident bytes while it ran.
func measure(_ body: () throws -> Void) rethrows -> (wall: Double, cpu: Double, peak: Int) {
  func cpuNow() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }
  resetPeakMemory()
  let start = DispatchTime.now().uptimeNanoseconds
  let cpuStart = cpuNow()
  try body()
  let wall = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
  return (wall, cpuNow() - cpuStart, peakMemory())
}

/// Starts the kernel's peak-memory mark again from what is resident now (Linux's
/// `clear_refs` 5), so that a run's peak is its own, not an earlier run's or the set-up's.
func resetPeakMemory() {
  try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
}

/// The process's peak resident bytes since the last reset (`VmHWM`), or 0 where unknown.
func peakMemory() -> Int {
  guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
    let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
    let kilobytes = Int(line.split(separator: " ").dropFirst().first ?? "")
  else { return 0 }
  return kilobytes * 1024
}

func fail(_ message: String) -> Never {
  FileHandle.standardError.write(Data("plistcoding-benchmark: \(message)\n".utf8))
  exit(2)
}

var arguments = Array(CommandLine.arguments.dropFirst())
/// Removes `name` and its number from the arguments and returns the number.
func option(_ name: String, default value: Int, from arguments: inout [String]) -> Int {
  guard let position = arguments.firstIndex(of: name) else { return value }
  guard position + 1 < arguments.count, let number = Int(arguments[position + 1]) else {
    fail("\(name) needs a number")
  }
  arguments.removeSubrange(position...(position + 1))
  return number
}
let count = option("--count", default: 45_000, from: &arguments)
let runs = option("--runs", default: 1, from: &arguments)
let unchecked = arguments.contains("--unchecked")
arguments.removeAll { $0 == "--unchecked" }

switch arguments.first {
case "generate":
  guard arguments.count == 2 else { fail("usage: generate DIR [--count N]") }
  let records = makeRecords(count: count)
  let encoder = PropertyListEncoder()
  for (format, suffix) in [(PropertyListSerialization.PropertyListFormat.xml, "xml"), (.binary, "bplist")] {
    encoder.outputFormat = format
    let path = "\(arguments[1])/coding-\(count).\(suffix)"
    try encoder.encode(records).write(to: URL(fileURLWithPath: path))
    print(path)
  }
case let job? where arguments.count == 3:
  let tool = arguments[1]
  let path = arguments[2]
  guard tool == "plistkit" || tool == "foundation" else { fail("TOOL is plistkit or foundation") }
  var times: [(wall: Double, cpu: Double, peak: Int)] = []
  var checked = false
  switch job {
  case "decode-xml", "decode-binary":
    let data = try Data(contentsOf: URL(fileURLWithPath: path))
    var decoded: [Record] = []
    for _ in 0..<runs {
      decoded = []
      times.append(
        try measure {
          decoded =
            tool == "plistkit"
            ? try PlistDecoder().decode([Record].self, from: data)
            : try PropertyListDecoder().decode([Record].self, from: data)
        })
    }
    checked = !unchecked && decoded == makeRecords(count: decoded.count) && decoded.count == count
  case "encode-xml", "encode-binary":
    let records = makeRecords(count: count)
    let xml = job == "encode-xml"
    var output = Data()
    for _ in 0..<runs {
      output = Data()
      // Each coder's own result: bytes for PlistEncoder (made into Data after the timing, as
      // a caller that needs Data would), Data for Foundation's.
      var bytes: [UInt8] = []
      times.append(
        try measure {
          if tool == "plistkit" {
            bytes = try PlistEncoder(outputFormat: xml ? .xml : .binary).encode(records)
          } else {
            let encoder = PropertyListEncoder()
            encoder.outputFormat = xml ? .xml : .binary
            output = try encoder.encode(records)
          }
        })
      if tool == "plistkit" { output = Data(bytes) }
    }
    try output.write(to: URL(fileURLWithPath: path))
    // The other coder reads the output back.
    if !unchecked {
      let back =
        tool == "plistkit"
        ? try PropertyListDecoder().decode([Record].self, from: output)
        : try PlistDecoder().decode([Record].self, from: output)
      checked = back == records
    }
  default:
    fail("unknown job \(job)")
  }
  let walls = times.map { String($0.wall) }.joined(separator: ", ")
  let cpus = times.map { String($0.cpu) }.joined(separator: ", ")
  let peaks = times.map { String($0.peak) }.joined(separator: ", ")
  print("{\"wall\": [\(walls)], \"cpu\": [\(cpus)], \"peak\": [\(peaks)], \"checked\": \(checked)}")
default:
  fail("usage: plistcoding-benchmark generate DIR | JOB TOOL FILE (see the source's first lines)")
}
