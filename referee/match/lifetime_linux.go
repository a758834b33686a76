package match

import "syscall"

// dieWithParent has the kernel kill the engine when arbiter ends, however
// it ends (kill -9 included), so no engine outlives its referee. (Only the
// program arbiter starts: a program it starts in turn is ended with the
// process group when arbiter ends the game in order.)
func dieWithParent(a *syscall.SysProcAttr) { a.Pdeathsig = syscall.SIGKILL }
