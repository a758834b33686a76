//go:build !unix

package input

import (
	"io"
	"os"
)

// openFile opens the file at path and reads it, gzip unpacked, held to
// limits (see openread_unix.go for the system calls it saves there).
func openFile(path string, limits Limits) (io.ReadCloser, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	// The size, asked of a gzip file only.
	return decompressedSized(f, limits, func() int64 {
		if st, err := f.Stat(); err == nil && st.Mode().IsRegular() {
			return st.Size()
		}
		return 0 // unknown for a pipe or a device
	})
}
