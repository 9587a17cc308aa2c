internal import CLibXML
import Foundation

/// One element of an XML document, with its namespace, text and children: the small tree a
/// WebDAV answer (a multistatus of a few thousand responses) is read into.
public struct XMLNode: Equatable, Sendable {
    /// The namespace URI (`DAV:`, `urn:ietf:params:xml:ns:caldav`…), empty when none.
    public var namespace: String
    public var name: String
    /// The text directly inside the element (CDATA included), as written.
    public var text: String
    public var children: [XMLNode]

    public init(namespace: String, name: String, text: String = "", children: [XMLNode] = []) {
        self.namespace = namespace
        self.name = name
        self.text = text
        self.children = children
    }

    /// True for an element called `name` in `namespace`.
    public func isNamed(_ name: String, in namespace: String) -> Bool {
        self.name == name && self.namespace == namespace
    }

    /// The first child called `name` in `namespace`.
    public func child(_ name: String, in namespace: String) -> XMLNode? {
        children.first { $0.isNamed(name, in: namespace) }
    }

    /// Every child called `name` in `namespace`.
    public func children(_ name: String, in namespace: String) -> [XMLNode] {
        children.filter { $0.isNamed(name, in: namespace) }
    }

    /// Follows a path of child names in one namespace: `node.descendant(["propstat", "prop"], in: DAV)`.
    public func descendant(_ path: [String], in namespace: String) -> XMLNode? {
        var node = self
        for name in path {
            guard let next = node.child(name, in: namespace) else { return nil }
            node = next
        }
        return node
    }

    /// The element's text with the white space around it removed.
    public var trimmedText: String { text.trimmingCharacters(in: .whitespacesAndNewlines) }
}

/// Reads an XML document into `XMLNode`s with libxml2's streaming reader, found when first
/// needed (see `CLibXML/shim.h`): no entity is expanded from outside, nothing is fetched from the
/// network, and a document nested deeper than `depthLimit` is refused rather than recursed into.
public enum XMLDocumentReader {
    /// libxml2's functions, or nil when it is not installed (looked for once per process).
    private static let api: datebook_xml_api? = {
        var api = datebook_xml_api()
        guard datebook_xml_load(&api) != 0 else { return nil }
        return api
    }()

    /// How deep elements may nest; a WebDAV answer needs about eight.
    public static let depthLimit = 64

    /// The document's root element.
    public static func parse(_ data: Data) throws(NetworkError) -> XMLNode {
        guard let api = Self.api else { throw .missingLibrary("libxml2") }
        guard !data.isEmpty else { throw .malformed("the answer is empty") }
        guard data.count < Int(Int32.max) else { throw .malformed("the answer is too large") }
        let options = Int32(DATEBOOK_XML_PARSE_NONET | DATEBOOK_XML_PARSE_NOERROR | DATEBOOK_XML_PARSE_NOWARNING
            | DATEBOOK_XML_PARSE_NOCDATA)
        let outcome: Result<XMLNode, NetworkError> = data.withUnsafeBytes { bytes in
            guard let base = bytes.baseAddress?.assumingMemoryBound(to: CChar.self),
                let reader = api.reader_for_memory(base, Int32(bytes.count), nil, nil, options)
            else { return .failure(.malformed("the answer is not XML")) }
            defer { api.free_reader(reader) }
            return read(reader, api)
        }
        return try outcome.get()
    }

    private static func read(_ reader: UnsafeMutableRawPointer, _ api: datebook_xml_api) -> Result<XMLNode, NetworkError> {
        func string(_ pointer: UnsafePointer<UInt8>?) -> String {
            pointer.map { String(cString: $0) } ?? ""
        }
        var stack: [XMLNode] = []
        var root: XMLNode?
        func close() {
            let node = stack.removeLast()
            if stack.isEmpty {
                root = node
            } else {
                stack[stack.count - 1].children.append(node)
            }
        }
        while true {
            let status = api.read(reader)
            if status == 0 { break }
            guard status == 1 else { return .failure(.malformed("the answer is not well-formed XML")) }
            switch api.node_type(reader) {
            case Int32(DATEBOOK_XML_READER_TYPE_ELEMENT):
                guard root == nil else { return .failure(.malformed("the answer has two root elements")) }
                guard stack.count < depthLimit else {
                    return .failure(.malformed("its elements are nested more than \(depthLimit) deep"))
                }
                stack.append(XMLNode(namespace: string(api.namespace_uri(reader)), name: string(api.local_name(reader))))
                if api.is_empty_element(reader) != 0 { close() }
            case Int32(DATEBOOK_XML_READER_TYPE_END_ELEMENT):
                guard !stack.isEmpty else { return .failure(.malformed("the answer is not well-formed XML")) }
                close()
            case Int32(DATEBOOK_XML_READER_TYPE_TEXT), Int32(DATEBOOK_XML_READER_TYPE_CDATA),
                Int32(DATEBOOK_XML_READER_TYPE_SIGNIFICANT_WHITESPACE):
                if !stack.isEmpty { stack[stack.count - 1].text += string(api.value(reader)) }
            default:
                break
            }
        }
        guard let root, stack.isEmpty else { return .failure(.malformed("the answer is not XML")) }
        return .success(root)
    }
}
