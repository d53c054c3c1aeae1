import Dispatch
import Foundation

/// SIGINT and SIGTERM during the first build, before the server and its signal handling run:
/// the process stops at once instead of finishing a long build first. The build is abandoned
/// as an interrupted `folio build` is (the output keeps the previous site).
final class FirstBuildStop: @unchecked Sendable {
    private let lock = NSLock()
    private var armed = true
    private var sources: [any DispatchSourceSignal] = []

    init(console: Console) {
        for signalNumber in [SIGINT, SIGTERM] {
            signal(signalNumber, SIG_IGN)  // delivered to the source below instead
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
            source.setEventHandler { [self] in
                guard lock.withLock({ armed }) else { return }
                console.print("Stopped.")  // written straight to the file descriptor: nothing left to flush
                // Other threads are still rendering pages: `exit` would run atexit handlers and destructors
                // under them (a crash at exit, seen under load); `_exit` ends the process at once.
                _exit(0)
            }
            source.resume()
            sources.append(source)
        }
    }

    /// From now on the server's own shutdown handles the signals. The sources stay (cancelling them
    /// could drop a signal that arrives in between); they just do nothing.
    func disarm() {
        lock.withLock { armed = false }
    }
}
