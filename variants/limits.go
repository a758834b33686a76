package variants

import (
	"fmt"
	"io"
	"os"
)

// A variant file describes one rule set in a few hundred lines (the
// largest builtin is under 2 KB and 50 lines). The bounds refuse, with a
// clear error, a file that would make the YAML decoder hold hundreds of MB
// (a 100 MB file, or 300,000 endgame rules) long before it says anything.
const (
	MaxFileBytes = 1 << 20 // bytes in a variant file
	MaxEntries   = 10_000  // YAML entries, counted as in checkLimits
)

// checkLimits bounds data before it is decoded. Entries are counted
// without decoding, as the lines that hold something plus the commas and
// opening brackets of flow collections: at least one per YAML node that
// holds a value, so a file under the bound decodes to a bounded tree.
func checkLimits(file string, data []byte) error {
	if len(data) > MaxFileBytes {
		return &Error{File: file, Msg: fmt.Sprintf("%d bytes: too large for a variant file (at most %d)", len(data), MaxFileBytes)}
	}
	entries, line, blank := 0, 1, true
	for _, c := range data {
		switch c {
		case '\n':
			if !blank {
				entries++
			}
			line++
			blank = true
		case ' ', '\t', '\r':
		case ',', '[', '{':
			entries++
			blank = false
		default:
			blank = false
		}
		if entries > MaxEntries {
			return &Error{File: file, Line: line, Msg: fmt.Sprintf("more than %d entries: too many for a variant file", MaxEntries)}
		}
	}
	return nil
}

// readFile reads a variant file, refusing one over MaxFileBytes without
// reading it all.
func readFile(file string) ([]byte, error) {
	f, err := os.Open(file)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, MaxFileBytes+1))
	if err != nil {
		return nil, err
	}
	if len(data) > MaxFileBytes {
		return nil, &Error{File: file, Msg: fmt.Sprintf("more than %d bytes: too large for a variant file", MaxFileBytes)}
	}
	return data, nil
}
