import Foundation

func printError(_ line: String) {
    FileHandle.standardError.write(Data((line + "\n").utf8))
}
