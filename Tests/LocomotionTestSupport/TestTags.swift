import Testing

extension Tag {
    /// The test reads the public recordings under `../shared/datasets` (``TestDatasets``): left out of the fast
    /// lane, `make check`; `make test` runs it (and skips it, saying why, where the datasets are absent).
    @Tag public static var realData: Self
}
