import ArgumentParser
import Foundation

@main
struct Folio: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "folio",
        abstract: "Builds static sites of paged content from Markdown.",
        version: "0.1.0",
        subcommands: [Build.self, Check.self, Serve.self, Model.self, Appearance.self, New.self]
    )

    /// SPEC §8: a usage error exits with 2 (ArgumentParser's default is 64).
    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            if exitCode(for: error) == .validationFailure {
                printError(fullMessage(for: error))
                Foundation.exit(2)
            }
            exit(withError: error)
        }
    }
}
