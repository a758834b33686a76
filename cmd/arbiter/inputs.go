package main

import (
	"archive/zip"
	"bufio"
	"compress/gzip"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/urfave/cli/v2"
	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/ianaindex"

	"arbiter/referee"
	"arbiter/variants"
)

// input is one source of records: a file named on the command line or
// found in a directory, a member of a zip archive, or standard input.
type input struct {
	name string
	open func() (io.ReadCloser, error)
	// path is the file on disk ("" for standard input) and member the
	// name inside a zip archive: where .arbiter.yaml is looked for.
	path, member string
	// skip, when set, is why a file met in a directory walk, or a folder
	// or archive, is not read (readInputs warns of it).
	skip string
	// members are a zip archive's inputs, while a walk lists it.
	members []input
	// viaLink is the file a directory walk reached through a symbolic
	// link (the link, or a folder it leads to), which may lie outside the
	// folder named: read like the others, never rewritten in place.
	viaLink bool
	// notDir: path was listed as a file, so forInput need not ask.
	notDir bool
}

// defaultExtensions are the record files a directory walk picks up: PDN
// (draughts, Halma) and PGN (morris), plain, gzipped or zipped. Race
// records have no extension of their own (.txt in testdata/race): a walk
// reads them with --ext pdn,pgn,txt. A file named on the command line is
// read whatever its name.
var defaultExtensions = []string{"pdn", "pgn"}

// extensions is --ext, or the defaults.
func extensions(c *cli.Context) []string {
	s := c.String("ext")
	if s == "" {
		return defaultExtensions
	}
	var out []string
	for _, e := range strings.Split(s, ",") {
		if e = strings.TrimPrefix(strings.TrimSpace(strings.ToLower(e)), "."); e != "" {
			out = append(out, e)
		}
	}
	return out
}

// isRecordFile: the name ends in one of exts, maybe followed by .gz.
func isRecordFile(name string, exts []string) bool {
	name = strings.TrimSuffix(strings.ToLower(name), ".gz")
	for _, e := range exts {
		if strings.HasSuffix(name, "."+e) {
			return true
		}
	}
	return false
}

func inputs(c *cli.Context) ([]input, error) {
	if c.NArg() == 0 {
		return nil, usageError("%s: name a file or directory to read, or - for standard input", c.Command.Name)
	}
	exts := extensions(c)
	limits, err := chosenUnpackLimits(c)
	if err != nil {
		return nil, err
	}
	var in []input
	for _, name := range c.Args().Slice() {
		if name == "-" {
			r := c.App.Reader
			in = append(in, input{name: "<stdin>", open: func() (io.ReadCloser, error) { return decompressed(io.NopCloser(r), limits, 0) }})
			continue
		}
		in = append(in, expand(name, exts, limits)...)
	}
	return in, nil
}

// readInputs warns of the inputs that are not read (skipInput) and
// returns the others, with the number of warnings.
func readInputs(in []input, stderr io.Writer) ([]input, int) {
	kept := in[:0:0]
	warned := 0
	for _, f := range in {
		if f.skip != "" {
			fmt.Fprintf(stderr, "arbiter: warning: %s: %s\n", printable(f.name), printable(f.skip))
			warned++
			continue
		}
		kept = append(kept, f)
	}
	return kept, warned
}

// expand turns a path the user typed into inputs: a directory into the
// record files under it (walkDir), a zip archive into its members, a file
// into itself, whatever its extension. A file that cannot be read, an
// archive that cannot be listed or is refused (checkZipMembers), is an
// input whose opening fails: reported in its place, the other inputs read.
func expand(path string, exts []string, limits unpackLimits) []input {
	if st, err := os.Stat(path); err == nil && st.IsDir() {
		return walkDir(path, exts, limits)
	}
	if strings.EqualFold(filepath.Ext(path), ".zip") {
		return zipMembers(path, exts, limits)
	}
	return []input{fileInput(path, limits)}
}

func fileInput(path string, limits unpackLimits) input {
	return input{name: path, path: path, notDir: true, open: func() (io.ReadCloser, error) {
		f, err := openRead(path)
		if err != nil {
			return nil, err
		}
		// The size, asked of a gzip file only: a system call less for
		// each of the files of a folder of records.
		return decompressedSized(f, limits, func() int64 {
			if st, err := f.Stat(); err == nil && st.Mode().IsRegular() {
				return st.Size()
			}
			return 0 // unknown for a pipe or a device
		})
	}}
}

