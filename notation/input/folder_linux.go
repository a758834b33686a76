package input

import (
	"io"
	"runtime"
	"sync/atomic"
	"syscall"
	"unsafe"
)

// readerSlot is the reader of a folder's file, made with the folder's
// openers (folder.files) rather than when the file is opened; used by
// the first open only (a second, if any, gets a reader of its own).
type readerSlot struct {
	used atomic.Bool
	r    fileReader
}

// open opens the file, one of the folder's, relative to the folder's
// descriptor: the kernel looks up its name alone, not every folder of
// its path again. The folder is opened with its first file and closed
// with its last (or, when they are not all read, once its sources are
// dropped). What cannot be opened so, for whatever reason, is opened by
// its path as a file named on the command line is (openFile), which
// says what is wrong as open(2) of the path says it; so is a file opened
// a second time (a run that reads its inputs twice). The first open
// reads through the file's slot.
func (ff *folderFile) open() (io.ReadCloser, error) {
	f := ff.f
	if fd, ok := f.openIn(ff.path[len(f.pre):]); ok {
		if ff.slot.used.CompareAndSwap(false, true) {
			return readFDInto(&ff.slot.r, fd, ff.path, f.limits)
		}
		return readFD(fd, ff.path, f.limits)
	}
	return openFile(ff.path, f.limits)
}

// folderFD is a folder's descriptor, -1 when it is not open.
type folderFD struct{ fd int }

// openIn opens name in the folder; false when it could not.
func (f *folder) openIn(name string) (int, bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.left <= 0 {
		return -1, false // opened again
	}
	f.left--
	if f.dir == nil {
		fd, err := retryEINTR(func() (int, error) {
			return syscall.Open(f.path, syscall.O_RDONLY|syscall.O_DIRECTORY|syscall.O_CLOEXEC, 0)
		})
		if err != nil {
			fd = -1 // (each file by its path)
		}
		f.dir = &folderFD{fd}
		runtime.AddCleanup(f, func(d *folderFD) {
			if d.fd >= 0 {
				syscall.Close(d.fd)
			}
		}, f.dir)
	}
	fd := -1
	if f.dir.fd >= 0 {
		f.name = append(append(f.name[:0], name...), 0)
		fd, _ = retryEINTR(func() (int, error) {
			r, _, e := syscall.Syscall6(syscall.SYS_OPENAT, uintptr(f.dir.fd), uintptr(unsafe.Pointer(&f.name[0])), syscall.O_RDONLY|syscall.O_CLOEXEC, 0, 0, 0)
			if e != 0 {
				return -1, e
			}
			return int(r), nil
		})
	}
	if f.left == 0 && f.dir.fd >= 0 {
		syscall.Close(f.dir.fd)
		f.dir.fd = -1
	}
	return fd, fd >= 0
}

func retryEINTR(call func() (int, error)) (int, error) {
	for {
		fd, err := call()
		if err != syscall.EINTR {
			return fd, err
		}
	}
}
