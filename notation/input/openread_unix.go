//go:build unix

package input

import (
	"bufio"
	"io"
	"os"
	"sync"
	"syscall"
)

// openFile opens the file at path and reads it, gzip unpacked, held to
// limits: the open input of fileSource.
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
func openFile(path string, limits Limits) (io.ReadCloser, error) {
	fd, err := openFD(path)
	if err != nil {
		return nil, err
	}
	return readFD(fd, path, limits)
}

// readFD reads the file open at fd, named path, as openFile does.
func readFD(fd int, path string, limits Limits) (io.ReadCloser, error) {
	return readFDInto(new(fileReader), fd, path, limits)
}

// readFDInto is readFD with r (unused: a folder's slot) as the reader.
func readFDInto(r *fileReader, fd int, path string, limits Limits) (io.ReadCloser, error) {
	*r = fileReader{fd: fd, path: path, head: headPool.Get().(*[]byte)}
	// The first bytes, for gzip's magic: two of them, or the end.
	if head, _ := r.Peek(2); !IsGzip(head) {
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

// headPool holds the head buffers: the files of a folder are read one
// after the other, so one or two buffers serve them all.
var headPool = sync.Pool{New: func() any { b := make([]byte, headSize); return &b }}

// fileReader reads a file from its descriptor, with blocking reads (as
// os.File reads a regular file): through its head buffer, a read larger
// than the buffer straight into the caller's. It is a pdn.PeekReader, as
// a *bufio.Reader is (Peek, Buffered, Size, with their meanings), so
// that the text's sniffing (pdn.DecodeText, jsonl.Sniff) looks at its
// head without a buffer of its own. Its errors are os.File's
// (*os.PathError naming the file); once it has one (io.EOF at the end),
// it keeps it: the end is read once.
type fileReader struct {
	fd   int
	path string
	head *[]byte // pooled; nil once closed; (*head)[r:w] is read and not handed out yet
	r, w int
	err  error
}

// buf is the head buffer, nil once closed. (Not a field of its own: the
// reader is one allocation a file, and 64 bytes rather than 96.)
func (f *fileReader) buf() []byte {
	if f.head == nil {
		return nil
	}
	return *f.head
}

// fill reads once after what the buffer holds, moved to its start.
func (f *fileReader) fill() {
	buf := f.buf()
	if f.r > 0 {
		f.w = copy(buf, buf[f.r:f.w])
		f.r = 0
	}
	n, err := f.readFD(buf[f.w:])
	f.w += n
	f.err = err
}

// readFD is one read(2): io.EOF at the end, EINTR retried.
func (f *fileReader) readFD(p []byte) (int, error) {
	if f.head == nil {
		return 0, &os.PathError{Op: "read", Path: f.path, Err: os.ErrClosed}
	}
	for {
		n, err := syscall.Read(f.fd, p)
		switch {
		case err == syscall.EINTR:
			continue
		case err != nil:
			return 0, &os.PathError{Op: "read", Path: f.path, Err: err}
		case n == 0 && len(p) > 0:
			return 0, io.EOF
		}
		return n, nil
	}
}

func (f *fileReader) Read(p []byte) (int, error) {
	if len(p) == 0 {
		return 0, nil
	}
	if f.r == f.w {
		if f.err != nil {
			return 0, f.err
		}
		if len(p) >= len(f.buf()) { // (the splitter's reads, once the head is read)
			n, err := f.readFD(p)
			f.err = err
			return n, err
		}
		f.fill()
		if f.r == f.w {
			return 0, f.err
		}
	}
	n := copy(p, f.buf()[f.r:f.w])
	f.r += n
	return n, nil
}

// Peek is bufio.Reader's: the next n bytes, not handed out, read until
// they have come or an error; fewer with the error (bufio.ErrBufferFull
// for more than the buffer holds).
func (f *fileReader) Peek(n int) ([]byte, error) {
	if n < 0 {
		return nil, bufio.ErrNegativeCount
	}
	for f.w-f.r < n && f.w-f.r < len(f.buf()) && f.err == nil {
		f.fill()
	}
	buf := f.buf()
	if n > len(buf) {
		return buf[f.r:f.w], bufio.ErrBufferFull
	}
	if avail := f.w - f.r; avail < n {
		err := f.err
		if err == nil {
			err = bufio.ErrBufferFull
		}
		return buf[f.r:f.w], err
	}
	return buf[f.r : f.r+n], nil
}

// Buffered is the number of bytes read and not handed out.
func (f *fileReader) Buffered() int { return f.w - f.r }

// Size is the buffer's.
func (f *fileReader) Size() int { return len(f.buf()) }

func (f *fileReader) Close() error {
	if f.head == nil {
		return &os.PathError{Op: "close", Path: f.path, Err: os.ErrClosed}
	}
	headPool.Put(f.head)
	f.head, f.r, f.w = nil, 0, 0
	if err := syscall.Close(f.fd); err != nil {
		return &os.PathError{Op: "close", Path: f.path, Err: err}
	}
	return nil
}
