# arbiter: a referee for recorded board games.
GO      ?= go
CORPUS  ?= ../shared/corpus
# Each fuzz target runs FUZZTIME inputs: a count (Nx), not a duration. A
# duration's deadline races with Go's fuzzing coordinator until Go 1.27
# (go.dev/issue/75804): a target then fails with a bare "context deadline
# exceeded" having found nothing, which would make 'make fuzz' red for no
# finding. A count has no deadline, so it is never cut short either.
FUZZTIME ?= 3000x

.PHONY: all build test bench corpus fuzz lint clean docs man web

all: build

build:
	$(GO) build -o arbiter ./cmd/arbiter

# vet and every test; tests that need ../shared/corpus skip when it is absent.
test:
	$(GO) vet ./...
	$(GO) test ./...

# Speed, measured, never asserted (see scripts/bench.sh): CPU µs, allocations
# and bytes per game and games/s at --jobs 1 and 2 on the tournament corpus
# x20, and of select and dupes beside check's; perft nodes/s beside Moby Dam's C perft when gcc is present; then the
# package benchmarks. ROUNDS=n, BENCH_DEEP=1 for the long perft depths.
bench: build
	./scripts/bench.sh
	$(GO) test -run '^$$' -bench . -benchtime 3x ./referee/draughts/ ./notation/...
	$(GO) test -run '^$$' -bench Relay -benchtime 200x ./referee/match/

# Replay every record under ../shared/corpus and print a summary per folder.
corpus: build
	@if [ ! -d "$(CORPUS)" ]; then echo "no $(CORPUS): nothing to replay"; exit 0; fi; \
	for d in $$(find $(CORPUS) \( -name '*.pdn' -o -name '*.pgn' \) -printf '%h\n' | sort -u); do \
	  printf '%-60s ' "$$d:"; \
	  find "$$d" -maxdepth 1 \( -name '*.pdn' -o -name '*.pgn' \) -print0 | xargs -0 ./arbiter check --format json 2>&1 >/dev/null | tail -1; \
	done

# Run each fuzz target briefly, one at a time (one coordinator, its
# workers on every core), by count (see FUZZTIME); the minimisation of an
# input found is bounded by count too. A target that finds something stops
# the run, with the input written under its package's testdata/fuzz.
fuzz:
	@case "$(FUZZTIME)" in *x) ;; *) echo "make fuzz: FUZZTIME=$(FUZZTIME) is a duration; give a count (FUZZTIME=3000x): durations fail at random on go.dev/issue/75804"; exit 2;; esac; \
	for pkg in $$($(GO) list ./...); do \
	  for f in $$($(GO) test -list '^Fuzz' $$pkg | grep '^Fuzz'); do \
	    echo "fuzz $$pkg $$f"; \
	    $(GO) test -run '^$$' -fuzz "^$$f$$" -fuzztime $(FUZZTIME) -fuzzminimizetime 200x $$pkg || exit 1; \
	  done; \
	done

lint:
	@out=$$(gofmt -l $$(git ls-files '*.go')); if [ -n "$$out" ]; then echo "gofmt needed:"; echo "$$out"; exit 1; fi
	$(GO) vet ./...
	@# The archivists' machines: the command must build for Windows and macOS too.
	GOOS=windows $(GO) build -o /dev/null ./cmd/arbiter
	GOOS=darwin $(GO) build -o /dev/null ./cmd/arbiter
	@if command -v staticcheck >/dev/null; then staticcheck ./...; else echo "staticcheck not installed (go install honnef.co/go/tools/cmd/staticcheck@latest): skipped"; fi

# docs/codes.md, every diagnostic code with an example and the fix, from
# referee/codes/codes.go (a test fails when it is stale).
docs: build
	./arbiter explain --markdown > docs/codes.md

# arbiter.1, the man page, from the command definitions (the same as --help);
# read it with man -l arbiter.1.
man: build
	./arbiter man > arbiter.1
	@if command -v man >/dev/null; then MANWIDTH=80 man -l arbiter.1 >/dev/null && echo "arbiter.1 renders (man -l arbiter.1)"; fi

# The browser page (web/): arbiter's check compiled to WebAssembly
# (cmd/arbiter-wasm), gzipped and in base64 inside web/arbiter-module.js so
# that loading it is no request (the page's policy allows none), and Go's
# wasm_exec.js beside it. Host the folder as it is, or open web/index.html.
web:
	GOOS=js GOARCH=wasm $(GO) build -trimpath -ldflags="-s -w" -o web/arbiter.wasm ./cmd/arbiter-wasm
	cp "$$($(GO) env GOROOT)/lib/wasm/wasm_exec.js" web/wasm_exec.js
	{ printf 'window.arbiterModule = "'; gzip -9 -n -c web/arbiter.wasm | base64 -w0; printf '";\n'; } > web/arbiter-module.js
	@echo "web/arbiter.wasm: $$(wc -c < web/arbiter.wasm) bytes, $$(gzip -9 -n -c web/arbiter.wasm | wc -c) gzipped; web/arbiter-module.js: $$(wc -c < web/arbiter-module.js) bytes"
	rm web/arbiter.wasm

clean:
	rm -f arbiter arbiter.1 web/arbiter.wasm web/arbiter-module.js web/wasm_exec.js
