package input

import (
	"bytes"
	"os"
	"slices"
	"strings"
	"sync"
	"syscall"
	"unsafe"
)

// readDir is os.ReadDir's listing, sorted by name, as the walk uses it:
// each entry's name and type. It reads the folder with getdents64 into a
// pooled buffer and keeps the names in one string, where os.ReadDir made
// a DirEntry and a string for each name and sorted them through an
// interface (half of what listing a file cost, BenchmarkWalk). What it
// does with what it meets is os's: "." and ".." left out, an entry of
// unknown type asked of lstat (and left out when it has gone since),
// errors as os.ReadDir says them.
func readDir(path string) ([]dirEntry, error) {
	var fd int
	var err error
	for {
		fd, err = syscall.Open(path, syscall.O_RDONLY|syscall.O_CLOEXEC|syscall.O_DIRECTORY, 0)
		if err != syscall.EINTR {
			break
		}
	}
	if err != nil {
		return nil, &os.PathError{Op: "open", Path: path, Err: err}
	}
	defer syscall.Close(fd)
	bp := direntBufPool.Get().(*[]byte)
	defer direntBufPool.Put(bp)
	buf := *bp
	var out []dirEntry
	for {
		n, err := syscall.ReadDirent(fd, buf)
		if err == syscall.EINTR {
			continue
		}
		if err != nil {
			return nil, &os.PathError{Op: "readdirent", Path: path, Err: err}
		}
		if n <= 0 {
			break
		}
		// The names of this read are copied into one piece of memory,
		// sized by a first look, which is never written again: each
		// name is a string of it.
		count, size := 0, 0
		for rec := buf[:n]; ; count++ {
			name, _, rest, ok := nextDirent(rec)
			if !ok {
				break
			}
			size += len(name)
			rec = rest
		}
		names := make([]byte, 0, size)
		out = slices.Grow(out, count)
		for rec := buf[:n]; ; {
			name, typ, rest, ok := nextDirent(rec)
			if !ok {
				break
			}
			rec = rest
			if string(name) == "." || string(name) == ".." {
				continue
			}
			mode, known := direntMode(typ)
			if !known {
				var st syscall.Stat_t
				err := lstatIn(path, name, &st)
				if err == syscall.ENOENT {
					continue // gone since it was listed: as if it never was
				}
				if err != nil {
					return nil, &os.PathError{Op: "fstatat", Path: path, Err: err}
				}
				mode = statMode(uint32(st.Mode))
			}
			names = append(names, name...)
			out = append(out, dirEntry{unsafe.String(&names[len(names)-len(name)], len(name)), mode})
		}
	}
	slices.SortFunc(out, func(a, b dirEntry) int { return strings.Compare(a.name, b.name) })
	return out, nil
}

// nextDirent reads the linux_dirent64 record at the start of rec: its
// name (up to its NUL), its d_type and the records after it; ok is false
// at the end.
func nextDirent(rec []byte) (name []byte, typ byte, rest []byte, ok bool) {
	if len(rec) < direntNameOff {
		return nil, 0, nil, false
	}
	reclen := int(*(*uint16)(unsafe.Pointer(&rec[direntReclenOff])))
	if reclen < direntNameOff || reclen > len(rec) {
		return nil, 0, nil, false
	}
	name = rec[direntNameOff:reclen]
	if i := bytes.IndexByte(name, 0); i >= 0 {
		name = name[:i]
	}
	return name, rec[direntTypeOff], rec[reclen:], true
}

// The offsets in a linux_dirent64 record (d_ino, d_off, d_reclen,
// d_type, d_name), the same on every architecture.
const (
	direntReclenOff = int(unsafe.Offsetof(syscall.Dirent{}.Reclen))
	direntTypeOff   = int(unsafe.Offsetof(syscall.Dirent{}.Type))
	direntNameOff   = int(unsafe.Offsetof(syscall.Dirent{}.Name))
)

// direntBufPool holds the buffers getdents64 fills: 32 KB lists a
// thousand names a call.
var direntBufPool = sync.Pool{New: func() any { b := make([]byte, 32<<10); return &b }}

// direntMode is os's type for a d_type; known is false for DT_UNKNOWN
// (some file systems never say).
func direntMode(typ byte) (mode os.FileMode, known bool) {
	switch typ {
	case syscall.DT_BLK:
		return os.ModeDevice, true
	case syscall.DT_CHR:
		return os.ModeDevice | os.ModeCharDevice, true
	case syscall.DT_DIR:
		return os.ModeDir, true
	case syscall.DT_FIFO:
		return os.ModeNamedPipe, true
	case syscall.DT_LNK:
		return os.ModeSymlink, true
	case syscall.DT_REG:
		return 0, true
	case syscall.DT_SOCK:
		return os.ModeSocket, true
	}
	return 0, false
}

// statMode is os's type for a stat's st_mode.
func statMode(m uint32) os.FileMode {
	switch m & syscall.S_IFMT {
	case syscall.S_IFBLK:
		return os.ModeDevice
	case syscall.S_IFCHR:
		return os.ModeDevice | os.ModeCharDevice
	case syscall.S_IFDIR:
		return os.ModeDir
	case syscall.S_IFIFO:
		return os.ModeNamedPipe
	case syscall.S_IFLNK:
		return os.ModeSymlink
	case syscall.S_IFSOCK:
		return os.ModeSocket
	}
	return 0
}

// lstatIn is lstat of name in the folder at path, EINTR retried (os
// asks fstatat of the open folder: the same file, but for a race).
func lstatIn(path string, name []byte, st *syscall.Stat_t) error {
	p := joinPrefix(path) + string(name)
	for {
		if err := syscall.Lstat(p, st); err != syscall.EINTR {
			return err
		}
	}
}
