//go:build !unix

package input

import "os"

// openRead is os.Open (see openread_unix.go).
func openRead(path string) (*os.File, error) { return os.Open(path) }
