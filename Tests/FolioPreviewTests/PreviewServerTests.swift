import Testing

@testable import FolioPreview
