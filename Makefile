SHELL := /bin/bash
# Entry points for a fresh machine. `make demo` runs the main job, `make test` the tests.
SWIFT ?= swift
BUILD_LOG := .build/build-tests.log

.PHONY: deps demo test build docs bench

deps:
	@./Scripts/install-dependencies.sh

build: deps
	$(SWIFT) build -c release --product locomotion

# Label the bundled sample day and print activity segments, steps, distance and gating modes.
demo: build
	@./Scripts/demo.sh

# Checks that no two tracked paths differ only in case (a Mac's file system would merge them), builds tests
# (failing on any compiler warning in this package's own code), then runs them, then the Spark
# job's tests on a standalone cluster on localhost (Integrations/spark/run-tests.sh: installs Java 17 and PySpark).
test: deps
	@./Scripts/check-case-collisions.sh
	@mkdir -p .build
	$(SWIFT) build --build-tests 2>&1 | tee $(BUILD_LOG); test $${PIPESTATUS[0]} -eq 0
	@if grep -E '^/.*/(Sources|Tests|Snippets)/.*: warning:' $(BUILD_LOG) | grep -v '/.build/'; then \
		echo "error: the build has warnings (listed above); Locomotion builds warning-free." >&2; exit 1; fi
	$(SWIFT) test --skip-build
	@./Integrations/spark/run-tests.sh .build/debug/locomotion

# DocC for the four library modules (catalogs in Sources/<Module>/<Module>.docc; their examples are the
# Snippets/ programs, which `swift build` compiles and Tests/LocomotionCLITests/Documentation/SnippetTests.swift
# runs). Any DocC warning fails the target.
docs: deps
	$(SWIFT) package generate-documentation --target LocomotionDSP --target Locomotion --target LocomotionIO \
		--target LocomotionEvaluation \
		--warnings-as-errors

bench: deps
	@./Benchmarks/run.sh
