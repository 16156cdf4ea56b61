import PlistKit

extension ObjectGraph {
  /// The attributed string at node `id` (an `NSAttributedString`, `NSMutableAttributedString`
  /// or a subclass), with each run's attributes in their plain view; nil when the node is not
  /// one or its fields do not have the class's shape.
  ///
  /// - Throws: ``KeyedArchiveError/Kind/limitExceeded`` when an attribute's plain view passes
  ///   `limits`.
  public func attributedString(
    at id: Int, limits: ArchiveLimits = .default
  ) throws(KeyedArchiveError)
    -> ArchivedAttributedString?
  {
    guard let fields = classFields(at: id, among: ["NSAttributedString", "NSMutableAttributedString"]) else {
      return nil
    }
    var graph = self
    guard let layout = try AttributedStringLayout.read(fields, in: &graph) else { return nil }
    var runs: [ArchivedAttributedString.Run] = []
    for run in layout.runs {
      guard case .dictionary(let attributes) = try plainView(of: run.attributes, limits: limits) else { return nil }
      runs.append(ArchivedAttributedString.Run(range: run.range, attributes: attributes))
    }
    return ArchivedAttributedString(string: layout.string, runs: runs)
  }

  /// The colour at node `id` (an `NSColor` or a `UIColor`); nil when the node is not one or its
  /// fields do not have either shape.
  public func color(at id: Int) -> ArchivedColor? {
    guard let fields = classFields(at: id, among: ["NSColor", "UIColor"]) else { return nil }
    var graph = self
    return try? ArchivedColor.read(fields, in: &graph)
  }

  /// The geometry or range held by the `NSValue` at node `id`; nil when the node is not an
  /// `NSValue` or holds another kind of value.
  public func archivedValue(at id: Int) -> ArchivedValue? {
    guard let fields = classFields(at: id, among: ["NSValue"]) else { return nil }
    var graph = self
    return try? ArchivedValue.read(fields, in: &graph)
  }

  /// The ranges of the `NSIndexSet` or `NSMutableIndexSet` at node `id`; nil when the node is
  /// not one or is malformed.
  public func indexSet(at id: Int) -> ArchivedIndexSet? {
    guard let fields = classFields(at: id, among: ["NSIndexSet", "NSMutableIndexSet"]) else { return nil }
    var graph = self
    return try? ArchivedIndexSet.read(fields, in: &graph)
  }

  /// The `NSDecimalNumber` at node `id`, exactly; nil when the node is not one or is malformed.
  public func decimalNumber(at id: Int) -> ArchivedDecimal? {
    guard let fields = classFields(at: id, among: ["NSDecimalNumber", "NSDecimalNumberPlaceholder"]) else {
      return nil
    }
    var graph = self
    return try? ArchivedDecimal.read(fields, in: &graph)
  }

  /// The fields of node `id` when the first class of its chain that has a view is one of
  /// `names`, as the plain view decides.
  private func classFields(at id: Int, among names: Set<String>) -> ClassFields<ObjectGraph>? {
    guard id >= 0, id < count, case .instance(let instance) = self[id],
      let name = instance.classChain.lookupOrder.first(where: {
        FoundationClass.layouts[$0] != nil || ClassViews.names.contains($0)
      }), names.contains(name)
    else { return nil }
    return ClassFields(fields: instance.fields)
  }
}
