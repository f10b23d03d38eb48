SHELL := /bin/bash
# Entry points for a fresh machine. `make demo` runs the main job, `make test` the tests.
SWIFT ?= swift
BUILD_LOG := .build/build-tests.log

.PHONY: deps demo test test-swift-fft build docs bench

deps:
	@./Scripts/ci/install-dependencies.sh

build: deps
	$(SWIFT) build -c release --product locomotion

# Label the bundled sample day and print activity segments, steps, distance and gating modes.
demo: build
	@./Scripts/ci/demo.sh

# Checks that no two tracked paths differ only in case (a Mac's file system would merge them) and that every
# relative link in the Markdown resolves, then tests both
# FFT configurations: the default traits (FFTW on Linux) and --disable-default-traits (the package's own Swift
# FFT, what every other platform builds), each built warning-free (any compiler warning in this package's own
# code fails) in its own build folder and run in full; between them Scripts/ci/check-fft-agreement.sh compares the
# two FFTs on every window size the parameter ranges allow. Last, the Spark job's tests on a standalone cluster on
# localhost (Integrations/spark/run-tests.sh: installs Java 17 and PySpark).
test: deps
	@./Scripts/ci/check-case-collisions.sh
	@./Scripts/ci/check-links.py
	@mkdir -p .build
	$(SWIFT) build --build-tests 2>&1 | tee $(BUILD_LOG); test $${PIPESTATUS[0]} -eq 0
	@$(call check_warnings,$(BUILD_LOG))
	$(SWIFT) test --skip-build
	@./Scripts/ci/check-fft-agreement.sh
	@$(MAKE) --no-print-directory test-swift-fft
	@./Integrations/spark/run-tests.sh .build/debug/locomotion

# The whole suite without FFTW (package traits off): the Swift FFT serves every transform. Needs no FFTW.
SWIFT_FFT_BUILD := .build-swift-fft
test-swift-fft:
	@mkdir -p $(SWIFT_FFT_BUILD)
	$(SWIFT) build --build-tests --disable-default-traits --scratch-path $(SWIFT_FFT_BUILD) 2>&1 \
		| tee $(SWIFT_FFT_BUILD)/build-tests.log; test $${PIPESTATUS[0]} -eq 0
	@$(call check_warnings,$(SWIFT_FFT_BUILD)/build-tests.log)
	$(SWIFT) test --skip-build --disable-default-traits --scratch-path $(SWIFT_FFT_BUILD)

# Fails listing the warnings in a build log that point into this package's own sources (not dependencies').
check_warnings = if grep -E '^/.*/(Sources|Tests|Snippets)/.*: warning:' $(1) | grep -vE '/\.build[^/]*/'; then \
		echo "error: the build has warnings (listed above); Locomotion builds warning-free." >&2; exit 1; fi

# DocC for the four library modules (catalogs in Sources/<Module>/<Module>.docc; their examples are the
# Snippets/ programs, which `swift build` compiles and Tests/LocomotionCLITests/Documentation/SnippetTests.swift
# runs). Any DocC warning fails the target.
docs: deps
	$(SWIFT) package generate-documentation --target LocomotionDSP --target Locomotion --target LocomotionIO \
		--target LocomotionEvaluation \
		--warnings-as-errors

bench: deps
	@./Benchmarks/run.sh
