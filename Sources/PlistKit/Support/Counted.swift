/// `1 element`, `43 elements`, `1 entry`, `2 entries`: a count with its noun in the number it
/// takes, for messages that say how many there are.
package func counted(_ count: Int, _ singular: String, _ plural: String? = nil) -> String {
  "\(count) \(count == 1 ? singular : plural ?? singular + "s")"
}
