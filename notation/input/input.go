// Package input lists and opens the sources of records: files named on
// the command line, the record files of a folder (walked in lexical order,
// symbolic links followed once, what is left out named), the members of a
// zip archive, gzip streams (told by their magic bytes), standard input, or
// bytes a browser page was given; each held to limits on what it may
// unpack to, so a decompression bomb is refused rather than read. It also
// names the text encodings a user may choose. Decoding the text and telling
// PDN from JSON lines is the readers' (notation/pdn, notation/jsonl); every
// front-end opens its inputs here.
package input

import (
	"archive/zip"
	"bufio"
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"unicode/utf8"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/ianaindex"
)

// Source is one source of records: a file named on the command line or
// found in a directory, a member of a zip archive, or standard input.
type Source struct {
	Name string
	Open func() (io.ReadCloser, error)
	// Path is the file on disk ("" for standard input) and Member the
	// name inside a zip archive: where .arbiter.yaml is looked for.
	Path, Member string
	// Skip, when set, is why a file met in a directory walk, or a folder
	// or archive, is not read: the caller warns of it, and opening it
	// fails with it.
	Skip string
	// members are a zip archive's inputs, while a walk lists it.
	members []Source
	// ViaLink is the file a directory walk reached through a symbolic
	// link (the link, or a folder it leads to), which may lie outside the
	// folder named: read like the others, never rewritten in place.
	ViaLink bool
	// NotDir: Path was listed as a file, not a folder (the config lookup
	// need not ask).
	NotDir bool
}

// DefaultExtensions are the record files a directory walk picks up: PDN
// (draughts, Halma) and PGN (morris), plain, gzipped or zipped. Race
// records have no extension of their own (.txt in testdata/race): a walk
// reads them with --ext pdn,pgn,txt. A file named on the command line is
// read whatever its name.
var DefaultExtensions = []string{"pdn", "pgn"}

// Extensions reads a list of extensions ("pdn,pgn", ".TXT"): lower case,
// without their dots; "" is DefaultExtensions.
func Extensions(list string) []string {
	if list == "" {
		return DefaultExtensions
	}
	var out []string
	for _, e := range strings.Split(list, ",") {
		if e = strings.TrimPrefix(strings.TrimSpace(strings.ToLower(e)), "."); e != "" {
			out = append(out, e)
		}
	}
	return out
}

