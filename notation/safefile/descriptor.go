package safefile

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// DescriptorPath says whether name leads, through symlinks, to one of
// arbiter's own open descriptors: /dev/stdout, /dev/stderr, /dev/fd/N,
// /proc/self/fd/N. Such a name is the descriptor the shell gave arbiter,
// even when behind it is a regular file (arbiter ... -o /dev/stdout >>
// all.pdn): replacing that file would lose what it held.
func DescriptorPath(name string) (int, bool) {
	p, err := filepath.Abs(name)
	if err != nil {
		return 0, false
	}
	self := "/proc/" + strconv.Itoa(os.Getpid()) + "/fd/"
	for range 16 {
		switch p {
		case "/dev/stdin":
			return 0, true
		case "/dev/stdout":
			return 1, true
		case "/dev/stderr":
			return 2, true
		}
		for _, dir := range []string{"/dev/fd/", "/proc/self/fd/", self} {
			if n, ok := strings.CutPrefix(p, dir); ok {
				if fd, err := strconv.Atoi(n); err == nil && fd >= 0 {
					return fd, true
				}
			}
		}
		link, err := os.Readlink(p)
		if err != nil {
			return 0, false
		}
		if !filepath.IsAbs(link) {
			link = filepath.Join(filepath.Dir(p), link)
		}
		p = filepath.Clean(link)
	}
	return 0, false
}
