import PlistKit
import PlutilCompatibility
import StringCatalogs
import Testing

/// Random catalogs through the writer and the reader: the reader gives back the catalog the
/// writer was given, and the writer's output is a fixed point.
@Suite("random catalogs written and read")
struct WriterPropertyTests {
  @Test("write then read gives the same catalog, and writing again the same bytes", arguments: 0..<300)
  func roundTrip(seed: UInt64) throws {
    var random = RandomCatalog(seed: seed)
    let catalog = random.catalog()
    let written = StringCatalogWriter().write(catalog)
    let read = try StringCatalog(bytes: written)
    // Compared first as a flag: a failure prints the seed, not two whole catalogs.
    let same = read == catalog
    #expect(same, "seed \(seed)")
    #expect(StringCatalogWriter().write(read) == written, "seed \(seed)")
  }

  @Test("in Xcode's order the keys are sorted and the output is a fixed point", arguments: 0..<100)
  func xcodeOrder(seed: UInt64) throws {
    var random = RandomCatalog(seed: seed)
    let writer = StringCatalogWriter(keyOrder: .xcode)
    let written = writer.write(random.catalog())
    let read = try StringCatalog(bytes: written)
    #expect(read.strings.keys == PlutilKeyOrder.sorted(read.strings.keys), "seed \(seed)")
    #expect(writer.write(read) == written, "seed \(seed)")
  }
}
