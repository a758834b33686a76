//go:build unix

package input

import (
	"os"
	"syscall"
)

// openRead opens a file to read it, as os.Open does, in one system call
// and one fcntl: os.Open offers a regular file to the network poller,
// which refuses it, setting the descriptor non-blocking and back again
// (four fcntl calls; together a third of what a one-game file cost beside
// its game). Read through os.NewFile, the file is read with blocking
// reads, as os.Open's regular files are once the poller refused them.
func openRead(path string) (*os.File, error) {
	for {
		fd, err := syscall.Open(path, syscall.O_RDONLY|syscall.O_CLOEXEC, 0)
		if err == syscall.EINTR {
			continue
		}
		if err != nil {
			return nil, &os.PathError{Op: "open", Path: path, Err: err}
		}
		return os.NewFile(uintptr(fd), path), nil
	}
}
