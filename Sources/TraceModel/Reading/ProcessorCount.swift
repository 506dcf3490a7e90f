#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// How many processors this process may run on: the default number of reader threads.
@usableFromInline package enum ProcessorCount {
  /// On Linux the CPUs of the process's affinity (`Cpus_allowed_list` in /proc/self/status, so
  /// `taskset -c 0 tracecli …` reads on one thread); elsewhere the online processors.
  @usableFromInline package static let available: Int = {
    #if os(Linux)
      if let allowed = affinity() { return allowed }
    #endif
    return max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
  }()

  /// The number of CPUs a `Cpus_allowed_list` value names (`0-1,4` → 3); nil when it cannot
  /// be read.
  static func count(ofList list: String) -> Int? {
    var total = 0
    for part in list.split(separator: ",") {
      let bounds = part.split(separator: "-").map { Int($0.filter { $0 != " " && $0 != "\t" }) }
      guard let low = bounds.first ?? nil, bounds.count <= 2 else { return nil }
      let high = bounds.count == 2 ? bounds[1] : low
      guard let high, high >= low else { return nil }
      total += high - low + 1
    }
    return total > 0 ? total : nil
  }

  #if os(Linux)
    private static func affinity() -> Int? {
      guard let file = fopen("/proc/self/status", "r") else { return nil }
      defer { fclose(file) }
      var buffer = [CChar](repeating: 0, count: 4096)
      while fgets(&buffer, Int32(buffer.count), file) != nil {
        let line = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        if line.hasPrefix("Cpus_allowed_list:") {
          return count(ofList: String(line.dropFirst("Cpus_allowed_list:".count).filter { $0 != "\n" }))
        }
      }
      return nil
    }
  #endif
}
