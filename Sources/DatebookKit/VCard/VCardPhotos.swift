import Foundation

/// PHOTO in the shapes vCards write it: a `data:` URI (4.0), ENCODING=b or BASE64 with a
/// TYPE (3.0, 2.1), or a URI (VALUE=uri, or a plain `http` value).
enum VCardPhotos {
    struct Problem: Error, CustomStringConvertible {
        var description: String
    }

    static func photo(_ property: VCardProperty) -> Result<ContactPhoto, Problem> {
        let encoding = property.encoding
        if encoding == "b" || encoding == "base64" {
            guard let data = decodeBase64(property.value) else { return .failure(Problem(description: "its base64 cannot be read")) }
            let type = property.parameter("MEDIATYPE").first ?? property.types.lazy.compactMap(mediaType).first ?? "image/jpeg"
            return .success(.inline(data, mediaType: type))
        }
        let text = String(decoding: property.value, as: UTF8.self).trimmedSpaces
        if text.lowercased().hasPrefix("data:") {
            // data:image/jpeg;base64,…  (some writers escape the comma).
            guard let comma = text.firstIndex(of: ",") else { return .failure(Problem(description: "its data: URI has no data")) }
            var header = text[text.index(text.startIndex, offsetBy: 5)..<comma]
            if header.hasSuffix("\\") { header = header.dropLast() }
            let parts = header.split(separator: ";")
            let type = parts.first.map(String.init).flatMap { $0.isEmpty ? nil : $0 } ?? "image/jpeg"
            guard parts.contains(where: { $0.lowercased() == "base64" }) else {
                return .failure(Problem(description: "its data: URI is not base64"))
            }
            guard let data = decodeBase64(Array(text[text.index(after: comma)...].utf8)[...]) else {
                return .failure(Problem(description: "its base64 cannot be read"))
            }
            return .success(.inline(data, mediaType: type))
        }
        guard !text.isEmpty else { return .failure(Problem(description: "it is empty")) }
        return .success(.reference(VCardProperty.unescape(text[...])))
    }

    /// `image/jpeg` for a TYPE of `jpeg`, `JPEG`, `image/jpeg`; nil for one that is not an image type.
    static func mediaType(_ type: String) -> String? {
        if type.contains("/") { return type }
        switch type {
        case "jpeg", "jpg": return "image/jpeg"
        case "png": return "image/png"
        case "gif": return "image/gif"
        case "bmp": return "image/bmp"
        case "tiff": return "image/tiff"
        case "webp": return "image/webp"
        case "heic": return "image/heic"
        default: return nil
        }
    }

    /// The TYPE a 3.0 card writes for a media type: `JPEG` for `image/jpeg`.
    static func typeName(_ mediaType: String) -> String {
        (mediaType.split(separator: "/").last.map(String.init) ?? "jpeg").uppercased()
    }

    /// Base64 with the spaces and line ends a fold leaves; nil when it is not base64.
    static func decodeBase64(_ bytes: ArraySlice<UInt8>) -> Data? {
        var clean = [UInt8]()
        clean.reserveCapacity(bytes.count)
        for byte in bytes where byte > 0x20 && byte != UInt8(ascii: "\\") { clean.append(byte) }
        while clean.count % 4 != 0 { clean.append(UInt8(ascii: "=")) }
        return Data(base64Encoded: Data(clean))
    }
}
