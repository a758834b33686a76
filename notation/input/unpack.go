package input

import (
	"archive/zip"
	"errors"
	"fmt"
	"io"
	"math"
	"sort"
	"strconv"
	"strings"
)

// What one input may unpack to. A small archive can hold terabytes (a
// 662 KB zip of 10,000 entries sharing one 100 MiB member took 37 minutes
// of CPU), so an input that unpacks to more than defaultMaxUnpacked, or
// past ratioFloor to more than maxRatio times its own size, is refused
// (DefaultLimits). Real
// records compress 3 to 11 times (gzip and zip of the shared corpus): the
// ratio is ten times that, and keeps the work linear in the input's size.
// --max-decompressed raises the total and lifts the ratio: the user has
// looked at the input.
const (
	defaultMaxUnpacked = 4 << 30
	maxRatio           = 100
	ratioFloor         = 1 << 20
)

// Limits bound one input's decompressed bytes: at most Max, and at most
// Ratio times the input's own size once past 1 MiB (Ratio 0: no ratio).
// The zero Limits hold nothing.
type Limits struct {
	Max   int64
	Ratio int64
	// Flagged: the limit is the user's --max-decompressed, for the error
	// to say so.
	Flagged bool
}

// DefaultLimits are the limits of an input the user has not looked at:
// 4 GiB, and 100 times its size.
func DefaultLimits() Limits {
	return Limits{Max: defaultMaxUnpacked, Ratio: maxRatio}
}

// ParseSize reads "4GiB", "500M", "1.5G", "65536": a positive number of
// bytes with an optional unit, K, M, G and T being powers of 1024 whether
// written K, KB or KiB.
func ParseSize(s string) (int64, error) {
	t := strings.TrimSpace(s)
	num := strings.TrimRightFunc(t, func(r rune) bool { return r >= 'A' && r <= 'z' })
	unit := strings.ToUpper(strings.TrimSpace(t[len(num):]))
	mult := int64(1)
	switch strings.TrimSuffix(strings.TrimSuffix(unit, "B"), "I") {
	case "":
	case "K":
		mult = 1 << 10
	case "M":
		mult = 1 << 20
	case "G":
		mult = 1 << 30
	case "T":
		mult = 1 << 40
	default:
		return 0, fmt.Errorf("%q: unknown unit %q (K, M, G or T, as in 4GiB)", s, unit)
	}
	f, err := strconv.ParseFloat(strings.TrimSpace(num), 64)
	if err != nil || f <= 0 || math.IsInf(f, 0) || f*float64(mult) >= math.MaxInt64 {
		return 0, fmt.Errorf("%q is not a size (a positive number of bytes, as in 4GiB or 500M)", s)
	}
	return max(1, int64(f*float64(mult))), nil
}

// FormatSize writes n bytes for a person: 662 KiB, 4 GiB, 1.5 MiB.
func FormatSize(n int64) string {
	units := []string{"bytes", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"}
	f, u := float64(n), 0
	for f >= 1024 && u < len(units)-1 {
		f /= 1024
		u++
	}
	if u == 0 || f >= 10 || f == math.Trunc(f) {
		return fmt.Sprintf("%.0f %s", f, units[u])
	}
	return fmt.Sprintf("%.1f %s", f, units[u])
}

// errUnpackLimit is why an input that unpacks to too much is refused.
var errUnpackLimit = errors.New("refused")

// unpackBudget is what one input has unpacked so far: a gzip file's or
// standard input's stream, or every member of a zip archive together.
// Inputs are read one after the other (referee.CheckInputs' splitter), so
// it needs no lock.
type unpackBudget struct {
	limits Limits
	size   func() int64 // the input's own size: the archive's, or the compressed bytes read so far
	used   int64
	err    error // once refused, every later read is
}

// allowed is the most the input may unpack to now.
func (b *unpackBudget) allowed() (n int64, byRatio bool) {
	n = b.limits.Max
	if b.limits.Ratio > 0 {
		if r := max(ratioFloor, satMul(b.size(), b.limits.Ratio)); r < n {
			return r, true
		}
	}
	return n, false
}

// check refuses the input once it has unpacked more than allowed; what
// is the verb of the error ("unpacks", "would unpack").
func (b *unpackBudget) check(what string) error {
	if b.err != nil {
		return b.err
	}
	n, byRatio := b.allowed()
	if b.used <= n {
		return nil
	}
	switch {
	case byRatio:
		b.err = fmt.Errorf("%w: %s to more than %d times its own size (more than %s from %s), as a decompression bomb does; --max-decompressed SIZE reads it up to SIZE",
			errUnpackLimit, what, b.limits.Ratio, FormatSize(n), FormatSize(b.size()))
	case b.limits.Flagged:
		b.err = fmt.Errorf("%w: %s to more than %s, the --max-decompressed given", errUnpackLimit, what, FormatSize(n))
	default:
		b.err = fmt.Errorf("%w: %s to more than %s; --max-decompressed SIZE reads it up to SIZE", errUnpackLimit, what, FormatSize(n))
	}
	return b.err
}

func satMul(a, b int64) int64 {
	if a > 0 && b > math.MaxInt64/a {
		return math.MaxInt64
	}
	return a * b
}

// budgeted counts what r unpacks against b, and fails the read that
// passes the limit.
type budgeted struct {
	r io.Reader
	b *unpackBudget
}

func (l budgeted) Read(p []byte) (int, error) {
	if l.b.err != nil {
		return 0, l.b.err
	}
	n, err := l.r.Read(p)
	l.b.used += int64(n)
	if cerr := l.b.check("unpacks"); cerr != nil {
		return 0, cerr
	}
	return n, err
}

// countingReader counts the bytes read through it: a compressed stream's
// own size so far.
type countingReader struct {
	r io.Reader
	n int64
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	return n, err
}

// checkZipMembers refuses an archive whose members would be read from
// overlapping data (entries pointing into each other's bytes: the mark of
// a zip bomb, never of an archiver) or whose members together declare
// more than the budget allows (archive/zip holds each member to its
// declared size, so this is known before any is read).
func checkZipMembers(files []*zip.File, b *unpackBudget) error {
	type span struct {
		start, end int64
		name       string
	}
	spans := make([]span, 0, len(files))
	for _, f := range files {
		off, err := f.DataOffset()
		if err != nil {
			return fmt.Errorf("member %s: %w", f.Name, err)
		}
		end := off + int64(min(f.CompressedSize64, math.MaxInt64/2))
		spans = append(spans, span{off, end, f.Name})
		b.used = satAdd(b.used, f.UncompressedSize64)
	}
	sort.Slice(spans, func(i, j int) bool { return spans[i].start < spans[j].start })
	for i := 1; i < len(spans); i++ {
		if p, s := spans[i-1], spans[i]; s.start < p.end {
			return fmt.Errorf("members %s and %s are read from the same bytes (overlapping entries, the mark of a zip bomb): the archive is refused", p.name, s.name)
		}
	}
	err := b.check("would unpack")
	b.used, b.err = 0, nil // counted again as the members are read
	return err
}

func satAdd(a int64, b uint64) int64 {
	if b > uint64(math.MaxInt64-a) {
		return math.MaxInt64
	}
	return a + int64(b)
}
