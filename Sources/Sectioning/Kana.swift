/// The kana rows of the Japanese index (the gojūon order).
enum Kana {
  /// The row titles: あ か さ た な は ま や ら わ.
  static let rowTitles = ["あ", "か", "さ", "た", "な", "は", "ま", "や", "ら", "わ"]

  /// The row of every hiragana from ぁ (U+3041) to ゖ (U+3096); katakana ァ…ヶ (U+30A1…U+30F6)
  /// are the same letters 0x60 higher. Voiced and small forms sit in their base row.
  private static let hiraganaRows: [UInt8] = {
    // (first code point, last code point, row)
    let runs: [(UInt32, UInt32, UInt8)] = [
      (0x3041, 0x304A, 0),  // ぁ あ … お
      (0x304B, 0x3054, 1),  // か が … ご
      (0x3055, 0x305E, 2),  // さ ざ … ぞ
      (0x305F, 0x3069, 3),  // た だ … っ … ど
      (0x306A, 0x306E, 4),  // な … の
      (0x306F, 0x307D, 5),  // は ば ぱ … ぽ
      (0x307E, 0x3082, 6),  // ま … も
      (0x3083, 0x3088, 7),  // ゃ や … よ
      (0x3089, 0x308D, 8),  // ら … ろ
      (0x308E, 0x3093, 9),  // ゎ わ ゐ ゑ を ん
      (0x3094, 0x3094, 0),  // ゔ (vu, with う)
      (0x3095, 0x3096, 1),  // ゕ ゖ (small ka, ke)
    ]
    var rows = [UInt8](repeating: 0, count: 0x3096 - 0x3041 + 1)
    for (first, last, row) in runs {
      for value in first...last { rows[Int(value - 0x3041)] = row }
    }
    return rows
  }()

  /// Rows of the small katakana extensions ㇰ…ㇿ (U+31F0…U+31FF).
  private static let smallExtensionRows: [UInt8] = [1, 2, 2, 3, 4, 5, 5, 5, 5, 5, 6, 8, 8, 8, 8, 8]

  /// Rows of half-width katakana ｦ…ﾝ (U+FF66…U+FF9D).
  private static let halfWidthRows: [UInt8?] = {
    var rows: [UInt8?] = [9]  // ｦ
    rows += [0, 0, 0, 0, 0]  // ｧ ｨ ｩ ｪ ｫ
    rows += [7, 7, 7, 3, nil]  // ｬ ｭ ｮ ｯ ｰ (the prolonged sound mark has no row)
    rows += [0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3]  // ｱ … ﾄ
    rows += [4, 4, 4, 4, 4, 5, 5, 5, 5, 5, 6, 6, 6, 6, 6, 7, 7, 7, 8, 8, 8, 8, 8]  // ﾅ … ﾛ
    rows += [9, 9]  // ﾜ ﾝ
    return rows
  }()

  /// The row of a kana, or nil for anything else (kanji included).
  static func rowIndex(of scalar: Unicode.Scalar) -> Int? {
    let value = scalar.value
    switch value {
    case 0x3041...0x3096: return Int(hiraganaRows[Int(value - 0x3041)])
    case 0x30A1...0x30F6: return Int(hiraganaRows[Int(value - 0x60 - 0x3041)])
    case 0x30F7...0x30FA: return 9  // ヷ ヸ ヹ ヺ: voiced ワ ヰ ヱ ヲ
    case 0x31F0...0x31FF: return Int(smallExtensionRows[Int(value - 0x31F0)])
    case 0xFF66...0xFF9D: return halfWidthRows[Int(value - 0xFF66)].map { Int($0) }
    default: return nil
    }
  }
}
