import Foundation
import TestSupport
import Testing

@testable import TraceModel

/// Time Profiler `time-profile` tables read as `symbol` and `sample` events: the shipped samples
/// in both shapes, hand-made edge cases (`Fixtures/xctrace/xcode27/time-profile-states.xml`),
/// and real exports other people recorded (../shared/realdata, read in place).
///
/// The real exports' figures were computed once by `Fixtures/xctrace/fold-time-profile.py`, a
/// reader written apart from tracecli's (Python's `xml.etree`, every `id` resolved over the
/// whole document), and are hard-coded here.
struct XCTraceSamplesTests {
  private struct Collector: TraceSink {
    var events: [TraceEvent] = []
    var lines: [Int] = []

    mutating func consume(_ event: TraceEvent, line: Int, symbols: SymbolTable) {
      events.append(event)
      lines.append(line)
    }
  }

  /// A `symbol` event with its strings.
  private struct Function: Hashable, CustomStringConvertible {
    var name: String
    var binary: String?
    var user: Bool

    var description: String { "\(name) in \(binary ?? "no binary")\(user ? " (user)" : "")" }
  }

  /// What a reading gave.
  private struct Reading {
    var events: [TraceEvent]
    /// The JSON line of each event.
    var lines: [String]
    /// The line in the export each event came from.
    var sourceLines: [Int]
    var functions: [Int64: Function]
    /// The samples, with their thread's name (nil: the main thread).
    var samples: [(sample: Sample, thread: String?)]
    var threadNames: [String?]
    var warnings: [TraceWarning]
    var header: TraceHeader?
    var symbols: SymbolTable
  }

  private func read(
    _ paths: [String], process: String? = nil, chunkSize: Int = 1 << 20, readAhead: Bool = false
  ) throws -> Reading {
    let reading = try XCTraceReader.read(
      paths: paths, chunkSize: chunkSize, readAhead: readAhead, process: process
    ) { Collector() }
    let part = try #require(reading.parts.first)
    let symbols = part.symbols
    var functions: [Int64: Function] = [:]
    var samples: [(Sample, String?)] = []
    var threadNames: [String?] = []
    for event in part.sink.events {
      switch event {
      case .symbol(let symbol):
        functions[symbol.id] = Function(
          name: symbols[symbol.name], binary: symbol.binary.map { symbols[$0] }, user: symbol.user)
      case .sample(let sample):
        samples.append((sample, sample.isMainThread ? nil : sample.thread.map { symbols[$0] }))
      case .update(let update):
        threadNames.append(update.isMainThread ? nil : update.thread.map { symbols[$0] })
      default:
        break
      }
    }
    return Reading(
      events: part.sink.events,
      lines: part.sink.events.map { JSONLinesWriter.line(for: $0, symbols: symbols) },
      sourceLines: part.sink.lines, functions: functions, samples: samples, threadNames: threadNames,
      warnings: reading.report.warnings, header: reading.header, symbols: symbols)
  }

