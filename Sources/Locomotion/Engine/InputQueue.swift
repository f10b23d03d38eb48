/// A first-in first-out queue on an array: O(1) amortised per element, the consumed prefix dropped in blocks.
/// `Codable` as the array of the elements still queued.
struct InputQueue<Element: Sendable & Codable>: Sendable, Codable {
    private var elements: [Element] = []
    private var head = 0

    init() {}

    var isEmpty: Bool { head == elements.count }
    var count: Int { elements.count - head }
    var first: Element? { isEmpty ? nil : elements[head] }

    mutating func append(_ element: Element) {
        elements.append(element)
    }

    mutating func removeFirst() -> Element {
        let element = elements[head]
        head += 1
        if head == elements.count {
            elements.removeAll(keepingCapacity: true)
            head = 0
        } else if head >= 256 && 2 * head >= elements.count {
            elements.removeFirst(head)
            head = 0
        }
        return element
    }

    init(from decoder: any Decoder) throws {
        elements = try [Element](from: decoder)
    }

    func encode(to encoder: any Encoder) throws {
        try elements[head...].map { $0 }.encode(to: encoder)
    }
}