// failedInput is an input that could not be listed: its opening reports
// why, in its place among the others.
func failedInput(path string, err error) input {
	return input{name: path, path: path, open: func() (io.ReadCloser, error) { return nil, err }}
}

// decompressed reads gzip data transparently, recognised by its magic
// bytes rather than by the name, so "games.pdn.gz", a gzip on standard
// input and a misnamed file all read the same. What it unpacks (every
// member of a concatenated gzip) is held to limits, against the input's
// size, or the compressed bytes read so far when it is not known (0: a
// pipe); the zero limits hold nothing.
func decompressed(rc io.ReadCloser, limits unpackLimits, size int64) (io.ReadCloser, error) {
	return decompressedSized(rc, limits, func() int64 { return size })
}

// decompressedSized is decompressed with the input's size worked out when
// it is gzip data.
func decompressedSized(rc io.ReadCloser, limits unpackLimits, sizeOf func() int64) (io.ReadCloser, error) {
	raw := &countingReader{r: rc}
	// Small: it holds the magic bytes (and a small file whole); the
	// splitter's 64 KB reads go around it. A 64 KB buffer a file was most
	// of what a directory of one-game files cost beside its games.
	br := bufio.NewReaderSize(raw, 4<<10)
	magic, _ := br.Peek(2)
	if isGzip(magic) {
		zr, err := gzip.NewReader(bufio.NewReaderSize(br, 64<<10))
		if err != nil {
			rc.Close()
			return nil, fmt.Errorf("gzip: %w", err)
		}
		var r io.Reader = zr
		if limits.max > 0 {
			size := sizeOf()
			r = budgeted{zr, &unpackBudget{limits: limits, size: func() int64 { return max(size, raw.n) }}}
		}
		return readCloser{r, func() error { zr.Close(); return rc.Close() }}, nil
	}
	return readCloser{br, rc.Close}, nil
}

// isGzip says whether head starts with gzip's magic bytes.
func isGzip(head []byte) bool {
	return len(head) >= 2 && head[0] == 0x1f && head[1] == 0x8b
}

type readCloser struct {
	io.Reader
	close func() error
}

func (r readCloser) Close() error { return r.close() }

// zipMembers lists the record files of a zip archive (by the same
// extensions as a directory walk), sorted by name, each named
// "archive.zip:member". The archive is opened once, when its first member
// is read, and closed after its last. What its members unpack to, together,
// is held to limits against the archive's size; an archive whose members
// overlap, or declare more than that, is refused before any is read.
func zipMembers(path string, exts []string, limits unpackLimits) []input {
	zr, err := zip.OpenReader(path)
	if err != nil {
		return []input{failedInput(path, err)}
	}
	var names []string
	var files []*zip.File
	var other skippedByExt
	for _, f := range zr.File {
		switch {
		case f.FileInfo().IsDir():
		case isRecordFile(f.Name, exts):
			names = append(names, f.Name)
			files = append(files, f)
		default:
			other.add(f.Name)
		}
	}
	if len(names) == 0 {
		zr.Close()
		return []input{skipInput(path, other.note("archive", "members", exts))}
	}
	size := int64(0)
	if fi, err := os.Stat(path); err == nil {
		size = fi.Size()
	}
	budget := &unpackBudget{limits: limits, size: func() int64 { return size }}
	err = checkZipMembers(files, budget)
	zr.Close()
	if err != nil {
		return []input{failedInput(path, err)}
	}
	sort.Strings(names)
	a := &zipArchive{path: path, left: len(names), budget: budget}
	var in []input
	for _, m := range names {
		in = append(in, input{name: path + ":" + m, path: path, member: m, open: func() (io.ReadCloser, error) { return a.open(m) }})
	}
	return in
}

type zipArchive struct {
	path  string
	left  int // members not read yet
	r     *zip.ReadCloser
	files map[string]*zip.File
	// budget is the archive's: its members together, a gzipped member's
	// unpacked text counted once.
	budget *unpackBudget
}

