/// `an NSOrderedSet`, `an integer`, `a President`: a noun with its indefinite article, for
/// messages that name what they found. Nouns starting with a vowel letter, or with `NS` (read
/// "en-ess"), take "an".
package func withArticle(_ noun: String) -> String {
  guard let first = noun.unicodeScalars.first else { return noun }
  let vowel = "AEIOUaeiou".unicodeScalars.contains(first) || noun.hasPrefix("NS")
  return (vowel ? "an " : "a ") + noun
}