  /// A scratch folder with `files` (name → text), removed by the caller.
  private func folder(_ files: [String: String]) throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("samples-\(UUID().uuidString)")
      .path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    for (name, text) in files { try Data(text.utf8).write(to: URL(fileURLWithPath: path + "/" + name)) }
    return path
  }

  // MARK: - Folding

  /// The samples' stacks folded: function names root first, joined by `;` (`(no frames)` for
  /// an empty stack), each with the summed weight of the samples that have it.
  private func folded(_ reading: Reading) -> [String: Int64] {
    var folded: [String: Int64] = [:]
    for (sample, _) in reading.samples {
      let names = sample.stack.reversed().map { reading.functions[$0]?.name ?? "unknown #\($0)" }
      folded[names.isEmpty ? "(no frames)" : names.joined(separator: ";"), default: 0] += sample.weight
    }
    return folded
  }

  /// FNV-1a 64 of the folded stacks as `stack<TAB>weight` lines, sorted by their UTF-8 bytes and
  /// joined by newlines: the digest `fold-time-profile.py` prints.
  private func digest(_ folded: [String: Int64]) -> UInt64 {
    let lines = folded.map { "\($0.key)\t\($0.value)" }.sorted {
      $0.utf8.lexicographicallyPrecedes($1.utf8)
    }
    var digest: UInt64 = 0xCBF2_9CE4_8422_2325
    for byte in lines.joined(separator: "\n").utf8 {
      digest = (digest ^ UInt64(byte)) &* 0x100_0000_01B3
    }
    return digest
  }

  /// The summed weight of the samples of each thread (`main` for the main thread).
  private func weightByThread(_ reading: Reading) -> [String: Int64] {
    var weights: [String: Int64] = [:]
    for (sample, thread) in reading.samples { weights[thread ?? "main", default: 0] += sample.weight }
    return weights
  }

  /// Checks what the trace format asks of symbols: each comes before the first sample naming
  /// it, ids 1, 2, 3… in the order stacks first name them, and no two for one function.
  private func expectSymbolsInOrderOfUse(
    _ reading: Reading, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    var defined = Set<Int64>()
    var firstUses: [Int64] = []
    for event in reading.events {
      switch event {
      case .symbol(let symbol):
        #expect(symbol.id == Int64(defined.count + 1), "symbol ids in order", sourceLocation: sourceLocation)
        defined.insert(symbol.id)
      case .sample(let sample):
        for id in sample.stack where !firstUses.contains(id) {
          #expect(
            defined.contains(id), "symbol \(id) before its first sample", sourceLocation: sourceLocation)
          firstUses.append(id)
        }
      default:
        break
      }
    }
    #expect(
      firstUses == (0..<firstUses.count).map { Int64($0 + 1) }, "ids in the order of first use",
      sourceLocation: sourceLocation)
    #expect(firstUses.count == defined.count, "every symbol used", sourceLocation: sourceLocation)
    #expect(
      Set(reading.functions.values.map { [$0.name, $0.binary ?? ""] }).count == reading.functions.count,
      "one symbol per function", sourceLocation: sourceLocation)
  }

  // MARK: - The shipped samples

  @Test func bothShapesOfTheShippedSamplesGiveTheSameEvents() throws {
    let backtraces = try read([Fixture.path("xctrace/time-profile/time-profile.xml")])
    let tagged = try read([Fixture.path("xctrace/xcode27/time-profile.xml")])
    #expect(backtraces.lines == tagged.lines)
    #expect(backtraces.samples.count == 26 && backtraces.functions.count == 49)
    #expect(backtraces.warnings.isEmpty && tagged.warnings.isEmpty)
    // The figures fold-time-profile.py gives for both files.
    let stacks = folded(backtraces)
    #expect(stacks.count == 19)
    #expect(digest(stacks) == 0x2025_904f_01c6_110b)
    #expect(
      weightByThread(tagged) == ["main": 23_000_000, "com.apple.SwiftUI.AsyncRenderer 0x2a1c3": 3_000_000])
    #expect(stacks["(no frames)"] == 1_000_000)
    #expect(
      stacks[
        "_pthread_start;__NSThread__start__;closure #1 in DisplayLink.asyncThread(arg:);RB::Renderer::render(RB::DisplayList const&)"
      ]
        == 3_000_000)
    // The app's own code: the five functions of its main binary.
    #expect(
      Set(backtraces.functions.values.filter(\.user).map(\.name)) == [
        "static LandmarksApp.$main()", "main", "LandmarkListItemView.body.getter",
        "protocol witness for View.body.getter in conformance LandmarkListItemView",
        "LandmarkListItemView.distance.getter",
      ])
    #expect(backtraces.functions.values.filter(\.user).allSatisfy { $0.binary == "Landmarks" })
    #expect(backtraces.header?.app == "Landmarks" && backtraces.header?.recorded == ["samples"])
    expectSymbolsInOrderOfUse(tagged)
  }

  @Test(arguments: ["time-profile/time-profile.xml", "xcode27/time-profile.xml"])
  func stacksReadAgainFromTheFileAreTheSame(_ name: String) throws {
    // With a 64-byte window, every new stack element has left the window by the end of its
    // row: it is read again from the file. Reading ahead or not, the same events.
    let path = Fixture.path("xctrace/\(name)")
    let whole = try read([path])
    for readAhead in [false, true] {
      let small = try read([path], chunkSize: 64, readAhead: readAhead)
      #expect(small.lines == whole.lines, "reading ahead: \(readAhead)")
      #expect(small.warnings.isEmpty)
    }
  }

  /// The time-profile tables of the story exports (`Fixtures/xctrace/stories/`, written by the
  /// CLI tests' export writer from the stories' samples): both shapes give the same events,
  /// whatever the read window; the functions are those of the story's `symbol`s.
  @Test(arguments: ["landmarks-before", "slow-init"])
  func bothShapesOfTheStoryExportsGiveTheSameEventsInAnyWindow(_ story: String) throws {
    let paths = ["xcode26", "xcode27"].map { Fixture.path("xctrace/stories/\($0)/\(story)/time-profile.xml") }
    let backtraces = try read([paths[0]])
    #expect(backtraces.samples.count == (story == "slow-init" ? 57 : 379))
    #expect(backtraces.warnings.isEmpty)
    expectSymbolsInOrderOfUse(backtraces)
    #expect(
      Set(backtraces.functions.values.filter(\.user).map(\.binary)) == ["Landmarks"]
        && backtraces.functions.values.contains { $0.binary == "Foundation" && !$0.user })
    for path in paths {
      for (chunkSize, readAhead) in [(1 << 20, true), (64, false), (64, true), (4096, true)] {
        let reading = try read([path], chunkSize: chunkSize, readAhead: readAhead)
        #expect(reading.lines == backtraces.lines, "\(path) chunk \(chunkSize) reading ahead: \(readAhead)")
        #expect(reading.warnings.isEmpty)
      }
    }
  }

  // MARK: - Real exports

  /// A real export and what fold-time-profile.py says of it.
  struct RealExport: Sendable, CustomTestStringConvertible {
    var path: String
    var samples: Int
    var weight: Int64
    var functions: Int
    var userFunctions: Int
    var stacks: [String: Int64]
    var testDescription: String { path }
  }

  /// jonhoo/inferno's test exports: a Rust program on Apple silicon, its main thread spelled
  /// `main  0x… (rust_test2, pid: N)`; the second has frames without `<binary>`.
  static let infernoExports = [
    RealExport(
      path: "inferno/basic.xml", samples: 9581, weight: 9_581_000_000, functions: 12, userFunctions: 9,
      stacks: [
        "start;0x18d3df0f1": 1_000_000,
        "start;dyld4::prepare(dyld4::APIs&, dyld3::MachOAnalyzer const*)": 1_000_000,
        "start;main;std::rt::lang_start_internal::hfc27b745d167a74d;std::rt::lang_start::_$u7b$$u7b$closure$u7d$$u7d$::h7d0ebd26afb1a225;std::sys_common::backtrace::__rust_begin_short_backtrace::h4f1b05744198b1bb;core::cmp::impls::_$LT$impl$u20$core..cmp..PartialOrd$u20$for$u20$i32$GT$::lt::heea0efdba6786740":
          53_000_000,
        "start;main;std::rt::lang_start_internal::hfc27b745d167a74d;std::rt::lang_start::_$u7b$$u7b$closure$u7d$$u7d$::h7d0ebd26afb1a225;std::sys_common::backtrace::__rust_begin_short_backtrace::h4f1b05744198b1bb;rust_test2::main::h2640131654657f56":
          1_490_000_000,
        "start;main;std::rt::lang_start_internal::hfc27b745d167a74d;std::rt::lang_start::_$u7b$$u7b$closure$u7d$$u7d$::h7d0ebd26afb1a225;std::sys_common::backtrace::__rust_begin_short_backtrace::h4f1b05744198b1bb;rust_test2::main::h2640131654657f56;_$LT$core..ops..range..Range$LT$T$GT$$u20$as$u20$core..iter..range..RangeIteratorImpl$GT$::spec_next::hf9c9d8b5165416db":
          1_274_000_000,
        "start;main;std::rt::lang_start_internal::hfc27b745d167a74d;std::rt::lang_start::_$u7b$$u7b$closure$u7d$$u7d$::h7d0ebd26afb1a225;std::sys_common::backtrace::__rust_begin_short_backtrace::h4f1b05744198b1bb;rust_test2::main::h2640131654657f56;rust_test2::bar::h508fcdedd66efbaa":
          3_548_000_000,
        "start;main;std::rt::lang_start_internal::hfc27b745d167a74d;std::rt::lang_start::_$u7b$$u7b$closure$u7d$$u7d$::h7d0ebd26afb1a225;std::sys_common::backtrace::__rust_begin_short_backtrace::h4f1b05744198b1bb;rust_test2::main::h2640131654657f56;rust_test2::foo::ha31fba0d06a8a3eb":
          3_214_000_000,
      ]),
    RealExport(
      path: "inferno/simple_frame_without_binary_info.xml", samples: 9716, weight: 9_716_000_000,
      functions: 16,
      userFunctions: 9,
      stacks: [
        "0x104745730;0x1047b15cd": 1_000_000,
        "start;dyld4::prepare(dyld4::APIs&, dyld3::MachOAnalyzer const*)": 1_000_000,
        "start;dyld4::prepare(dyld4::APIs&, dyld3::MachOAnalyzer const*);dyld4::APIs::runAllInitializersForMain();dyld4::RuntimeState::notifyObjCInit(dyld4::Loader const*);__kdebug_trace64":
          1_000_000,
        "start;main;std::rt::lang_start_internal::he4f67815a0d7e3d3;std::rt::lang_start::_$u7b$$u7b$closure$u7d$$u7d$::h71425ebf417dd1d1;std::sys_common::backtrace::__rust_begin_short_backtrace::h0f1cd3efd409020b;core::cmp::impls::_$LT$impl$u20$core..cmp..PartialOrd$u20$for$u20$i32$GT$::lt::h83a6ff38d43e0d55":
          55_000_000,
        "start;main;std::rt::lang_start_internal::he4f67815a0d7e3d3;std::rt::lang_start::_$u7b$$u7b$closure$u7d$$u7d$::h71425ebf417dd1d1;std::sys_common::backtrace::__rust_begin_short_backtrace::h0f1cd3efd409020b;rust_test2::main::ha39313449ba5fac4":
          1_511_000_000,
        "start;main;std::rt::lang_start_internal::he4f67815a0d7e3d3;std::rt::lang_start::_$u7b$$u7b$closure$u7d$$u7d$::h71425ebf417dd1d1;std::sys_common::backtrace::__rust_begin_short_backtrace::h0f1cd3efd409020b;rust_test2::main::ha39313449ba5fac4;_$LT$core..ops..range..Range$LT$T$GT$$u20$as$u20$core..iter..range..RangeIteratorImpl$GT$::spec_next::h89148bc07d25b3ae":
          1_347_000_000,
        "start;main;std::rt::lang_start_internal::he4f67815a0d7e3d3;std::rt::lang_start::_$u7b$$u7b$closure$u7d$$u7d$::h71425ebf417dd1d1;std::sys_common::backtrace::__rust_begin_short_backtrace::h0f1cd3efd409020b;rust_test2::main::ha39313449ba5fac4;rust_test2::bar::h7c08b7337fc033e2":
          3_519_000_000,
        "start;main;std::rt::lang_start_internal::he4f67815a0d7e3d3;std::rt::lang_start::_$u7b$$u7b$closure$u7d$$u7d$::h71425ebf417dd1d1;std::sys_common::backtrace::__rust_begin_short_backtrace::h0f1cd3efd409020b;rust_test2::main::ha39313449ba5fac4;rust_test2::foo::h170c4375781a03d8":
          3_281_000_000,
      ]),
  ]

  @Test(arguments: infernoExports)
  func theInfernoExportsFoldAsAnIndependentReaderFoldsThem(_ export: RealExport) throws {
    guard let path = RealData.path(export.path) else { return }
    let reading = try read([path])
    #expect(reading.samples.count == export.samples)
    #expect(reading.samples.map(\.sample.weight).reduce(0, +) == export.weight)
    #expect(folded(reading) == export.stacks)
    #expect(reading.functions.count == export.functions)
    // The program's own binary is named as its process (no .app bundle): its functions are the app's.
    #expect(reading.functions.values.filter(\.user).count == export.userFunctions)
    #expect(reading.functions.values.filter(\.user).allSatisfy { $0.binary == "rust_test2" })
    // `main  0x… (rust_test2, pid: N)` is the main thread.
    #expect(reading.samples.allSatisfy { $0.sample.isMainThread && $0.thread == nil })
    #expect(reading.warnings.isEmpty)
    #expect(reading.header?.app == "rust_test2" && reading.header?.recorded == ["samples"])
    expectSymbolsInOrderOfUse(reading)
  }

  @Test func theJavaExportFoldsAsAnIndependentReaderFoldsIt() throws {
    // fzhinkin/xctraceprof: a JVM's threads, three samples without frames (`<sentinel/>`).
    guard let path = RealData.path("xctraceprof/time-profile.xml") else { return }
    let reading = try read([path])
    #expect(reading.samples.count == 105)
    #expect(reading.samples.map(\.sample.weight).reduce(0, +) == 105_000_000)
    #expect(reading.functions.count == 380)
    let stacks = folded(reading)
    #expect(stacks.count == 65)
    #expect(digest(stacks) == 0x1cb6_07de_9d0d_d1f7)
    #expect(stacks["(no frames)"] == 3_000_000)
    // Thread names as updates' are named: without the `(java, pid: 23369)` suffix, the tid kept.
    #expect(
      weightByThread(reading) == [
        "main": 14_000_000, "ThreadJavaMain 0xe787e": 55_000_000, "_pthread_start 0xe787d": 19_000_000,
        "Java: VM Periodic Task Thread 0xe7890": 6_000_000, "Java: C2 CompilerThread0 0xe788c": 3_000_000,
        "Java: Monitor Deflation Thread 0xe788b": 3_000_000, "Java: C1 CompilerThread0 0xe788d": 2_000_000,
        "Java: Service Thread 0xe788a": 1_000_000, "Java: VM Thread 0xe7884": 1_000_000,
        "_dispatch_worker_thread2 0xe7887": 1_000_000,
      ])
    #expect(reading.functions.values.filter(\.user) == [Function(name: "main", binary: "java", user: true)])
    #expect(reading.functions.values.filter { $0.binary == nil }.count == 15)
    #expect(reading.warnings.isEmpty)
    expectSymbolsInOrderOfUse(reading)
  }

  // MARK: - Threads

  @Test func aSampleAndAnUpdateOfOneThreadNameItAlike() throws {
    // The SwiftUI tables spell threads `Main Thread (0x…) (App, pid: N)`; Time Profiler
    // `Main Thread  0x… (…)`, or `main  0x… (…)`. Two threads of one queue stay apart.
    let updates = """
      <?xml version="1.0"?>
      <trace-query-result><node><schema name="swiftui-updates"><col><mnemonic>start</mnemonic></col>\
      <col><mnemonic>duration</mnemonic></col><col><mnemonic>id</mnemonic></col>\
      <col><mnemonic>update-type</mnemonic></col><col><mnemonic>description</mnemonic></col>\
      <col><mnemonic>thread</mnemonic></col><col><mnemonic>process</mnemonic></col></schema>
      <row><start-time>1000</start-time><duration>500</duration><uint64>1</uint64><string>View Body Updates</string>\
      <string>ItemRow.body</string><thread id="1" fmt="Main Thread (0x1e9000) (Landmarks, pid: 1001)">\
      <tid fmt="0x1e9000">1998848</tid><process id="2" fmt="Landmarks (1001)"><pid>1001</pid></process></thread>\
      <process ref="2"/></row>
      <row><start-time>2000</start-time><duration>500</duration><uint64>2</uint64><string>Other Updates</string>\
      <string>Layout</string><thread id="3" fmt="com.apple.SwiftUI.AsyncRenderer (0x2a1c3) (Landmarks, pid: 1001)">\
      <tid fmt="0x2a1c3">172483</tid><process ref="2"/></thread><process ref="2"/></row>
      </node></trace-query-result>
      """
    let samples = """
      <?xml version="1.0"?>
      <trace-query-result><node><schema name="time-profile"><col><mnemonic>time</mnemonic></col>\
      <col><mnemonic>thread</mnemonic></col><col><mnemonic>process</mnemonic></col>\
      <col><mnemonic>thread-state</mnemonic></col><col><mnemonic>weight</mnemonic></col>\
      <col><mnemonic>stack</mnemonic></col></schema>
      <row><sample-time>1100</sample-time><thread id="1" fmt="Main Thread  0x1e9000 (Landmarks, pid: 1001)">\
      <tid fmt="0x1e9000">1998848</tid><process id="2" fmt="Landmarks (1001)"><pid>1001</pid></process></thread>\
      <process ref="2"/><thread-state id="3" fmt="Running">Running</thread-state><weight id="4" fmt="1.00 ms">1000000</weight>\
      <sentinel/></row>
      <row><sample-time>1200</sample-time><thread id="5" fmt="main  0x1e9000 (Landmarks, pid: 1001)">\
      <tid fmt="0x1e9000">1998848</tid><process ref="2"/></thread><process ref="2"/><thread-state ref="3"/>\
      <weight ref="4"/><sentinel/></row>
      <row><sample-time>2100</sample-time><thread id="6" fmt="com.apple.SwiftUI.AsyncRenderer  0x2a1c3 (Landmarks, pid: 1001)">\
      <tid fmt="0x2a1c3">172483</tid><process ref="2"/></thread><process ref="2"/><thread-state ref="3"/>\
      <weight ref="4"/><sentinel/></row>
      <row><sample-time>2200</sample-time><thread id="7" fmt="com.apple.SwiftUI.AsyncRenderer  0x2a1c4 (Landmarks, pid: 1001)">\
      <tid fmt="0x2a1c4">172484</tid><process ref="2"/></thread><process ref="2"/><thread-state ref="3"/>\
      <weight ref="4"/><sentinel/></row>
      </node></trace-query-result>
      """
    let directory = try folder(["swiftui-updates.xml": updates, "time-profile.xml": samples])
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let reading = try read([directory])
    #expect(reading.threadNames == [nil, "com.apple.SwiftUI.AsyncRenderer 0x2a1c3"])
    #expect(
      reading.samples.map(\.thread) == [
        nil, nil, "com.apple.SwiftUI.AsyncRenderer 0x2a1c3", "com.apple.SwiftUI.AsyncRenderer 0x2a1c4",
      ])
    #expect(reading.samples.prefix(2).allSatisfy { $0.sample.isMainThread && $0.sample.thread == nil })
    // The same symbol, as the analysis compares threads.
    let updateThreads = reading.events.compactMap { event -> Symbol? in
      if case .update(let update) = event { return update.thread }
      return nil
    }
    #expect(updateThreads.count == 1 && reading.samples[2].sample.thread == updateThreads.first)
    #expect(reading.header?.recorded == ["updates", "samples"])
  }

  // MARK: - The app's own code, frames without binaries

  @Test func theAppsOwnCodeIsItsMainBinaryAndWhatItsBundleHolds() throws {
    let reading = try read([Fixture.path("xctrace/xcode27/time-profile-states.xml")])
    #expect(
      reading.functions == [
        1: Function(name: "ImageCache.decode(_:)", binary: "LandmarksKit", user: true),
        2: Function(name: "ImageCache.load(_:)", binary: "LandmarksKit", user: true),
        3: Function(name: "main", binary: "Landmarks", user: true),
        4: Function(name: "start", binary: "dyld", user: false),
        5: Function(name: "0x1b2c4d5e8", binary: nil, user: false),
      ])
    // A bundle named apart from its executable: the main binary (named as the process) tells
    // where it is; a binary inside another app's bundle is not the app's. The same by pid alone.
    let text = """
      <?xml version="1.0"?>
      <trace-query-result><node><schema name="time-profile"><col><mnemonic>time</mnemonic></col>\
      <col><mnemonic>thread</mnemonic></col><col><mnemonic>process</mnemonic></col>\
      <col><mnemonic>weight</mnemonic></col><col><mnemonic>stack</mnemonic></col></schema>
      <row><sample-time>5</sample-time><thread fmt="Main Thread  0x1 (Landmarks, pid: 7)"/>\
      <process fmt="Landmarks (7)"/><weight>1000000</weight><backtrace>\
      <frame name="Plugin.run()" addr="0x30"><binary name="Plugin" path="/Applications/Other.app/Contents/Frameworks/Plugin"/></frame>\
      <frame name="Kit.load()" addr="0x20"><binary name="Kit" path="/Applications/Landmarks Beta.app/Contents/Frameworks/Kit.framework/Kit"/></frame>\
      <frame name="main" addr="0x10"><binary name="Landmarks" path="/Applications/Landmarks Beta.app/Contents/MacOS/Landmarks"/></frame>\
      </backtrace></row>
      </node></trace-query-result>
      """
    let file = try TemporaryFile(text, name: "time-profile.xml")
    defer { file.remove() }
    for process in [nil, "Landmarks", "7"] {
      let renamed = try read([file.path], process: process)
      #expect(
        renamed.functions.values.sorted { $0.name < $1.name } == [
          Function(name: "Kit.load()", binary: "Kit", user: true),
          Function(name: "Plugin.run()", binary: "Plugin", user: false),
          Function(name: "main", binary: "Landmarks", user: true),
        ], "--process \(process ?? "(none)")")
    }
  }

  @Test func aFrameWithoutABinaryIsAFunctionOfItsNameAndOneFunctionHasOneSymbol() throws {
    let reading = try read([Fixture.path("xctrace/xcode27/time-profile-states.xml")])
    // `ImageCache.decode(_:)` is written as frames at 0x101a04480 and 0x101a044b8: one symbol.
    #expect(
      reading.samples.map(\.sample.stack) == [[1, 2, 3, 4], [1, 2, 3, 4], [5, 1, 3, 4], [1, 2, 3, 4], []])
    #expect(reading.functions[5] == Function(name: "0x1b2c4d5e8", binary: nil, user: false))
    #expect(reading.lines.contains(#"{"type":"symbol","id":5,"name":"0x1b2c4d5e8"}"#))
    guard let path = RealData.path("inferno/simple_frame_without_binary_info.xml") else { return }
    let real = try read([path])
    #expect(
      Set(real.functions.values.filter { $0.binary == nil }) == [
        Function(name: "0x1047b15cd", binary: nil, user: false),
        Function(name: "0x104745730", binary: nil, user: false),
      ])
  }

  // MARK: - Rows left out

  @Test func samplesOfThreadsNotRunningAreSkippedAndCounted() throws {
    let path = Fixture.path("xctrace/xcode27/time-profile-states.xml")
    let reading = try read([path])
    // Rows 1, 5 and 8 (Blocked, Waiting, Blocked) are left out; their stacks still define the
    // frames later rows name.
    #expect(
      reading.samples.map(\.sample.time) == [
        1_000_250_000, 1_000_500_000, 1_000_750_000, 1_001_250_000, 1_001_500_000,
      ])
    #expect(reading.samples.allSatisfy { $0.sample.weight == 250_000 })
    #expect(
      reading.warnings == [
        TraceWarning(
          file: path, line: 3,
          message: #"table "time-profile": skipped 3 samples of threads not running (Blocked ×2, Waiting ×1)"#
        )
      ])
    // Each event names the line of its row.
    #expect(reading.sourceLines == [5, 5, 5, 5, 5, 6, 7, 7, 9, 10])
    expectSymbolsInOrderOfUse(reading)
    // A trimmed copy of a real export (apple-profiler's fixture) with a Blocked worker thread.
    guard let trimmed = RealData.path("apple-profiler/time_profile.xml") else { return }
    let finder = try read([trimmed])
    #expect(finder.samples.count == 2)
    #expect(
      finder.warnings.map(\.message) == [
        #"table "time-profile": skipped 1 samples of threads not running (Blocked ×1)"#
      ])
  }

  /// A time-profile table with one sample of each of `Landmarks (1001)` and `SpringBoard (34)`.
  private let twoProcesses = """
    <?xml version="1.0"?>
    <trace-query-result><node><schema name="time-profile"><col><mnemonic>time</mnemonic></col>\
    <col><mnemonic>thread</mnemonic></col><col><mnemonic>process</mnemonic></col>\
    <col><mnemonic>weight</mnemonic></col><col><mnemonic>stack</mnemonic></col></schema>
    <row><sample-time>5</sample-time><thread fmt="Main Thread  0x1 (Landmarks, pid: 1001)"/>\
    <process id="1" fmt="Landmarks (1001)"><pid>1001</pid></process><weight id="2">1000000</weight>\
    <backtrace id="3"><frame id="4" name="main" addr="0x10"><binary id="5" name="Landmarks" path="/a/Landmarks.app/Landmarks"/></frame></backtrace></row>
    <row><sample-time>6</sample-time><thread fmt="Main Thread  0x9 (SpringBoard, pid: 34)"/>\
    <process id="6" fmt="SpringBoard (34)"><pid>34</pid></process><weight ref="2"/><backtrace ref="3"/></row>
    </node></trace-query-result>
    """

  @Test func otherProcessesSamplesAreLeftOutOnceTheAppIsKnown() throws {
    let file = try TemporaryFile(twoProcesses, name: "time-profile.xml")
    defer { file.remove() }
    // Nothing says which process is the app: refused, as for hitches.
    #expect(
      throws: TraceReadError.ambiguousInput(
        "the recording holds the samples of 2 processes, and nothing says which one is the app "
          + "(no table of contents naming its target, no SwiftUI tables); pick one with --process NAME: "
          + "Landmarks (1001), SpringBoard (34)")
    ) { try read([file.path]) }
    let landmarks = try read([file.path], process: "Landmarks")
    #expect(landmarks.samples.map(\.sample.time) == [5])
    #expect(
      landmarks.warnings.map(\.message) == [
        #"table "time-profile": left out 1 samples of other processes than Landmarks: SpringBoard (34) ×1"#
      ])
    let springBoard = try read([file.path], process: "34")
    #expect(springBoard.samples.map(\.sample.time) == [6])
    // Its stack was read in the left-out row; the binary is not SpringBoard's own.
    #expect(springBoard.functions == [1: Function(name: "main", binary: "Landmarks", user: false)])
    #expect(
      throws: TraceReadError.ambiguousInput(
        "--process Nope names none of the processes whose samples the recording holds: "
          + "Landmarks (1001), SpringBoard (34)")
    ) { try read([file.path], process: "Nope") }
  }

  // MARK: - Other tables

  @Test func cpuProfileTablesAreNotedAndNotRead() throws {
    // A cpu-profile table's weights are CPU cycles: never read as time.
    let columns = """
      <col><mnemonic>time</mnemonic><engineering-type>sample-time</engineering-type></col>\
      <col><mnemonic>weight</mnemonic><engineering-type>cycle-weight</engineering-type></col>\
      <col><mnemonic>stack</mnemonic><engineering-type>backtrace</engineering-type></col></schema>
      <row><sample-time>5</sample-time><cycle-weight>2500000</cycle-weight><sentinel/></row>
      </node></trace-query-result>
      """
    let named = try TemporaryFile(
      "<?xml version=\"1.0\"?>\n<trace-query-result><node><schema name=\"cpu-profile\">" + columns,
      name: "a.xml")
    let unnamed = try TemporaryFile(
      "<?xml version=\"1.0\"?>\n<trace-query-result><node><schema>" + columns, name: "b.xml")
    defer {
      named.remove()
      unnamed.remove()
    }
    let reading = try read([named.path])
    #expect(reading.events.isEmpty)
    #expect(
      reading.warnings.map(\.message) == [
        #"table "cpu-profile" (1 rows): cycle weights, not time; tracecli reads time-profile; skipped"#
      ])
    #expect(reading.header?.recorded == [])
    #expect(
      try read([unnamed.path]).warnings.map(\.message) == [
        "table (unnamed; read as cpu-profile by its columns) (1 rows): cycle weights, not time; tracecli reads time-profile; skipped"
      ])
    for (export, rows) in [
      ("xctraceprof/cpu-profile.xml", 584), ("apple-profiler/real__finder_cpu_profile.xml", 91),
    ] {
      guard let path = RealData.path(export) else { continue }
      let real = try read([path])
      #expect(real.events.isEmpty, "\(export)")
      #expect(
        real.warnings.map(\.message) == [
          "table \"cpu-profile\" (\(rows) rows): cycle weights, not time; tracecli reads time-profile; skipped"
        ])
    }
  }

  @Test func anUnnamedTableIsReadByItsColumns() throws {
    let path = Fixture.path("xctrace/time-profile/time-profile.xml")
    let text = try String(contentsOfFile: path, encoding: .utf8)
    let unnamed = text.replacingOccurrences(of: #"<schema name="time-profile">"#, with: "<schema>")
    #expect(unnamed != text)
    let file = try TemporaryFile(unnamed, name: "unnamed.xml")
    defer { file.remove() }
    let reading = try read([file.path])
    #expect(reading.lines == (try read([path])).lines)
    #expect(reading.header?.recorded == ["samples"])
  }

  @Test(arguments: ["time-profile/time-profile.xml", "xcode27/time-profile-states.xml"])
  func damagedExportsNeverCrashAndImportToValidTraces(_ name: String) throws {
    let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: Fixture.path("xctrace/\(name)"))))
    var variants: [[UInt8]] = stride(from: 1, to: bytes.count, by: 89).map { Array(bytes.prefix($0)) }
    var seed: UInt64 = 11
    for _ in 0..<150 {
      var corrupted = bytes
      for _ in 0..<3 {
        seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        let position = Int((seed >> 33) % UInt64(bytes.count))
        corrupted[position] = Array("<>/\"=&#;x0 \n\u{C3}".utf8)[Int(seed >> 60) % 14]
      }
      variants.append(corrupted)
    }
    for variant in variants {
      let file = try TemporaryFile(bytes: variant, name: "v.xml")
      defer { file.remove() }
      // Stacks read from the window or the file, reading ahead or not: the same outcome.
      let outcomes = [(1 << 20, false), (64, false), (64, true)].map { chunkSize, readAhead -> String in
        do {
          let reading = try read([file.path], chunkSize: chunkSize, readAhead: readAhead)
          return reading.lines.joined(separator: "\n")
        } catch {
          return "error: \(error)"
        }
      }
      #expect(
        outcomes[1] == outcomes[0] && outcomes[2] == outcomes[0], "\(name): the window changed the result")
      guard let reading = try? read([file.path]) else { continue }
      // Whatever was read makes a valid trace.
      var writer = JSONLinesWriter()
      writer.append(reading.header ?? TraceHeader())
      let trace = try TemporaryFile(
        String(decoding: writer.bytes, as: UTF8.self) + reading.lines.map { $0 + "\n" }.joined())
      defer { trace.remove() }
      #expect(throws: Never.self) {
        _ = try JSONLinesReader.read(path: trace.path, threads: 1) { Collector() }
      }
      expectSymbolsInOrderOfUse(reading)
    }
  }

  // MARK: - Import and bundles

  @Test func theImportWritesSymbolsAndSamplesThatReadBack() throws {
    var text = ""
    let result = try XCTraceImporter.convert(paths: [Fixture.path("xctrace/xcode27/time-profile-states.xml")])
    {
      text += String(decoding: $0, as: UTF8.self)
      return true
    }
    let lines = text.split(separator: "\n").map(String.init)
    #expect(result.events == 10 && lines.count == 11)
    #expect(
      lines[1]
        == #"{"type":"symbol","id":1,"name":"ImageCache.decode(_:)","binary":"LandmarksKit","user":true}"#)
    #expect(lines[5] == #"{"type":"sample","time":1000250000,"weight":250000,"stack":[1,2,3,4]}"#)
    #expect(
      lines[9]
        == #"{"type":"sample","time":1001250000,"weight":250000,"thread":"com.apple.SwiftUI.AsyncRenderer 0x2a1c3","stack":[1,2,3,4]}"#
    )
    #expect(lines[10] == #"{"type":"sample","time":1001500000,"weight":250000,"stack":[]}"#)
    // What the importer wrote is a trace tracecli reads back, line for line (the header too).
    let trace = try TemporaryFile(text)
    defer { trace.remove() }
    let back = try JSONLinesReader.read(path: trace.path, threads: 1) { Collector() }
    let part = try #require(back.parts.first)
    #expect(part.sink.events.map { JSONLinesWriter.line(for: $0, symbols: part.symbols) } == lines)
  }

  @Test func aTraceBundleExportsItsTimeProfile() throws {
    // The one list the bundle exporter and the printed export loop follow.
    #expect(XCTraceTables.all.contains("time-profile") && !XCTraceTables.all.contains("cpu-profile"))
    #expect(XCTraceTables.chosen(in: ["thread-state", "cpu-profile", "time-profile"]) == ["time-profile"])
    // A bundle of Time Profiler tables, through the stand-in xctrace.
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
      "profiled-\(UUID().uuidString)"
    ).path
    try FileManager.default.createDirectory(atPath: scratch + "/tmp", withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: scratch) }
    let run = try BuiltBinary.run(
      ["import", "xctrace", Fixture.path("xctrace/standin/Profiled.trace")],
      environment: [
        "TRACECLI_XCTRACE": Fixture.path("xctrace/standin/xctrace"),
        "XCTRACE_STANDIN_LOG": scratch + "/calls.log",
        "TMPDIR": scratch + "/tmp",
      ])
    #expect(run.status == 0, "\(run.errors)")
    let calls = try String(contentsOfFile: scratch + "/calls.log", encoding: .utf8)
    #expect(calls == "toc\n/trace-toc/run[@number=\"1\"]/data/table[@schema=\"time-profile\"]\n")
    let lines = run.output.split(separator: "\n").map(String.init)
    #expect(
      lines.first
        == #"{"type":"trace","version":1,"app":"Landmarks","device":"iPhone 16 Pro, iOS 18.2 (22C152)","start":0,"recorded":["samples"],"producer":"tracecli import xctrace"}"#
    )
    // The same events as the table exported by hand.
    #expect(
      Array(lines.dropFirst()) == (try read([Fixture.path("xctrace/time-profile/time-profile.xml")])).lines)
    #expect(try FileManager.default.contentsOfDirectory(atPath: scratch + "/tmp").isEmpty)
  }
}
