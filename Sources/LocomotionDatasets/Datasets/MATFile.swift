import Foundation
import LocomotionIO

/// Reads MATLAB level-5 `.mat` files (MATLAB v5–v7, compressed or not; not v7.3, which is HDF5): numeric arrays,
/// text, structs and cells, enough for the datasets that publish their recordings that way.
///
/// Numeric arrays of any stored type become `Double`s in MATLAB's column-major order; sparse, complex and object
/// arrays are refused with a clear error. Only little-endian files (the `IM` marker) are read, which is what every
/// current MATLAB writes.
///
/// - Complexity: O(file size) time and memory (the compressed variables are inflated whole).
enum MATFile {
    /// One MATLAB value.
    indirect enum Value {
        /// A numeric or logical array: its dimensions and its values, column-major.
        case numeric(dimensions: [Int], values: [Double])
        /// A character array, read as one string (a row vector of characters).
        case text(String)
        /// A struct array: its dimensions, and each element's fields by name.
        case structure(dimensions: [Int], elements: [[String: Value]])
        /// A cell array: its dimensions and its cells, column-major.
        case cell(dimensions: [Int], cells: [Value])

        /// The field `name` of a 1×1 struct; nil for anything else.
        subscript(field name: String) -> Value? {
            guard case .structure(_, let elements) = self, elements.count == 1 else { return nil }
            return elements[0][name]
        }

        /// The elements of a struct array (one for a 1×1 struct); nil for anything else.
        var structElements: [[String: Value]]? {
            if case .structure(_, let elements) = self { return elements }
            return nil
        }

        /// The values of a numeric array; nil for anything else.
        var numbers: [Double]? {
            if case .numeric(_, let values) = self { return values }
            return nil
        }

        /// The dimensions of an array (nil for text).
        var dimensions: [Int]? {
            switch self {
            case .numeric(let dimensions, _), .structure(let dimensions, _), .cell(let dimensions, _): dimensions
            case .text: nil
            }
        }
    }

    /// Why a file could not be read.
    struct Failure: Error {
        var problem: String
    }

    /// The top-level variables of the file at `path`, by name.
    static func read(path: String) throws(InputError) -> [String: Value] {
        let bytes: [UInt8]
        do {
            bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        } catch {
            throw InputError(file: path, problem: "cannot read the file (\(error.localizedDescription))")
        }
        do {
            return try variables(in: bytes)
        } catch {
            throw InputError(file: path, problem: "not a readable MATLAB v5/v7 file: \(error.problem)")
        }
    }

    /// The top-level variables of a whole file's bytes.
    static func variables(in bytes: [UInt8]) throws(Failure) -> [String: Value] {
        guard bytes.count >= 128, bytes.starts(with: Array("MATLAB".utf8)) else {
            throw Failure(problem: "no MATLAB 5.0 header (a v7.3 file is HDF5 and is not supported)")
        }
        guard bytes[126] == UInt8(ascii: "I"), bytes[127] == UInt8(ascii: "M") else {
            throw Failure(problem: "big-endian MAT files are not supported")
        }
        var reader = Reader(bytes: bytes[...], offset: 128)
        var result: [String: Value] = [:]
        while reader.hasMore {
            let (type, payload) = try reader.element()
            var element: (type: Int, payload: ArraySlice<UInt8>) = (type, payload)
            if type == miCOMPRESSED {
                let inflated: [UInt8]
                do {
                    inflated = try ZlibInflater.inflate(Array(payload), limit: maximumInflatedBytes(compressed: payload.count))
                } catch {
                    throw Failure(problem: "compressed variable: \(error.problem)")
                }
                var inner = Reader(bytes: inflated[...], offset: 0)
                element = try inner.element()
            }
            guard element.type == miMATRIX else { continue }
            if element.payload.isEmpty { continue }
            let (name, value) = try matrix(element.payload, depth: 0)
            result[name] = value
        }
        return result
    }

    /// The most a compressed variable may inflate to: 16 MiB, plus 64 bytes per compressed byte. Real files
    /// inflate 1.5× (mobgap's 1 MB data.mat) to a few × (floating-point data compresses little); a stream that
    /// inflates 1,000× (a "zlib bomb": 1 MB to 1 GB) is refused before its output is allocated.
    static func maximumInflatedBytes(compressed: Int) -> Int { 16 << 20 + 64 * compressed }

    /// How deep cells and structs may nest (a file of nested cells overflowed the stack).
    static let maximumNesting = 64

