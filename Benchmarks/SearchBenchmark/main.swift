// Times the library's incremental search the way a search bar drives it: one keystroke at a
// time, each new term extending the last. Prints a Markdown table of medians per keystroke.
//
//   plistkit-benchmark NAMES.bplist TERM [ROUNDS]

import PlistKit
import Sectioning

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

func printError(_ message: String) {
  let line = Array((message + "\n").utf8)
  _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
}

func now() -> Double {
  var time = timespec()
  clock_gettime(CLOCK_MONOTONIC, &time)
  return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

func median(_ values: [Double]) -> Double {
  let sorted = values.sorted()
  return sorted.count % 2 == 1
    ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}

/// Milliseconds with a fixed number of decimals (no Foundation formatter needed).
func milliseconds(_ seconds: Double, decimals: Int = 3) -> String {
  var scale = 1.0
  for _ in 0..<decimals { scale *= 10 }
  let scaled = Int((seconds * 1000 * scale).rounded())
  let whole = scaled / Int(scale)
  let fraction = String(scaled % Int(scale))
  return "\(whole).\(String(repeating: "0", count: decimals - fraction.count))\(fraction)"
}

let arguments = CommandLine.arguments
guard arguments.count >= 3 else {
  printError("usage: plistkit-benchmark NAMES.bplist TERM [ROUNDS]")
  exit(2)
}
let term = Array(arguments[2])
let rounds = arguments.count > 3 ? Int(arguments[3]) ?? 21 : 21

do {
  let bytes = try PropertyListFile.read(path: arguments[1])
  let names = try PropertyList(bytes: bytes)
  let list = try SectionedList(propertyList: names)

  let prepareStart = now()
  var search = IncrementalSearch(list: list)
  let prepare = now() - prepareStart

  var perKeystroke = [[Double]](repeating: [], count: term.count)
  var matchCounts = [Int](repeating: 0, count: term.count)
  for _ in 0..<rounds {
    search.reset()
    for length in 1...term.count {
      let typed = String(term[0..<length])
      let start = now()
      let result = search.search(for: typed)
      perKeystroke[length - 1].append(now() - start)
      matchCounts[length - 1] = result.matches?.count ?? list.texts.count
    }
  }
  let medians = perKeystroke.map(median)
  print("\(list.texts.count) names; folding them into search keys once took \(milliseconds(prepare, decimals: 1)) ms.")
  print("Medians over \(rounds) typings of \"\(String(term))\":")
  print("")
  print("| keystroke | term | matches | median time |")
  print("|---:|---|---:|---:|")
  for index in 0..<term.count {
    let typed = String(term[0...index])
    print("| \(index + 1) | \(typed) | \(matchCounts[index]) | \(milliseconds(medians[index])) ms |")
  }
  print("")
  print("Median per keystroke: \(milliseconds(median(medians))) ms (target: under 5 ms).")
} catch {
  printError("plistkit-benchmark: \(error)")
  exit(1)
}