func (a *zipArchive) open(member string) (io.ReadCloser, error) {
	if a.r == nil {
		r, err := zip.OpenReader(a.path)
		if err != nil {
			return nil, err
		}
		a.r, a.files = r, map[string]*zip.File{}
		for _, f := range r.File {
			a.files[f.Name] = f
		}
	}
	done := func() error {
		if a.left--; a.left == 0 && a.r != nil {
			err := a.r.Close()
			a.r = nil
			return err
		}
		return nil
	}
	f, ok := a.files[member]
	if !ok {
		done()
		return nil, fmt.Errorf("%s: no member %s", a.path, member)
	}
	rc, err := f.Open()
	if err != nil {
		done()
		return nil, err
	}
	d, err := decompressed(rc, unpackLimits{}, 0)
	if err != nil {
		done()
		return nil, err
	}
	return readCloser{budgeted{d, a.budget}, func() error { d.Close(); return done() }}, nil
}

var variantFlags = []cli.Flag{
	&cli.StringFlag{Name: "variant", Usage: "rules to use for every game (see 'arbiter variants'); default: from the Variant or GameType tag, else from the squares and moves. Rules of another game than a record's are a usage error"},
	&cli.StringFlag{Name: "default-variant", Usage: "rules for the records that name none (no GameType or Variant tag), read in those rules' notation; tagged records keep theirs"},
	&cli.StringFlag{Name: "variant-file", Usage: "a YAML `FILE` describing the rules (see 'arbiter variants show international')"},
	&cli.StringFlag{Name: "encoding", Usage: "text encoding of the input, e.g. windows-1251 (default: UTF-8, falling back to Windows-1252 per game with a warning)"},
}

// chosenVariant reads --variant / --variant-file; nil means "per game".
func chosenVariant(c *cli.Context) (*variants.Variant, error) {
	name, file := c.String("variant"), c.String("variant-file")
	switch {
	case name != "" && file != "":
		return nil, usageError("give --variant or --variant-file, not both")
	case file != "":
		v, err := variants.LoadFile(file)
		if err != nil {
			return nil, usageError("%v", err)
		}
		return v, nil
	case name != "":
		v, err := variants.Lookup(name)
		if err != nil {
			return nil, usageError("%v", err)
		}
		return v, nil
	}
	return nil, nil
}

func chosenEncoding(c *cli.Context) (encoding.Encoding, error) {
	name := c.String("encoding")
	if name == "" || strings.EqualFold(name, "auto") {
		return nil, nil
	}
	if strings.EqualFold(name, "utf-8") || strings.EqualFold(name, "utf8") {
		return nil, nil // the default reads UTF-8 already
	}
	e, err := ianaindex.IANA.Encoding(name)
	if err != nil || e == nil {
		return nil, usageError("unknown --encoding %q (try windows-1252, windows-1251, iso-8859-1)", name)
	}
	if _, ok := e.(*charmap.Charmap); !ok {
		return nil, usageError("--encoding %q is not a single-byte encoding; only UTF-8 and single-byte encodings are supported", name)
	}
	return e, nil
}

func streamOptions(c *cli.Context) (referee.StreamOptions, error) {
	var so referee.StreamOptions
	v, err := chosenVariant(c)
	if err != nil {
		return so, err
	}
	enc, err := chosenEncoding(c)
	if err != nil {
		return so, err
	}
	so.Variant = v
	if name := c.String("default-variant"); name != "" {
		if v != nil {
			return so, usageError("give --variant (every record) or --default-variant (records without tags), not both")
		}
		d, err := variants.Lookup(name)
		if err != nil {
			return so, usageError("--default-variant: %v", err)
		}
		so.Default = d
	}
	so.PDN.Encoding = enc
	switch policy := c.String("variations"); policy {
	case "warning":
		so.Variations = referee.VariationsWarn
	case "", referee.VariationsWarn, referee.VariationsError, referee.VariationsIgnore:
		so.Variations = policy
	default:
		return so, usageError("unknown --variations %q (warn, error or ignore)", policy)
	}
	if c.IsSet("jobs") {
		if c.Int("jobs") < 1 {
			return so, usageError("--jobs must be at least 1")
		}
		so.Jobs = c.Int("jobs")
	}
	return so, nil
}

func ioError(name string, err error) error {
	return cli.Exit(printableLines(fmt.Sprintf("%s: %v", name, err)), exitUsage)
}
