/// The version `folio --version` prints; part of every build cache key.
public enum FolioVersion {
    public static let current = "0.1.0"
}
