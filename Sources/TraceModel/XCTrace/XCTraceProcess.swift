/// A process as a recording names it: by name, and by pid where it says.
package struct XCTraceProcess: Hashable, Sendable, CustomStringConvertible {
  package var name: String?
  package var pid: Int64?

  package init(name: String?, pid: Int64?) {
    self.name = name
    self.pid = pid
  }

  /// Whether `other` is this process: by pid where both have one, else by name where both have
  /// one; when neither can be compared, nothing says it is another process, so it is.
  package func matches(_ other: XCTraceProcess) -> Bool {
    if let pid, let otherPID = other.pid { return pid == otherPID }
    if let name, let otherName = other.name { return name == otherName }
    return true
  }

  /// `FixIt (11101)`, as Instruments writes it.
  package var description: String {
    switch (name, pid) {
    case (let name?, let pid?): "\(name) (\(pid))"
    case (let name?, nil): name
    case (nil, let pid?): "pid \(pid)"
    case (nil, nil): "an unnamed process"
    }
  }
}
