import Foundation

func printError(_ line: String) {
    writeStandardError(line + "\n")
}

/// Writes `text` to standard error as it is. A write that fails — standard error redirected to a file on a full disk
/// — is lost, not a crash (`FileHandle.write` traps on one).
func writeStandardError(_ text: String) {
    let bytes = Array(text.utf8)
    _ = bytes.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
}
