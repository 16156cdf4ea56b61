extension EncodingArena {
  /// A generous guess at the bytes of the arena's XML, for the capacity of the array it is
  /// written into (see ``EncodingOutput/collect(estimate:_:)``): a line or two of tags, tabs
  /// and a key for every node, and the text and data themselves. An array's capacity costs
  /// memory only where it is written, and a guess that falls short costs a copy, not an error.
  var xmlSizeEstimate: Int {
    let (text, data, longestKey) = contentSizes
    return 256 + nodeCount * (64 + Swift.min(longestKey, 64)) + text + 2 * data
  }

  /// A generous guess at the bytes of the arena's binary plist: an object, its offset and two
  /// references for every node, strings as UTF-16 at worst, and the data.
  var binarySizeEstimate: Int {
    let (text, data, _) = contentSizes
    return 64 + nodeCount * 40 + 2 * text + data
  }

  /// The UTF-8 bytes of the strings and keys, the bytes of the data, and the longest key.
  private var contentSizes: (text: Int, data: Int, longestKey: Int) {
    var text = 0
    var longestKey = 0
    for string in strings { text += string.utf8.count }
    for key in keys {
      let count = key.utf8.count
      text += count
      longestKey = Swift.max(longestKey, count)
    }
    var data = 0
    for bytes in self.data { data += bytes.count }
    return (text, data, longestKey)
  }
}
