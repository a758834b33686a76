package input

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"
	"unsafe"
)

// walk lists the record files under a directory named on the command
// line, in lexical order, so every run reads them in the same order.
// Hidden directories (.git) are not entered. Symbolic links are followed:
// a linked record is read under the link's name, unless the file it links
// to is read already; a linked folder is walked after the real ones,
// unless it is one of them or was walked already (which is what a link
// loop is). Nothing is passed over silently that could hold records:
// what is left out is named by an input with a skip reason (skipInput).
type walk struct {
	exts   []string
	limits Limits
	in     []Source
	// real: the resolved paths of the folders walked, and of the files
	// listed, for the links that lead to them again. files is built only
	// once a link is met (realFiles until then): most folders have none,
	// and a key a file was a third of what listing a file cost.
	dirs, files map[string]bool
	realFiles   []realFile
	// links are the linked folders met, walked once the real ones are.
	links []walkLink
	// linked are the linked files met: in[at] is theirs, decided once
	// every real file is known.
	linked []walkLink
	other  skippedByExt
}

// realFile is a file of a real folder, its resolved path dir+name.
type realFile struct{ dir, name string }

type walkLink struct {
	path, real string
	at         int
}

// skippedByExt counts the files a walk did not read for their extension,
// for the note of a folder where nothing matched.
type skippedByExt struct {
	n     int
	byExt map[string][]string // extension ("" for none) -> the first few names
	count map[string]int
}

func (s *skippedByExt) add(path string) {
	if s.byExt == nil {
		s.byExt, s.count = map[string][]string{}, map[string]int{}
	}
	ext := strings.ToLower(strings.TrimPrefix(filepath.Ext(strings.TrimSuffix(strings.ToLower(path), ".gz")), "."))
	s.n++
	s.count[ext]++
	if len(s.byExt[ext]) < 3 {
		s.byExt[ext] = append(s.byExt[ext], filepath.Base(path))
	}
}

// notRecords are extensions that never hold records: a folder's README
// or pictures are not worth an --ext hint.
var notRecords = map[string]bool{
	"": true, "md": true, "markdown": true, "rst": true, "html": true, "htm": true, "css": true, "js": true,
	"json": true, "yaml": true, "yml": true, "go": true, "py": true, "sh": true, "png": true, "jpg": true,
	"jpeg": true, "gif": true, "svg": true, "pdf": true, "doc": true, "docx": true, "xls": true, "xlsx": true,
}

// note says why nothing was read in what (a folder, an archive): the
// files left for their extension, a few by name, and the --ext that
// would read them.
func (s *skippedByExt) note(what, members string, exts []string) string {
	if s.n == 0 {
		return fmt.Sprintf("no record file in this %s (--ext %s)", what, strings.Join(exts, ","))
	}
	keys := make([]string, 0, len(s.count))
	for e := range s.count {
		keys = append(keys, e)
	}
	sort.Slice(keys, func(i, j int) bool {
		a, b := keys[i], keys[j]
		switch {
		case s.count[a] != s.count[b]:
			return s.count[a] > s.count[b]
		case a == "" || b == "":
			return b == "" // files without an extension last
		}
		return a < b
	})
	var groups, more []string
	for _, e := range keys {
		names := strings.Join(s.byExt[e], ", ")
		if rest := s.count[e] - len(s.byExt[e]); rest > 0 {
			names += fmt.Sprintf(" and %d more", rest)
		}
		label := "." + e
		if e == "" {
			label = "no extension"
		}
		groups = append(groups, label+": "+names)
		if !notRecords[e] {
			more = append(more, e)
		}
	}
	msg := fmt.Sprintf("no record file in this %s: %d %s not read for their extension (%s)", what, s.n, plural(s.n, members[:len(members)-1], members), strings.Join(groups, "; "))
	if len(more) > 0 {
		msg += fmt.Sprintf("; --ext %s reads them", strings.Join(append(append([]string{}, exts...), more...), ","))
	}
	return msg
}

// skipInput is an input a walk names and does not read: why is said as a
// warning; opening it (board reads its first input) says it too.
func skipSource(path, why string) Source {
	return Source{Name: path, Path: path, Skip: why, Open: func() (io.ReadCloser, error) {
		return nil, fmt.Errorf("not read: %s", why)
	}}
}

