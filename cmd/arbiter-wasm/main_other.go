//go:build !(js && wasm)

package main

import (
	"fmt"
	"os"
)

// Built for another system than the browser, the command only says how to
// build it: 'make web' (GOOS=js GOARCH=wasm) writes the page's module.
func main() {
	fmt.Fprintln(os.Stderr, "arbiter-wasm runs in a browser: build it with 'make web' (GOOS=js GOARCH=wasm go build ./cmd/arbiter-wasm)")
	os.Exit(2)
}
