//go:build !linux

package input

import "os"

// readDir is os.ReadDir's listing, sorted by name: each entry's name and
// type (readdir_linux.go reads it with fewer allocations).
func readDir(path string) ([]dirEntry, error) {
	entries, err := os.ReadDir(path)
	if err != nil {
		return nil, err
	}
	out := make([]dirEntry, len(entries))
	for i, e := range entries {
		out[i] = dirEntry{e.Name(), e.Type()}
	}
	return out, nil
}