func walkDir(root string, exts []string, limits Limits) []Source {
	w := &walk{exts: exts, limits: limits, dirs: map[string]bool{}}
	real, err := realPath(root)
	if err != nil {
		return []Source{failedSource(root, err)}
	}
	w.dir(root, real)
	if len(w.links) > 0 || len(w.linked) > 0 {
		w.files = make(map[string]bool, len(w.realFiles))
		for _, f := range w.realFiles {
			w.files[f.dir+f.name] = true
		}
	}
	w.realFiles = nil
	w.resolveLinked()
	// The linked folders, once every real one is known; those they hold
	// are walked in turn (appended as they are met).
	for i := 0; i < len(w.links); i++ {
		l := w.links[i]
		switch {
		case w.dirs[l.real]:
			w.in = append(w.in, skipSource(l.path, "a symbolic link to "+l.real+", a folder read already"))
			continue
		case within(real, l.real):
			w.in = append(w.in, skipSource(l.path, "a symbolic link to "+l.real+", a folder that holds this one (a loop)"))
			continue
		}
		from := len(w.in)
		w.dir(l.path, l.real)
		w.resolveLinked()
		for j := from; j < len(w.in); j++ {
			w.in[j].ViaLink = true
		}
	}
	// A zip archive stands for its members.
	out := w.in // (most folders hold none: their inputs are not copied)
	if slices.ContainsFunc(w.in, func(f Source) bool { return f.members != nil }) {
		out = make([]Source, 0, len(w.in))
		for _, f := range w.in {
			if f.members != nil {
				out = append(out, f.members...)
			} else {
				out = append(out, f)
			}
		}
	}
	read := slices.ContainsFunc(w.in, func(f Source) bool { return f.Skip == "" })
	if !read && (len(out) == 0 || w.other.n > 0) {
		out = append(out, skipSource(root, w.other.note("folder", "files", exts)))
	}
	return out
}

// within: path is dir or inside it.
func within(path, dir string) bool {
	rel, err := filepath.Rel(dir, path)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}

// realPath is path with every symbolic link resolved, absolute: the one
// name of a file or folder however it is reached.
func realPath(path string) (string, error) {
	p, err := filepath.EvalSymlinks(path)
	if err != nil {
		return "", err
	}
	return filepath.Abs(p)
}

// resolveLinked decides the linked files met so far: read in their place,
// unless the file they lead to is read already (a real file of the walk
// always is: the real files are listed first).
func (w *walk) resolveLinked() {
	for _, l := range w.linked {
		if w.files[l.real] {
			w.in[l.at] = skipSource(l.path, "a symbolic link to "+l.real+", a file read already")
			continue
		}
		w.files[l.real] = true
		w.in[l.at] = w.file(l.path)
		w.in[l.at].ViaLink = true
	}
	w.linked = w.linked[:0]
}

// dir lists the folder at path, whose resolved path is real.
func (w *walk) dir(path, real string) {
	w.dirs[real] = true
	entries, err := readDir(path)
	if err != nil {
		w.in = append(w.in, failedSource(path, err))
		return
	}
	// filepath.Join(path, name) is pre+name for every name a folder
	// lists (never "." or "..", never with a separator): the path is
	// cleaned once, not once a file.
	pre, realPre := joinPrefix(path), joinPrefix(real)
	var fo *folder // (its files' opener, made with the first)
	file := func(p string) Source {
		if strings.EqualFold(filepath.Ext(p), ".zip") {
			return w.file(p)
		}
		if fo == nil {
			fo = &folder{path: path, pre: pre, limits: w.limits, files: make([]folderFile, 0, len(entries))}
		}
		return fo.source(p)
	}
	// The entries' paths, cut from one allocation rather than one a file.
	size := 0
	for _, e := range entries {
		size += len(pre) + len(e.name)
	}
	paths := make([]byte, 0, size)
	w.in = slices.Grow(w.in, len(entries))
	if w.files == nil {
		w.realFiles = slices.Grow(w.realFiles, len(entries))
	}
	for _, e := range entries { // sorted by name
		name := e.name
		paths = append(append(paths, pre...), name...)
		p := unsafe.String(&paths[len(paths)-len(pre)-len(name)], len(pre)+len(name))
		switch t := e.typ; {
		case t.IsDir():
			switch r := realPre + name; {
			case strings.HasPrefix(name, "."):
			case w.dirs[r]: // in a linked folder, one the walk has read
				w.in = append(w.in, skipSource(p, "the folder "+r+", read already"))
			default:
				w.dir(p, r)
			}
		case t.IsRegular():
			switch {
			case !w.wanted(p):
			case w.files == nil: // the real folders, walked first: no file is met twice
				w.realFiles = append(w.realFiles, realFile{realPre, name})
				w.in = append(w.in, file(p))
			case w.files[realPre+name]: // in a linked folder, a file a link of the walk led to
				w.in = append(w.in, skipSource(p, "the file "+realPre+name+", read already"))
			default:
				w.files[realPre+name] = true
				w.in = append(w.in, file(p))
			}
		case t&os.ModeSymlink != 0:
			w.link(p, name)
		default: // a pipe, a socket, a device: reading could block
			if IsRecordFile(p, w.exts) {
				w.in = append(w.in, skipSource(p, "not a regular file"))
			}
		}
	}
}

