//go:build unix

package safefile

import (
	"io/fs"
	"sync"
	"syscall"
)

// umask reads the process's umask (setting it is the only way to read it),
// so a new output file gets the mode os.Create would have given it.
var umask = sync.OnceValue(func() fs.FileMode {
	m := syscall.Umask(0o22)
	syscall.Umask(m)
	return fs.FileMode(m)
})
