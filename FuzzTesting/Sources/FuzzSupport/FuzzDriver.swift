/// Runs libFuzzer's driver: each target's entry point (the `<Target>_main` SwiftPM links as
/// `main`) hands its arguments and its one-input function here.
public enum FuzzDriver {
  public static func run(
    _ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
    _ callback: @convention(c) (UnsafeRawPointer, Int) -> CInt
  ) -> CInt {
    var count = argc
    var arguments = argv
    return runDriver(&count, &arguments, callback)
  }
}

/// libFuzzer's driver (linked in by `-sanitize=fuzzer`).
@_silgen_name("LLVMFuzzerRunDriver")
private func runDriver(
  _ argc: UnsafeMutablePointer<CInt>,
  _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
  _ callback: @convention(c) (UnsafeRawPointer, Int) -> CInt
) -> CInt
