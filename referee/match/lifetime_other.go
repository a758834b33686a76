//go:build !linux

package match

import "syscall"

// dieWithParent: only Linux kills a child with its parent.
func dieWithParent(*syscall.SysProcAttr) {}
