import ArchiveExtraction
import CFuzzerDriver
import KeyedArchive
import PlistKit
import Typedstream

#if canImport(Glibc)
  import Glibc
#endif

/// libFuzzer entry point for extraction. The first byte chooses what the rest is:
///
/// - even: one blob, given to `BlobDecoder` with nested plists opened or not and typedstream
///   text alone or not (bits 1 and 2). The kind the decoder reports must be the kind the first
///   bytes show (a plist may turn out to be a keyed archive), and a failure must say why.
/// - odd: a whole database, written to a temporary file and extracted as `plistkit extract`
///   does, within small limits. Extraction must never change the file, and asking for one
///   table must give exactly that table's blobs of the whole extraction.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let input = UnsafeRawBufferPointer(start: data, count: size)
  guard let mode = input.first else { return 0 }
  let rest = UnsafeRawBufferPointer(rebasing: input.dropFirst())
  // Small limits, as the typedstream target's: a real nib's objects already expand into
  // millions of nodes before the default limit refuses them.
  var options = BlobDecodingOptions(
    archiveLimits: ArchiveLimits(maximumDepth: 64, maximumExpandedNodes: 20_000),
    typedstreamLimits: TypedstreamLimits(maximumDepth: 64, maximumExpandedNodes: 20_000),
    maximumBlobSize: 1 << 20)
  options.typedstreamTextOnly = mode & 4 != 0
  if mode & 2 != 0 { options.nestedPlists = NestedPlistOptions() }
  if mode & 1 == 0 {
    checkBlob(rest, options: options)
  } else {
    checkDatabase(Array(rest), options: options)
  }
  return 0
}

private func checkBlob(_ bytes: UnsafeRawBufferPointer, options: BlobDecodingOptions) {
  let kind = BlobDecoder.kind(startOf: bytes)
  let decoded = BlobDecoder.decode(bytes, options: options)
  precondition((decoded == nil) == (kind == nil), "decode and kind(startOf:) disagree on whether it is a blob")
  guard let decoded, let kind else { return }
  let expected: Set<BlobKind> = kind == .typedstream ? [.typedstream] : [kind, .keyedArchive]
  precondition(expected.contains(decoded.kind), "decoded as \(decoded.kind), starts like \(kind)")
  if case .failure(let failure) = decoded.result {
    precondition(!failure.description.isEmpty, "a failure without a reason")
  }
}

/// At most this many records are read from one database, so that a run stays short.
private let recordBudget = 400

/// What extraction gives, in order: blobs, and tables found damaged part way.
private enum Record: Equatable {
  case blob(ExtractedBlob)
  case damaged(table: String?, message: String)

  var table: String? {
    switch self {
    case .blob(let blob): blob.table
    case .damaged(let table, _): table
    }
  }
}

private func checkDatabase(_ bytes: [UInt8], options: BlobDecodingOptions) {
  let path = "/tmp/plistkit-fuzz-extract-\(getpid()).sqlite"
  guard write(bytes, to: path) else { return }
  defer { unlink(path) }
  guard let database = try? BlobDatabase(path: path), let tables = try? database.tables() else { return }
  let all = records(of: database, ExtractionQuery(), options: options)
  if all.count < recordBudget {
    for table in tables {
      let alone = records(of: database, ExtractionQuery(table: table.name), options: options)
      precondition(
        alone == all.filter { $0.table == table.name },
        "table \(table.name) alone gives other records than the whole extraction")
    }
  }
  precondition(read(path) == bytes, "extraction changed the database file")
}

/// The records `query` selects, up to the budget: a damaged table is a record, and the cursor
/// goes on with the next table.
private func records(of database: BlobDatabase, _ query: ExtractionQuery, options: BlobDecodingOptions) -> [Record] {
  guard let cursor = try? database.blobs(matching: query, options: options) else { return [] }
  var found: [Record] = []
  while found.count < recordBudget {
    do throws(DatabaseError) {
      guard let blob = try cursor.next() else { break }
      found.append(.blob(blob))
    } catch {
      precondition(error.table != nil, "a cursor's error names no table: \(error)")
      found.append(.damaged(table: error.table, message: error.message))
    }
  }
  return found
}

private func write(_ bytes: [UInt8], to path: String) -> Bool {
  guard let file = fopen(path, "wb") else { return false }
  defer { fclose(file) }
  return bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) } == bytes.count
}

private func read(_ path: String) -> [UInt8] {
  guard let file = fopen(path, "rb") else { return [] }
  defer { fclose(file) }
  var bytes: [UInt8] = []
  var chunk = [UInt8](repeating: 0, count: 65_536)
  while true {
    let count = chunk.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
    if count == 0 { return bytes }
    bytes += chunk[..<count]
  }
}

/// The entry point SwiftPM links as `main`: hands the command line to libFuzzer's driver.
@_cdecl("fuzz_extract_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
  plistkit_fuzz_main(argc, argv)
}
