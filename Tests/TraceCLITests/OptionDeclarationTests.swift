import Foundation
import TestSupport
import Testing

@testable import tracecli

/// Every option is declared once, and the declarations are what the commands parse and show.
struct OptionDeclarationTests {
  private static var commands: [any Command.Type] { Usage.subcommands.map(\.type) }

  /// Each declared option is taken (a debug build stops on one a command asks for without
  /// declaring it), and `--help` lists it in the usage line and the options.
  @Test(arguments: Usage.subcommands.map(\.name))
  func everyDeclaredOptionIsTakenAndShown(_ name: String) throws {
    let command = try #require(Usage.command(named: name))
    let help = command.help
    let usage = help.components(separatedBy: "\n\n")[0]
    for option in command.options where option.name != "--help" {
      let given = [option.name] + (option.isFlag ? [] : ["1"])
      let run = CLIRun([name] + given + ["/nonexistent/trace.jsonl"])
      #expect(!run.errors.contains("unknown option"), "\(name) \(option.name): \(run.errors)")
      #expect(usage.contains("[\(option.names[0])"), "\(name): the usage line lacks \(option.name)")
      #expect(help.contains("  \(option.synopsis)"), "\(name): the options lack \(option.synopsis)")
    }
    let required = ["updates": ["--view", "V"], "export": ["--format", "rows"]][name] ?? []
    let undeclared = CLIRun([name, "--no-such-option", "/nonexistent/trace.jsonl"] + required)
    #expect(undeclared.status == .usage)
    #expect(undeclared.errors.contains("unknown option '--no-such-option'"))
  }

  /// The help lists every exit status the command declares, and each command declares the
  /// statuses of a usage error and of reading.
  @Test(arguments: Usage.subcommands.map(\.name))
  func theHelpListsEveryExitStatus(_ name: String) throws {
    let command = try #require(Usage.command(named: name))
    let section = try #require(command.help.components(separatedBy: "EXIT STATUS:\n").last)
    let codes = command.exitStatuses.map(\.code)
    for code in codes { #expect(section.contains("  \(code.rawValue) "), "\(name): \(code)") }
    for code in [ExitCode.success, .usage, .dataError, .noInput, .unavailable, .ioError] {
      #expect(codes.contains(code), "\(name) does not declare \(code)")
    }
    #expect(Set(codes.map(\.rawValue)).count == codes.count)
  }

  @Test func flagsComeFromTheDeclarations() {
    #expect(
      CheckCommand.flags == [
        "--force", "--allow-empty", "--allow-missing-window", "--allow-unrecorded", "--tighten", "-h",
        "--help",
      ])
    #expect(
      CauseGraphCommand.flags == ["--downstream", "--upstream", "--all", "--no-findings", "-h", "--help"])
    #expect(
      Set(Self.commands.flatMap { $0.options.flatMap(\.names) }).isSuperset(of: ["-o", "--output", "-h"]))
  }
}

/// The top-level help lists every command the shell dispatches to.
struct TopLevelHelpTests {
  @Test(arguments: Usage.subcommands.map(\.name))
  func everyCommandIsListed(_ name: String) {
    let help = CLIRun(["--help"]).output
    #expect(help.contains("\n  \(name) "), "tracecli --help does not list \(name)")
  }
}
