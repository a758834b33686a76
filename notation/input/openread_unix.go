//go:build unix

package input

import (
	"io"
	"os"
	"sync"
	"syscall"
)

// openFile opens the file at path and reads it, gzip unpacked, held to
// limits: the open input of fileSource. regular says the walk or the
// command line's stat found a regular file there.
//
// A folder of one-game files pays this once per game, so it costs as few
// system calls as a file can be read in: open, one read into a pooled
// head buffer (a one-game file is read whole), the read that finds the
// end, close. os.Open would add the network poller's fcntl calls (it
// offers every file to the poller, which refuses a regular one), and an
// *os.File its cleanup and a bufio buffer on top. The end is always
// read, never inferred from a short read: a short read of a regular file
// means its end only on file systems that keep POSIX's word (a FUSE file
// system with direct_io, /proc's files do not), and a game cut short
// would be a false alarm.
func openFile(path string, regular bool, limits Limits) (io.ReadCloser, error) {
	fd, err := openFD(path)
	if err != nil {
		return nil, err
	}
	r := &fileReader{fd: fd, path: path, head: headPool.Get().(*[]byte)}
	r.buf = (*r.head)[:0]
	// The first bytes, for gzip's magic: two of them, or the end.
	for len(r.buf) < 2 && r.err == nil {
		r.fill()
	}
	if !IsGzip(r.buf) {
		return r, nil
	}
	return gunzip(r, limits, func() int64 {
		var st syscall.Stat_t
		if syscall.Fstat(fd, &st) == nil && st.Mode&syscall.S_IFMT == syscall.S_IFREG {
			return st.Size
		}
		return 0 // unknown for a pipe or a device
	})
}

func openFD(path string) (int, error) {
	for {
		fd, err := syscall.Open(path, syscall.O_RDONLY|syscall.O_CLOEXEC, 0)
		if err == syscall.EINTR {
			continue
		}
		if err != nil {
			return -1, &os.PathError{Op: "open", Path: path, Err: err}
		}
		return fd, nil
	}
}

// headSize is the head buffer's: the splitter's own reads are as big, so
// a file of up to that size is read in one read.
const headSize = 64 << 10

// headPool holds the head buffers: the files of a folder are read one
// after the other, so one or two buffers serve them all.
var headPool = sync.Pool{New: func() any { b := make([]byte, headSize); return &b }}

// fileReader reads a file from its descriptor, with blocking reads (as
// os.File reads a regular file): first what its head buffer holds, then
// straight into the caller's buffer. Its errors are os.File's
// (*os.PathError naming the file).
type fileReader struct {
	fd   int
	path string
	head *[]byte // pooled; nil once closed
	buf  []byte  // the head's bytes not read yet
	err  error   // once set (io.EOF or a read's error), every later read returns it
}

// fill reads once into the head buffer, after what it holds.
func (r *fileReader) fill() {
	b := (*r.head)[len(r.buf):cap(*r.head)]
	n, err := r.readFD(b)
	r.buf = (*r.head)[:len(r.buf)+n]
	if err != nil {
		r.err = err
	}
}

// readFD is one read(2): io.EOF at the end, EINTR retried.
func (r *fileReader) readFD(p []byte) (int, error) {
	for {
		n, err := syscall.Read(r.fd, p)
		switch {
		case err == syscall.EINTR:
			continue
		case err != nil:
			return 0, &os.PathError{Op: "read", Path: r.path, Err: err}
		case n == 0 && len(p) > 0:
			return 0, io.EOF
		}
		return n, nil
	}
}

func (r *fileReader) Read(p []byte) (int, error) {
	if len(r.buf) > 0 {
		n := copy(p, r.buf)
		r.buf = r.buf[n:]
		return n, nil
	}
	if r.err != nil {
		return 0, r.err
	}
	if r.head == nil {
		return 0, &os.PathError{Op: "read", Path: r.path, Err: os.ErrClosed}
	}
	n, err := r.readFD(p)
	if err != nil {
		r.err = err
	}
	return n, err
}

func (r *fileReader) Close() error {
	if r.head == nil {
		return &os.PathError{Op: "close", Path: r.path, Err: os.ErrClosed}
	}
	headPool.Put(r.head)
	r.head, r.buf = nil, nil
	if err := syscall.Close(r.fd); err != nil {
		return &os.PathError{Op: "close", Path: r.path, Err: err}
	}
	return nil
}
