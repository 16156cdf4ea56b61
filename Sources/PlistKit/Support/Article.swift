/// `an NSOrderedSet`, `an integer`, `a President`, `a uid`: a noun with its indefinite article,
/// for messages that name what they found. Nouns starting with a vowel sound take "an": a vowel
/// letter, or `NS` (read "en-ess"), but not a `u` read "you" (`uid`, `UID`, `UTF-8`, `URL`).
package func withArticle(_ noun: String) -> String {
  guard let first = noun.unicodeScalars.first else { return noun }
  let readAsYou = ["uid", "uu", "utf", "url"].contains { noun.lowercased().hasPrefix($0) }
  let vowel = ("AEIOUaeiou".unicodeScalars.contains(first) && !readAsYou) || noun.hasPrefix("NS")
  return (vowel ? "an " : "a ") + noun
}
