import ArgumentParser

@main
struct Folio: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "folio",
        abstract: "Builds static sites of paged content from Markdown.",
        version: "0.1.0",
        subcommands: [Build.self, Model.self, New.self]
    )
}