    // Data types (MAT-file format, table 1-1) and array classes (table 1-3).
    private static let miINT8 = 1, miUINT8 = 2, miINT16 = 3, miUINT16 = 4, miINT32 = 5, miUINT32 = 6
    private static let miSINGLE = 7, miDOUBLE = 9, miINT64 = 12, miUINT64 = 13, miMATRIX = 14, miCOMPRESSED = 15
    private static let miUTF8 = 16, miUTF16 = 17
    private static let mxCELL = 1, mxSTRUCT = 2, mxOBJECT = 3, mxCHAR = 4, mxSPARSE = 5

    /// Walks data elements: an 8-byte tag (type, byte count) or the 4-byte "small element" form, then the data,
    /// padded to 8 bytes.
    private struct Reader {
        let bytes: ArraySlice<UInt8>
        var offset: Int

        init(bytes: ArraySlice<UInt8>, offset: Int) {
            self.bytes = bytes
            self.offset = bytes.startIndex + offset
        }

        var hasMore: Bool { offset + 8 <= bytes.endIndex }

        func uint32(at index: Int) -> Int {
            Int(bytes[index]) | Int(bytes[index + 1]) << 8 | Int(bytes[index + 2]) << 16 | Int(bytes[index + 3]) << 24
        }

        mutating func element() throws(Failure) -> (type: Int, payload: ArraySlice<UInt8>) {
            guard offset + 8 <= bytes.endIndex else { throw Failure(problem: "data element truncated") }
            let first = uint32(at: offset)
            if first >> 16 != 0 {
                // Small element: type and size in one word, up to 4 bytes of data in the next.
                let size = first >> 16
                guard size <= 4 else { throw Failure(problem: "small data element larger than 4 bytes") }
                let payload = bytes[(offset + 4)..<(offset + 4 + size)]
                offset += 8
                return (first & 0xFFFF, payload)
            }
            let size = uint32(at: offset + 4)
            let start = offset + 8
            guard size <= bytes.endIndex - start else { throw Failure(problem: "data element runs past the end") }
            let payload = bytes[start..<(start + size)]
            offset = start + size
            // Elements are padded to 8 bytes, except a compressed one (and the last one of an inflated stream).
            if first != MATFile.miCOMPRESSED { offset = min(bytes.endIndex, start + (size + 7) / 8 * 8) }
            return (first, payload)
        }
    }

