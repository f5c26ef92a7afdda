/// Reads a file that may be gzip-compressed (such as a console font `*.psf.gz`).
public enum GzipFile {
    /// The file's bytes, gunzipped when they start with the gzip magic, as they are otherwise.
    /// Errors name the path (open/read failures) or the zlib problem. O(file size).
    public static func contents(ofPath path: String) throws(ImageIOError) -> [UInt8] {
        let raw = try FileIO.read(path)
        guard Inflate.isGzip(raw) else { return raw }
        do {
            return try Inflate.decompress(raw)
        } catch {
            throw .malformed(what: "gzip file \(path)", reason: error.description)
        }
    }
}
