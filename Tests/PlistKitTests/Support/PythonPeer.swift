import Foundation
import PlistKit

/// Python's `plistlib`, as a peer to compare PlistKit with. Tests skip when `python3` is absent.
enum PythonPeer {
  /// True when `python3` can be run.
  static let isAvailable: Bool = (try? run(["-c", "import plistlib"], input: []).status) == 0

  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  /// Reads a plist file with plistlib.
  static func read(file path: String) throws -> PropertyList {
    let result = try run([script, "load", path], input: [])
    guard result.status == 0 else { throw Failure(description: "plistlib failed: \(result.error)") }
    return try fromCanonical(JSONSerialization.jsonObject(with: Data(result.output)))
  }

  /// Reads plist bytes with plistlib.
  static func read(_ bytes: [UInt8]) throws -> PropertyList {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("plistlib-\(UUID().uuidString)").path
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    defer { try? FileManager.default.removeItem(atPath: path) }
    return try read(file: path)
  }

  /// Writes a value with plistlib, as `xml` or `binary`.
  static func write(_ value: PropertyList, format: String) throws -> [UInt8] {
    let input = try JSONSerialization.data(withJSONObject: canonical(value))
    let result = try run([script, "dump", format], input: [UInt8](input))
    guard result.status == 0 else { throw Failure(description: "plistlib failed: \(result.error)") }
    return result.output
  }

  /// Reads many plists with one plistlib process: each result is the value, or plistlib's
  /// error for that input.
  static func readBatch(_ inputs: [[UInt8]]) throws -> [Result<PropertyList, Failure>] {
    let folder = try makeFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    for (index, bytes) in inputs.enumerated() {
      try Data(bytes).write(to: URL(fileURLWithPath: "\(folder)/\(index).plist"))
    }
    let result = try run([script, "load-batch", folder, String(inputs.count)], input: [])
    guard result.status == 0 else { throw Failure(description: "plistlib failed: \(result.error)") }
    guard let nodes = try JSONSerialization.jsonObject(with: Data(result.output)) as? [Any],
      nodes.count == inputs.count
    else { throw Failure(description: "plistlib did not give one result per file") }
    return try nodes.map { node in
      if let message = (node as? [String: Any])?["error"] as? String { return .failure(Failure(description: message)) }
      return .success(try fromCanonical(node))
    }
  }

  /// Writes many values with one plistlib process, as `xml` or `binary`: each result is the
  /// bytes, or plistlib's error for that value.
  static func writeBatch(_ values: [PropertyList], format: String) throws -> [Result<[UInt8], Failure>] {
    let folder = try makeFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let input = try JSONSerialization.data(withJSONObject: values.map(canonical))
    let result = try run([script, "dump-batch", format, folder], input: [UInt8](input))
    guard result.status == 0 else { throw Failure(description: "plistlib failed: \(result.error)") }
    guard let outcomes = try JSONSerialization.jsonObject(with: Data(result.output)) as? [Any],
      outcomes.count == values.count
    else { throw Failure(description: "plistlib did not give one result per value") }
    return try outcomes.enumerated().map { index, outcome in
      if let message = (outcome as? [String: Any])?["error"] as? String {
        return .failure(Failure(description: message))
      }
      return .success([UInt8](try Data(contentsOf: URL(fileURLWithPath: "\(folder)/\(index).plist"))))
    }
  }

  private static func makeFolder() throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("plistlib-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }

  private static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("plistlib_peer.py").path

  private static func run(
    _ arguments: [String], input: [UInt8]
  ) throws -> (status: Int32, output: [UInt8], error: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3"] + arguments
    let stdin = Pipe()
    let stdout = Pipe()
    let stderr = Pipe()
    process.standardInput = stdin
    process.standardOutput = stdout
    process.standardError = stderr
    try process.run()
    stdin.fileHandleForWriting.write(Data(input))
    try stdin.fileHandleForWriting.close()
    let output = stdout.fileHandleForReading.readDataToEndOfFile()
    let error = stderr.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, [UInt8](output), String(decoding: error, as: UTF8.self))
  }

  private static func canonical(_ value: PropertyList) -> Any {
    switch value {
    case .string(let string): ["s": string]
    case .integer(let integer): ["i": integer.description]
    case .real(let real) where real.isNaN: ["n": bits(real)]
    case .real(let real): ["r": hex(real)]
    case .boolean(let bool): ["b": bool]
    case .date(let date): ["d": hex(date.secondsSinceReferenceDate)]
    case .data(let bytes): ["x": Data(bytes).base64EncodedString()]
    case .array(let array): ["a": array.map(canonical)]
    case .dictionary(let dictionary): ["k": dictionary.map { [$0.key, canonical($0.value)] }]
    case .uid(let uid): ["u": uid]
    }
  }

  /// A NaN's exact bits as 16 hex digits, as `struct.pack(">d", x).hex()` writes them.
  private static func bits(_ value: Double) -> String {
    let digits = String(value.bitPattern, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }

  /// Python's `float.hex()` form, which `float.fromhex` reads back exactly.
  private static func hex(_ value: Double) -> String {
    if value.isNaN { return "nan" }
    if value.isInfinite { return value < 0 ? "-inf" : "inf" }
    let sign = value.sign == .minus ? "-" : ""
    if value == 0 { return sign + "0x0.0p+0" }
    let magnitude = abs(value)
    let exponent = magnitude.isSubnormal ? -1022 : Int(magnitude.exponent)
    let lead = magnitude.isSubnormal ? 0 : 1
    let fraction = String(magnitude.significandBitPattern, radix: 16)
    let padded = String(repeating: "0", count: 13 - fraction.count) + fraction
    return "\(sign)0x\(lead).\(padded)p\(exponent >= 0 ? "+" : "")\(exponent)"
  }

  private static func fromCanonical(_ node: Any) throws -> PropertyList {
    guard let object = node as? [String: Any], let (tag, value) = object.first, object.count == 1 else {
      throw Failure(description: "bad canonical node \(node)")
    }
    switch tag {
    case "s": return .string(value as! String)
    case "i": return .integer(PropertyListInteger(parsing: Substring(value as! String))!)
    case "r": return .real(Double(value as! String)!)
    case "n": return .real(Double(bitPattern: UInt64(value as! String, radix: 16)!))
    case "b": return .boolean((value as! NSNumber).boolValue)
    case "d": return .date(PropertyListDate(secondsSinceReferenceDate: Double(value as! String)!))
    case "x": return .data([UInt8](Data(base64Encoded: value as! String)!))
    case "u": return .uid((value as! NSNumber).uint64Value)
    case "a": return .array(try (value as! [Any]).map(fromCanonical))
    case "k":
      var dictionary = PropertyListDictionary()
      for pair in value as! [[Any]] { dictionary[pair[0] as! String] = try fromCanonical(pair[1]) }
      return .dictionary(dictionary)
    default: throw Failure(description: "unknown tag \(tag)")
    }
  }
}