    /// Decodes one miMATRIX payload: flags, dimensions, name, then the class's data.
    private static func matrix(_ payload: ArraySlice<UInt8>, depth: Int) throws(Failure) -> (String, Value) {
        guard depth < maximumNesting else { throw Failure(problem: "cells or structs nested more than \(maximumNesting) deep") }
        var reader = Reader(bytes: payload, offset: 0)
        let (flagsType, flags) = try reader.element()
        guard flagsType == miUINT32, flags.count >= 8 else { throw Failure(problem: "array flags missing") }
        let flagWord = reader.uint32(at: flags.startIndex)
        let arrayClass = flagWord & 0xFF
        let isComplex = flagWord & 0x800 != 0
        let (dimensionsType, dimensionBytes) = try reader.element()
        guard dimensionsType == miINT32 else { throw Failure(problem: "array dimensions missing") }
        let dimensions = stride(from: dimensionBytes.startIndex, to: dimensionBytes.endIndex, by: 4).map {
            Int(Int32(truncatingIfNeeded: reader.uint32(at: $0)))
        }
        guard !dimensions.isEmpty, dimensions.allSatisfy({ $0 >= 0 }) else { throw Failure(problem: "bad dimensions") }
        // Checked: a product of large dimensions trapped (Int overflow). An element of a cell or struct, or a value,
        // takes a byte of the payload or more (8 elements a byte: slack for field-less structs), so a count beyond
        // that is refused before any loop.
        var count = 1
        for dimension in dimensions {
            let (product, overflow) = count.multipliedReportingOverflow(by: dimension)
            guard !overflow, product <= payload.count * 8 else {
                throw Failure(problem: "dimensions \(dimensions) are more elements than the file holds")
            }
            count = product
        }
        let (_, nameBytes) = try reader.element()
        let name = String(decoding: nameBytes, as: UTF8.self)
        switch arrayClass {
        case mxCELL:
            var cells: [Value] = []
            for _ in 0..<count {
                let (type, cell) = try reader.element()
                guard type == miMATRIX else { throw Failure(problem: "cell \(name) holds a non-array element") }
                cells.append(cell.isEmpty ? .numeric(dimensions: [0, 0], values: []) : try matrix(cell, depth: depth + 1).1)
            }
            return (name, .cell(dimensions: dimensions, cells: cells))
        case mxSTRUCT:
            let (_, lengthBytes) = try reader.element()
            guard lengthBytes.count >= 4 else { throw Failure(problem: "struct \(name) has no field name length") }
            let length = reader.uint32(at: lengthBytes.startIndex)
            let (_, namesBytes) = try reader.element()
            guard length > 0, namesBytes.count % length == 0 else { throw Failure(problem: "bad field names in \(name)") }
            let fieldNames = stride(from: namesBytes.startIndex, to: namesBytes.endIndex, by: length).map {
                String(decoding: namesBytes[$0..<($0 + length)].prefix { $0 != 0 }, as: UTF8.self)
            }
            var elements: [[String: Value]] = []
            for _ in 0..<count {
                var fields: [String: Value] = [:]
                for field in fieldNames {
                    let (type, value) = try reader.element()
                    guard type == miMATRIX else { throw Failure(problem: "field \(field) of \(name) is not an array") }
                    fields[field] = value.isEmpty ? .numeric(dimensions: [0, 0], values: []) : try matrix(value, depth: depth + 1).1
                }
                elements.append(fields)
            }
            return (name, .structure(dimensions: dimensions, elements: elements))
        case mxCHAR:
            let (type, data) = try reader.element()
            let text: String
            switch type {
            case miUTF8, miUINT8, miINT8: text = String(decoding: data, as: UTF8.self)
            case miUINT16, miUTF16:
                let units = stride(from: data.startIndex, to: data.endIndex - 1, by: 2).map {
                    UInt16(data[$0]) | UInt16(data[$0 + 1]) << 8
                }
                text = String(decoding: units, as: UTF16.self)
            default: throw Failure(problem: "character array \(name) has unsupported type \(type)")
            }
            return (name, .text(text))
        case mxOBJECT, mxSPARSE:
            throw Failure(problem: "\(name) is a \(arrayClass == mxOBJECT ? "MATLAB object" : "sparse array"), not supported")
        case 6...15:
            guard !isComplex else { throw Failure(problem: "\(name) is complex, not supported") }
            if count == 0 { return (name, .numeric(dimensions: dimensions, values: [])) }
            let (type, data) = try reader.element()
            let values = try numbers(data, type: type)
            guard values.count == count else {
                throw Failure(problem: "\(name) holds \(values.count) values for dimensions \(dimensions)")
            }
            return (name, .numeric(dimensions: dimensions, values: values))
        default:
            throw Failure(problem: "\(name) has unknown array class \(arrayClass)")
        }
    }

    /// The values of a numeric data element of MAT type `type`, as Doubles.
    private static func numbers(_ data: ArraySlice<UInt8>, type: Int) throws(Failure) -> [Double] {
        let width: Int
        switch type {
        case miINT8, miUINT8: width = 1
        case miINT16, miUINT16: width = 2
        case miINT32, miUINT32, miSINGLE: width = 4
        case miDOUBLE, miINT64, miUINT64: width = 8
        default: throw Failure(problem: "unsupported numeric type \(type)")
        }
        let count = data.count / width
        var values = [Double](repeating: 0, count: count)
        data.withUnsafeBytes { raw in
            for index in 0..<count {
                let at = index * width
                switch type {
                case miINT8: values[index] = Double(raw.load(fromByteOffset: at, as: Int8.self))
                case miUINT8: values[index] = Double(raw[at])
                case miINT16: values[index] = Double(Int16(littleEndian: raw.loadUnaligned(fromByteOffset: at, as: Int16.self)))
                case miUINT16: values[index] = Double(UInt16(littleEndian: raw.loadUnaligned(fromByteOffset: at, as: UInt16.self)))
                case miINT32: values[index] = Double(Int32(littleEndian: raw.loadUnaligned(fromByteOffset: at, as: Int32.self)))
                case miUINT32: values[index] = Double(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: at, as: UInt32.self)))
                case miSINGLE:
                    let bits = UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: at, as: UInt32.self))
                    values[index] = Double(Float(bitPattern: bits))
                case miDOUBLE:
                    let bits = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: at, as: UInt64.self))
                    values[index] = Double(bitPattern: bits)
                case miINT64: values[index] = Double(Int64(littleEndian: raw.loadUnaligned(fromByteOffset: at, as: Int64.self)))
                default: values[index] = Double(UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: at, as: UInt64.self)))
                }
            }
        }
        return values
    }
}
