import CCMark
import Dispatch
import Foundation

// The floor of SPEC §11: read each document, render it with libcmark on every core, write OUT/<name>/index.html.
// Nothing else: no front matter, no templates, no model. `make bench` compares folio against it.
let arguments = CommandLine.arguments
guard arguments.count == 3 else {
    FileHandle.standardError.write(Data("usage: cmark-floor CONTENT_DIR OUT_DIR\n".utf8))
    exit(2)
}
let content = arguments[1]
let output = arguments[2]
let manager = FileManager.default
var files: [String] = []
if let walker = manager.enumerator(atPath: content) {
    for case let path as String in walker where path.hasSuffix(".md") { files.append(path) }
}
let documents = files.sorted()
for file in documents {
    let name = String(file.dropLast(3))
    try manager.createDirectory(atPath: output + "/" + name, withIntermediateDirectories: true)
}
let cores = ProcessInfo.processInfo.activeProcessorCount
DispatchQueue.concurrentPerform(iterations: cores) { worker in
    for index in stride(from: worker, to: documents.count, by: cores) {
        let file = documents[index]
        guard let data = manager.contents(atPath: content + "/" + file) else { continue }
        let html = data.withUnsafeBytes { buffer -> String in
            let rendered = cmark_markdown_to_html(buffer.baseAddress!.assumingMemoryBound(to: CChar.self), buffer.count, CMARK_OPT_DEFAULT)!
            defer { free(rendered) }
            return String(cString: rendered)
        }
        let path = output + "/" + file.dropLast(3) + "/index.html"
        _ = manager.createFile(atPath: path, contents: Data(html.utf8))
    }
}
print("Rendered \(documents.count) documents")
