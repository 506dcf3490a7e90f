/// Why a JSON document cannot be read: where (nil for the whole document) and what is wrong.
package struct LocatedJSONError: Error, Hashable, Sendable {
  package var location: TextLocation?
  package var message: String

  package init(location: TextLocation?, message: String) {
    self.location = location
    self.message = message
  }
}
