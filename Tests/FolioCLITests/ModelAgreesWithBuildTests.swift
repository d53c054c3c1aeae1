import Foundation
import Testing

/// `folio model` and `folio build` run the same read and model stages: every page of the example site (the guide)
/// has the same table model in both, as `folio model` prints it and as the build publishes it (`models: true`).
@Suite("folio model agrees with folio build")
struct ModelAgreesWithBuildTests {
    @Test func everyExamplePageHasTheSameModelInBothCommands() throws {
        let sandbox = try Sandbox()
        let site = try sandbox.folder("guide")
        try FileManager.default.copyItem(
            at: Folio.repository.appendingPathComponent("Content"), to: site.appendingPathComponent("Content"))
        let config = site.appendingPathComponent("Content/site.yml")
        try Tree.write(try Tree.text(config) + "\nmodels: true\n", to: config)
        let build = try Folio.run(["build", "--no-cache"], in: site, timeout: 300)
        #expect(build.status == 0, "\(build)")

        let pages = Tree.files(under: site.appendingPathComponent("Content")).filter { $0.hasSuffix(".md") }
        #expect(pages.count > 10, "the guide has its pages: \(pages)")
        var compared = 0
        for page in pages {
            let printed = try Folio.run(["model", "Content/" + page], in: site, timeout: 60)
            try #require(printed.status == 0, "\(printed)")
            let model = try #require(
                try JSONSerialization.jsonObject(with: Data(printed.stdout.utf8)) as? [String: Any])
            let url = try #require(model["url"] as? String)
            let file = site.appendingPathComponent("Public" + url + "model.json")
            let published = try #require(
                try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any],
                "\(page): no model.json at Public\(url)")
            // model.json is `folio model`'s schema plus a few fields (version, absoluteURL, containers).
            let differences = Self.differences(model, published, at: page)
            #expect(differences.isEmpty, "\(differences.prefix(5))")
            compared += 1
        }
        #expect(compared == pages.count)
    }

    /// Where `printed` has a value that `published` lacks or holds differently (extra keys of `published` allowed).
    static func differences(_ printed: Any, _ published: Any, at path: String) -> [String] {
        switch (printed, published) {
        case (let printed as [String: Any], let published as [String: Any]):
            return printed.keys.sorted().flatMap { key -> [String] in
                guard let other = published[key] else { return ["\(path).\(key): missing from model.json"] }
                return differences(printed[key]!, other, at: "\(path).\(key)")
            }
        case (let printed as [Any], let published as [Any]):
            guard printed.count == published.count else {
                return ["\(path): \(printed.count) items printed, \(published.count) published"]
            }
            return zip(printed, published).enumerated().flatMap { differences($1.0, $1.1, at: "\(path)[\($0)]") }
        default:
            return (printed as? NSObject) == (published as? NSObject)
                ? [] : ["\(path): \(printed) printed, \(published) published"]
        }
    }
}