// IsRecordFile: the name ends in one of exts, maybe followed by .gz.
func IsRecordFile(name string, exts []string) bool {
	if isASCII(name) { // (most names: no lower-case copy)
		if n := len(name) - 3; n >= 0 && lowerIs(name[n:], ".gz") {
			name = name[:n]
		}
		for _, e := range exts {
			if n := len(name) - len(e) - 1; n >= 0 && name[n] == '.' && lowerIs(name[n+1:], e) {
				return true
			}
		}
		return false
	}
	name = strings.TrimSuffix(strings.ToLower(name), ".gz")
	for _, e := range exts {
		if strings.HasSuffix(name, "."+e) {
			return true
		}
	}
	return false
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// lowerIs: s, ASCII, is lower, its letters lowered.
func lowerIs(s, lower string) bool {
	if len(s) != len(lower) {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		if c != lower[i] {
			return false
		}
	}
	return true
}

// Stdin is standard input (or any stream read once) as a source named
// "<stdin>": gzip is unpacked, held to limits against the compressed bytes
// read so far.
func Stdin(r io.Reader, limits Limits) Source {
	return Source{Name: "<stdin>", Open: func() (io.ReadCloser, error) { return Decompressed(io.NopCloser(r), limits, 0) }}
}

// Bytes is the sources of a file given as bytes (a file dropped on the
// browser page): a zip archive (told by its name or its first bytes) its
// record members by exts, each named "name:member"; anything else the
// file itself, gzip unpacked. What they unpack to is held to limits
// against len(data). None has a Path: no config is looked for beside it.
func Bytes(name string, data []byte, exts []string, limits Limits) []Source {
	size := int64(len(data))
	if !strings.EqualFold(filepath.Ext(name), ".zip") && !bytes.HasPrefix(data, []byte("PK\x03\x04")) {
		return []Source{{Name: name, Open: func() (io.ReadCloser, error) {
			return Decompressed(io.NopCloser(bytes.NewReader(data)), limits, size)
		}}}
	}
	zr, err := zip.NewReader(bytes.NewReader(data), size)
	if err != nil {
		return []Source{{Name: name, Open: func() (io.ReadCloser, error) { return nil, err }}}
	}
	names, files, other := recordMembers(zr.File, exts)
	if len(names) == 0 {
		why := other.note("archive", "members", exts)
		return []Source{{Name: name, Skip: why, Open: func() (io.ReadCloser, error) { return nil, fmt.Errorf("not read: %s", why) }}}
	}
	budget := &unpackBudget{limits: limits, size: func() int64 { return size }}
	if err := checkZipMembers(files, budget); err != nil {
		return []Source{{Name: name, Open: func() (io.ReadCloser, error) { return nil, err }}}
	}
	byName := make(map[string]*zip.File, len(files))
	for _, f := range files {
		byName[f.Name] = f
	}
	sort.Strings(names)
	var in []Source
	for _, m := range names {
		in = append(in, Source{Name: name + ":" + m, Member: m, Open: func() (io.ReadCloser, error) {
			return openMember(byName[m], budget, func() error { return nil })
		}})
	}
	return in
}

// recordMembers sorts an archive's entries: the names and files of its
// record members by exts (in the archive's order), and the others, which
// are said when there is no record member.
func recordMembers(entries []*zip.File, exts []string) (names []string, files []*zip.File, other skippedByExt) {
	for _, f := range entries {
		switch {
		case f.FileInfo().IsDir():
		case IsRecordFile(f.Name, exts):
			names = append(names, f.Name)
			files = append(files, f)
		default:
			other.add(f.Name)
		}
	}
	return names, files, other
}

// openMember opens an archive member, gzip unpacked, held to the
// archive's budget; done is called once the member is closed, or at once
// when it cannot be opened.
func openMember(f *zip.File, budget *unpackBudget, done func() error) (io.ReadCloser, error) {
	rc, err := f.Open()
	if err != nil {
		done()
		return nil, err
	}
	d, err := Decompressed(rc, Limits{}, 0)
	if err != nil {
		done()
		return nil, err
	}
	return readCloser{budgeted{d, budget}, func() error { d.Close(); return done() }}, nil
}

// Expand turns a path the user typed into inputs: a directory into the
// record files under it (walkDir), a zip archive into its members, a file
// into itself, whatever its extension. A file that cannot be read, an
// archive that cannot be listed or is refused (checkZipMembers), is an
// input whose opening fails: reported in its place, the other inputs read.
func Expand(path string, exts []string, limits Limits) []Source {
	if st, err := os.Stat(path); err == nil && st.IsDir() {
		return walkDir(path, exts, limits)
	}
	if strings.EqualFold(filepath.Ext(path), ".zip") {
		return zipMembers(path, exts, limits)
	}
	return []Source{fileSource(path, limits)}
}

// headSize is the head buffer's of a file's reader (openFile): the
// splitter's own reads are as big, so a file of up to that size is read
// in one read.
const headSize = 64 << 10

// fileSource is the file at path (openFile).
func fileSource(path string, limits Limits) Source {
	return Source{Name: path, Path: path, NotDir: true, Open: func() (io.ReadCloser, error) {
		return openFile(path, limits)
	}}
}

// failedSource is an input that could not be listed: its opening reports
// why, in its place among the others.
func failedSource(path string, err error) Source {
	return Source{Name: path, Path: path, Open: func() (io.ReadCloser, error) { return nil, err }}
}

// Decompressed reads gzip data transparently, recognised by its magic
// bytes rather than by the name, so "games.pdn.gz", a gzip on standard
// input and a misnamed file all read the same. What it unpacks (every
// member of a concatenated gzip) is held to limits, against the input's
// size, or the compressed bytes read so far when it is not known (0: a
// pipe); the zero limits hold nothing.
func Decompressed(rc io.ReadCloser, limits Limits, size int64) (io.ReadCloser, error) {
	return decompressedSized(rc, limits, func() int64 { return size })
}

// decompressedSized is Decompressed with the input's size worked out when
// it is gzip data.
func decompressedSized(rc io.ReadCloser, limits Limits, sizeOf func() int64) (io.ReadCloser, error) {
	// Small: it holds the magic bytes (and a small file whole); the
	// splitter's 64 KB reads go around it.
	br := bufio.NewReaderSize(rc, 4<<10)
	magic, _ := br.Peek(2)
	if IsGzip(magic) {
		return gunzip(readCloser{br, rc.Close}, limits, sizeOf)
	}
	return readCloser{br, rc.Close}, nil
}

// gunzip unpacks rc, gzip data from its first byte, held to limits
// (Decompressed).
func gunzip(rc io.ReadCloser, limits Limits, sizeOf func() int64) (io.ReadCloser, error) {
	raw := &countingReader{r: rc}
	zr, err := gzip.NewReader(bufio.NewReaderSize(raw, 64<<10))
	if err != nil {
		rc.Close()
		return nil, fmt.Errorf("gzip: %w", err)
	}
	var r io.Reader = zr
	if limits.Max > 0 {
		size := sizeOf()
		r = budgeted{zr, &unpackBudget{limits: limits, size: func() int64 { return max(size, raw.n) }}}
	}
	return readCloser{r, func() error { zr.Close(); return rc.Close() }}, nil
}

// IsGzip says whether head starts with gzip's magic bytes.
func IsGzip(head []byte) bool {
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
func zipMembers(path string, exts []string, limits Limits) []Source {
	zr, err := zip.OpenReader(path)
	if err != nil {
		return []Source{failedSource(path, err)}
	}
	names, files, other := recordMembers(zr.File, exts)
	if len(names) == 0 {
		zr.Close()
		return []Source{skipSource(path, other.note("archive", "members", exts))}
	}
	size := int64(0)
	if fi, err := os.Stat(path); err == nil {
		size = fi.Size()
	}
	budget := &unpackBudget{limits: limits, size: func() int64 { return size }}
	err = checkZipMembers(files, budget)
	zr.Close()
	if err != nil {
		return []Source{failedSource(path, err)}
	}
	sort.Strings(names)
	a := &zipArchive{path: path, left: len(names), budget: budget}
	var in []Source
	for _, m := range names {
		in = append(in, Source{Name: path + ":" + m, Path: path, Member: m, Open: func() (io.ReadCloser, error) { return a.open(m) }})
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
	return openMember(f, a.budget, done)
}

// Encoding is the text encoding a user names ("windows-1251",
// "iso-8859-1"), nil for UTF-8 (the default, and "auto" or ""): only
// single-byte encodings are known beside it, as PDN files are written.
func Encoding(name string) (encoding.Encoding, error) {
	if name == "" || strings.EqualFold(name, "auto") {
		return nil, nil
	}
	if strings.EqualFold(name, "utf-8") || strings.EqualFold(name, "utf8") {
		return nil, nil // the default reads UTF-8 already
	}
	e, err := ianaindex.IANA.Encoding(name)
	if err != nil || e == nil {
		return nil, &EncodingError{Name: name}
	}
	if _, ok := e.(*charmap.Charmap); !ok {
		return nil, &EncodingError{Name: name, MultiByte: true}
	}
	return e, nil
}

// EncodingError is an encoding Encoding does not know, or one of more than
// one byte per character.
type EncodingError struct {
	Name      string
	MultiByte bool
}

func (e *EncodingError) Error() string {
	if e.MultiByte {
		return fmt.Sprintf("encoding %q is not a single-byte encoding; only UTF-8 and single-byte encodings are supported", e.Name)
	}
	return fmt.Sprintf("unknown encoding %q (try windows-1252, windows-1251, iso-8859-1)", e.Name)
}

// Overwrites returns the first of in that is the file out, by identity
// (os.SameFile), so another path or a symlink to it is caught: writing out
// would destroy that input. An output that does not exist yet is no input.
func Overwrites(out string, in []Source) (string, bool) {
	ost, err := os.Stat(out)
	if err != nil {
		return "", false
	}
	for _, f := range in {
		if f.Path == "" {
			continue
		}
		if ist, err := os.Stat(f.Path); err == nil && os.SameFile(ost, ist) {
			return f.Name, true
		}
	}
	return "", false
}
