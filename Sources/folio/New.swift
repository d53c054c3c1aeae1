import ArgumentParser
import FolioKit

extension Folio {
    struct New: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Writes a starter site into a new folder.")

        @Argument(help: "The folder to create.") var directory: String

        func validate() throws {
            guard !directory.isEmpty else {
                throw ValidationError("name the folder to create, such as: folio new docs")
            }
        }

        func run() throws {
            let folder: String
            do {
                folder = try StarterSite.write(to: directory)
            } catch let error as StarterSite.Failure {
                printError("error: \(error.message)")
                throw ExitCode(1)
            }
            print("Created a site in \(folder)/. Next:\n  cd \(folder)\n  folio build\n  folio serve")
        }
    }
}
