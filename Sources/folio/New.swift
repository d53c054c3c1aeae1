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
            print("Created a site in \(folder)/. Next:\n  cd \(Self.shellWord(folder))\n  folio build\n  folio serve")
        }

        /// `folder` as a shell reads it back: quoted when it holds anything but letters, digits and `_./-`, and
        /// after `./` when it starts with `-` (so `cd` takes it for a folder, not an option).
        static func shellWord(_ folder: String) -> String {
            let path = folder.hasPrefix("-") ? "./" + folder : folder
            let plain = path.unicodeScalars.allSatisfy {
                ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)))
                    || "_./-".unicodeScalars.contains($0)
            }
            return plain ? path : "'" + path.replacingOccurrences(of: "'", with: "'\\''") + "'"
        }
    }
}
