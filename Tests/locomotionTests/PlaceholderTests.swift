import Testing

@Test func toolTestsPlaceholder() {
    #expect(Bool(true))
}
