SHELL := /bin/bash
# Entry points for a fresh machine. `make demo` runs the main job, `make test` the tests.
SWIFT ?= swift
BUILD_LOG := .build/build-tests.log

.PHONY: deps demo check test test-swift-fft test-python api build docs bench wheel

deps:
	@./Scripts/ci/install-dependencies.sh

build: deps
	$(SWIFT) build -c release --product locomotion

# Label the bundled sample day and print activity segments, steps, distance and gating modes.
demo: build
	@./Scripts/ci/demo.sh

# The fast lane: the build (warning-free) and the unit tests that need no recorded data — those that read
# ../shared/datasets carry the Swift Testing tag .realData (Tests/LocomotionTestSupport/TestTags.swift), and
# Scripts/ci/fast-lane-skips.py turns the tagged tests into the --skip pattern (swift test selects by identifier).
# One FFT configuration, no Spark, no API check: `make test` is the whole thing.
check: deps
	@./Scripts/ci/check-case-collisions.sh
	@mkdir -p .build
	$(SWIFT) build --build-tests 2>&1 | tee $(BUILD_LOG); test $${PIPESTATUS[0]} -eq 0
	@$(call check_warnings,$(BUILD_LOG))
	$(SWIFT) test --skip-build --skip "$$(./Scripts/ci/fast-lane-skips.py realData)"

# Checks that no two tracked paths differ only in case (a Mac's file system would merge them) and that every
# relative link in the Markdown resolves, then tests both
# FFT configurations: the default traits (FFTW on Linux) and --disable-default-traits (the package's own Swift
# FFT, what every other platform builds), each built warning-free (any compiler warning in this package's own
# code fails) in its own build folder and run in full; between them Scripts/ci/check-fft-agreement.sh compares the
# two FFTs on every window size the parameter ranges allow. Then the Python wheel, installed into a fresh virtual
# environment without Swift on PATH and tested against the Swift-FFT command line (test-python). Last, the Spark job's tests on a standalone cluster on
# localhost (Integrations/spark/run-tests.sh: installs Java 17 and PySpark), and the public API against the release
# in .api-baseline (`make api`).
test: deps
	@./Scripts/ci/check-case-collisions.sh
	@./Scripts/ci/check-links.py
	@mkdir -p .build
	$(SWIFT) build --build-tests 2>&1 | tee $(BUILD_LOG); test $${PIPESTATUS[0]} -eq 0
	@$(call check_warnings,$(BUILD_LOG))
	$(SWIFT) test --skip-build
	@./Scripts/ci/check-fft-agreement.sh
	@$(MAKE) --no-print-directory test-swift-fft
	@$(MAKE) --no-print-directory test-python
	@./Integrations/spark/run-tests.sh .build/debug/locomotion
	@$(MAKE) --no-print-directory api

# Fails when the public API of the library products breaks against the release recorded in .api-baseline
# (swift package diagnose-api-breaking-changes; the baseline is built once, its API kept in .build-api-baseline/).
api: deps
	@./Scripts/ci/check-api-breaks.sh

# The whole suite without FFTW (package traits off): the Swift FFT serves every transform. Needs no FFTW.
SWIFT_FFT_BUILD := .build-swift-fft
test-swift-fft:
	@mkdir -p $(SWIFT_FFT_BUILD)
	$(SWIFT) build --build-tests --disable-default-traits --scratch-path $(SWIFT_FFT_BUILD) 2>&1 \
		| tee $(SWIFT_FFT_BUILD)/build-tests.log; test $${PIPESTATUS[0]} -eq 0
	@$(call check_warnings,$(SWIFT_FFT_BUILD)/build-tests.log)
	$(SWIFT) test --skip-build --disable-default-traits --scratch-path $(SWIFT_FFT_BUILD)

# The Python package as a binary wheel: dist/locomotion-<version>-py3-none-manylinux_2_NN_<arch>.whl (the Swift FFT,
# the Swift runtime linked in; Scripts/ci/build-wheel.sh). Release build in .build-wheel.
wheel: deps
	@./Scripts/ci/build-wheel.sh

# The wheel installed into a fresh virtual environment whose PATH has no Swift toolchain: the documented examples,
# ldd, and the tables against the command line built with the same FFT (the Swift FFT build of test-swift-fft) on
# real traces (Integrations/python/run-tests.sh).
test-python: deps
	$(SWIFT) build --disable-default-traits --scratch-path $(SWIFT_FFT_BUILD) --product locomotion
	@./Integrations/python/run-tests.sh $(SWIFT_FFT_BUILD)/debug/locomotion

# Fails listing the warnings in a build log that point into this package's own sources (not dependencies').
check_warnings = if grep -E '^/.*/(Sources|Tests|Snippets)/.*: warning:' $(1) | grep -vE '/\.build[^/]*/'; then \
		echo "error: the build has warnings (listed above); Locomotion builds warning-free." >&2; exit 1; fi

# DocC for the three library products (catalogs in Sources/<Module>/<Module>.docc; their examples are the
# Snippets/ programs, which `swift build` compiles and Tests/LocomotionCLITests/Documentation/SnippetTests.swift
# runs), and for the tool's own LocomotionEvaluation at package level. Any DocC warning fails the target.
docs: deps
	$(SWIFT) package generate-documentation --target LocomotionDSP --target Locomotion --target LocomotionIO \
		--warnings-as-errors
	$(SWIFT) package generate-documentation --target LocomotionEvaluation \
		--symbol-graph-minimum-access-level package --warnings-as-errors

bench: deps
	@./Benchmarks/run.sh