// folder is a walked folder, the opener of its files (Source.Open): on
// Linux each is opened relative to the folder (folder_linux.go).
type folder struct {
	path, pre string // pre+name is a file's path
	limits    Limits
	mu        sync.Mutex
	left      int       // its files not opened yet
	dir       *folderFD // nil until its first file is opened
	name      []byte    // a file's name, NUL-terminated, for openat
	// files are its files' openers, one allocation for the folder (never
	// grown: made for all its entries): a file then costs one allocation
	// (Source.Open's closure) until it is read, not four.
	files []folderFile
}

// folderFile is the opener of one of a folder's files, at path.
type folderFile struct {
	f    *folder
	path string
	slot readerSlot // (folder_linux.go: the reader of its first open)
}

// source is the input of the folder's file at path, pre+its name: a
// record file (not a zip archive).
func (f *folder) source(path string) Source {
	f.left++
	f.files = append(f.files, folderFile{f: f, path: path})
	ff := &f.files[len(f.files)-1]
	return Source{Name: path, Path: path, NotDir: true, Open: ff.open}
}

// dirEntry is a name a folder lists, and its type (os.DirEntry's Type:
// a symbolic link's, not what it leads to).
type dirEntry struct {
	name string
	typ  os.FileMode
}

// joinPrefix is what filepath.Join(dir, name) puts before name.
func joinPrefix(dir string) string {
	j := filepath.Join(dir, "x")
	return j[:len(j)-1]
}

// link handles the symbolic link at path.
func (w *walk) link(path, name string) {
	st, err := os.Stat(path)
	if err != nil {
		if IsRecordFile(path, w.exts) || strings.EqualFold(filepath.Ext(path), ".zip") {
			w.in = append(w.in, skipSource(path, "a symbolic link that leads nowhere ("+unwrapPath(err).Error()+")"))
		}
		return
	}
	real, err := realPath(path)
	if err != nil {
		w.in = append(w.in, failedSource(path, err))
		return
	}
	switch {
	case st.IsDir():
		if !strings.HasPrefix(name, ".") {
			w.links = append(w.links, walkLink{path: path, real: real})
		}
	case st.Mode().IsRegular():
		if w.wanted(path) {
			w.linked = append(w.linked, walkLink{path: path, real: real, at: len(w.in)})
			w.in = append(w.in, Source{}) // its place, filled by walkDir
		}
	case IsRecordFile(path, w.exts):
		w.in = append(w.in, skipSource(path, "a symbolic link to something that is not a regular file"))
	}
}

// wanted: the file at path is read (a record file or a zip archive), or
// counted as left for its extension.
func (w *walk) wanted(path string) bool {
	if strings.EqualFold(filepath.Ext(path), ".zip") || IsRecordFile(path, w.exts) {
		return true
	}
	w.other.add(path)
	return false
}

// file is the input of a regular file the walk reads (a symbolic link to
// one is followed): a zip archive's members (one input holding them, so
// that a linked archive keeps its place), or the file.
func (w *walk) file(path string) Source {
	if strings.EqualFold(filepath.Ext(path), ".zip") {
		return Source{Name: path, members: zipMembers(path, w.exts, w.limits)}
	}
	return fileSource(path, w.limits)
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// unwrapPath drops an *fs.PathError's file name, keeping why.
func unwrapPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}
