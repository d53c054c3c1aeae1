// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Folio",
    products: [
        .executable(name: "folio", targets: ["folio"]),
        .library(name: "FolioKit", targets: ["FolioKit"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.3"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    ],
    targets: [
        .systemLibrary(
            name: "CCMark",
            pkgConfig: "libcmark",
            providers: [.apt(["libcmark-dev"]), .brew(["cmark"])]
        ),
        // Google's HTML5 parser: raw HTML in Markdown is tokenized by it to keep GitHub's safe subset.
        .systemLibrary(
            name: "CGumbo",
            pkgConfig: "gumbo",
            providers: [.apt(["libgumbo-dev"]), .brew(["gumbo-parser"])]
        ),
        // Turns the repository's Templates/ (the default theme) into Swift source, so the theme lives inside the binary.
        .executableTarget(name: "ThemeEmbedder"),
        .plugin(
            name: "EmbedDefaultTheme",
            capability: .buildTool(),
            dependencies: ["ThemeEmbedder"]
        ),
        .target(
            name: "FolioKit",
            dependencies: [
                "CCMark",
                "CGumbo",
                .product(name: "Yams", package: "Yams"),
                .product(name: "Mustache", package: "swift-mustache"),
            ],
            plugins: ["EmbedDefaultTheme"]
        ),
        // The preview server lives apart from FolioKit so that building and testing the generator does not wait for NIO.
        .target(
            name: "FolioPreview",
            dependencies: [
                "FolioKit",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                // The connection policy (time-outs, HTTP/1.0) is a NIO channel handler.
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .executableTarget(
            name: "folio",
            dependencies: [
                "FolioKit",
                "FolioPreview",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            // mimalloc (Debian's libmimalloc-dev) takes the place of glibc's malloc in the folio process: a build
            // allocates millions of short-lived nodes, strings and arrays on two threads, and spends a fifth less
            // time with it (BENCHMARKS.md). Linked before libc, so its malloc and free are the ones every library
            // calls.
            linkerSettings: [.linkedLibrary("mimalloc", .when(platforms: [.linux]))]
        ),
        // The floor of SPEC §11 that `make bench` measures folio against: read, libcmark, write.
        .executableTarget(name: "cmark-floor", dependencies: ["CCMark"], path: "Benchmarks/Floor"),
        .testTarget(name: "FolioKitTests", dependencies: ["FolioKit"]),
        .testTarget(
            name: "FolioPreviewTests",
            dependencies: ["FolioPreview", .product(name: "HummingbirdTesting", package: "hummingbird")]
        ),
        .testTarget(name: "FolioCLITests", dependencies: ["FolioKit", "folio"]),
    ]
)
