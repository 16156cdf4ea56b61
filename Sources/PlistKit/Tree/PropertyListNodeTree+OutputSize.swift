extension PropertyListNodeTree {
  /// A generous guess at the bytes of the tree's XML, for the capacity of the array it is
  /// written into (see ``ChunkedOutput/collect(estimate:_:)``): a line or two of tags, tabs
  /// and a key for every node, and the text and data themselves. An array's capacity costs
  /// memory only where it is written, and a guess that falls short costs a copy, not an error.
  var xmlSizeEstimate: Int {
    let (text, longestKey) = textSizes
    return 256 + nodeCount * (64 + Swift.min(longestKey, 64)) + text + 2 * dataByteCount
  }

  /// A generous guess at the bytes of the tree's binary plist: an object, its offset and two
  /// references for every node, strings as UTF-16 at worst, and the data.
  var binarySizeEstimate: Int {
    let (text, _) = textSizes
    return 64 + nodeCount * 40 + 2 * text + dataByteCount
  }

  /// The UTF-8 bytes of the strings and keys, and the longest key.
  private var textSizes: (text: Int, longestKey: Int) {
    var text = 0
    var longestKey = 0
    for string in strings { text += string.utf8.count }
    for key in keys {
      let count = key.utf8.count
      text += count
      longestKey = Swift.max(longestKey, count)
    }
    return (text, longestKey)
  }
}
