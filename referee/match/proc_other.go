//go:build !unix

package match

import (
	"os"
	"syscall"
)

// ownGroup: these systems have no process groups to set at start.
func ownGroup(*syscall.SysProcAttr) {}

// killGroup: the engine itself is killed by the caller (Process.Kill).
func killGroup(int) {}

// processGone: without a portable test, a folder is taken to belong to a
// live process, and is left (which is only untidy).
func processGone(int) bool { return false }

// ownedByMe: a folder in the user's own temporary directory.
func ownedByMe(os.FileInfo) bool { return true }
