//go:build !linux

package input

import "io"

// open opens the file at path, one of the folder's (folder_linux.go opens
// it relative to the folder).
func (f *folder) open(path string) (io.ReadCloser, error) {
	return openFile(path, f.limits)
}

type folderFD struct{}

type readerSlot struct{}

func (ff *folderFile) open() (io.ReadCloser, error) { return ff.f.open(ff.path) }
