package match

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"arbiter/referee/match/hub"
)

// Engine says how to reach one engine: a program arbiter starts, an
// address it connects to, or both (a program that listens where arbiter
// tells it with {port}).
type Engine struct {
	Name  string
	Proto string   // "dxp" or "hub"
	Cmd   string   // program to start ("" for an engine already running at Addr)
	Args  []string // its arguments; {port} and {host} are replaced
	Dir   string   // its working folder ("" for a fresh temporary folder per game)
	// Addr is where a DXP engine listens ("host:port"); with Cmd and no
	// Addr, a free port on 127.0.0.1 is chosen per game and given as {port}.
	Addr string
	// Listen: arbiter listens (on ListenAddr, 127.0.0.1 and a free port by
	// default) and the DXP engine connects to it; arbiter still sends the
	// game requests (the engine is the DXP Follower either way).
	Listen     bool
	ListenAddr string
	InitStr    string            // text written to the program's standard input at start
	Params     map[string]string // Hub parameters (set-param) before init
	// TC is the engine's own clock (time odds); zero: the match's.
	TC TimeControl
}

// ParseEngine reads an engine description written as Hub arguments:
//
//	name=Moby proto=dxp cmd=./mobydam args="-p {port} -t 20" dir=/tmp/moby
//
// Keys: name, proto (dxp or hub), cmd, args (split at spaces), arg (one
// argument, may repeat), dir, addr, listen (a flag, or listen=host:port),
// initstr (\n starts a new line), param.NAME=VALUE (Hub set-param), tc
// (its own time per game, MINUTES[+SECONDS]) or st (its own seconds a move).
func ParseEngine(s string) (Engine, error) {
	var e Engine
	l, err := hub.Parse("engine " + s)
	if err != nil {
		return e, fmt.Errorf("engine %q: %v", s, err)
	}
	return e, e.apply(l.Args, true)
}

// Merge fills the keys e leaves unset from each (cutechess-cli's -each).
func (e *Engine) Merge(each string) error {
	l, err := hub.Parse("each " + each)
	if err != nil {
		return fmt.Errorf("--each %q: %v", each, err)
	}
	return e.apply(l.Args, false)
}

func (e *Engine) apply(args []hub.Arg, override bool) error {
	set := func(dst *string, v string) {
		if override || *dst == "" {
			*dst = v
		}
	}
	argsSet := len(e.Args) > 0
	for _, a := range args {
		switch {
		case a.Name == "name":
			set(&e.Name, a.Value)
		case a.Name == "proto":
			if a.Value != "dxp" && a.Value != "hub" {
				return fmt.Errorf("proto=%s: want dxp or hub", a.Value)
			}
			set(&e.Proto, a.Value)
		case a.Name == "cmd":
			set(&e.Cmd, a.Value)
		case a.Name == "args":
			if override || !argsSet {
				e.Args = append(e.Args, strings.Fields(a.Value)...)
			}
		case a.Name == "arg":
			if override || !argsSet {
				e.Args = append(e.Args, a.Value)
			}
		case a.Name == "dir":
			set(&e.Dir, a.Value)
		case a.Name == "addr":
			set(&e.Addr, a.Value)
		case a.Name == "listen":
			if override || !e.Listen {
				e.Listen, e.ListenAddr = true, a.Value
			}
		case a.Name == "initstr":
			set(&e.InitStr, strings.ReplaceAll(a.Value, `\n`, "\n"))
		case a.Name == "tc" || a.Name == "st":
			var tc TimeControl
			var err error
			if a.Name == "tc" {
				tc, err = ParseTC(a.Value)
			} else {
				tc, err = PerMoveTC(a.Value)
			}
			if err != nil {
				return fmt.Errorf("%s=%s: %v", a.Name, a.Value, err)
			}
			if override || (e.TC.Base <= 0 && e.TC.PerMove <= 0) {
				e.TC = tc
			}
		case strings.HasPrefix(a.Name, "param.") && len(a.Name) > len("param."):
			if e.Params == nil {
				e.Params = map[string]string{}
			}
			if _, ok := e.Params[a.Name[6:]]; override || !ok {
				e.Params[a.Name[6:]] = a.Value
			}
		default:
			return fmt.Errorf("unknown engine key %q (name, proto, cmd, args, arg, dir, addr, listen, initstr, tc, st, param.NAME)", a.Name)
		}
	}
	return nil
}

// Check says what is missing or contradictory.
func (e *Engine) Check() error {
	if e.Proto == "" {
		e.Proto = "dxp"
	}
	if e.Name == "" {
		switch {
		case e.Cmd != "":
			e.Name = filepath.Base(e.Cmd)
		default:
			e.Name = e.Addr
		}
	}
	switch {
	case e.Cmd == "" && e.Addr == "":
		return fmt.Errorf("engine %s: give cmd= (a program to start) or addr= (where it listens)", e.Name)
	case e.Proto == "hub" && e.Cmd == "":
		return fmt.Errorf("engine %s: a Hub engine is a program arbiter starts: give cmd=", e.Name)
	case e.Proto == "hub" && (e.Addr != "" || e.Listen):
		return fmt.Errorf("engine %s: addr= and listen are for DXP engines", e.Name)
	case e.Listen && e.Addr != "":
		return fmt.Errorf("engine %s: either addr= (arbiter connects) or listen (the engine connects)", e.Name)
	case e.Proto == "dxp" && e.Cmd != "" && e.Addr == "" && !e.Listen && !e.usesPort():
		return fmt.Errorf("engine %s: say where it listens: {port} in its args, or addr=", e.Name)
	}
	return nil
}

func (e *Engine) usesPort() bool {
	for _, a := range e.Args {
		if strings.Contains(a, "{port}") {
			return true
		}
	}
	return false
}

// shared: an engine at a fixed address (one running program, or programs
// that would all take the same port) cannot play games that overlap.
func (e *Engine) shared() bool {
	if e.Addr != "" {
		return true
	}
	if e.Listen && e.ListenAddr != "" {
		_, port, err := net.SplitHostPort(e.ListenAddr)
		return err != nil || port != "0"
	}
	return false
}

// process is a started engine program. Its exit is watched so that a crash
// ends the game at once, and it is always reaped.
type process struct {
	cmd    *exec.Cmd
	stdin  io.WriteCloser
	stdout io.ReadCloser // Hub only
	tail   *tailBuffer
	exited chan struct{} // closed once Wait returned
	err    error         // Wait's result, once exited
	tmp    string        // a temporary working folder to remove
}

// startProcess starts e's program with {host}/{port} replaced. Hub engines
// talk on stdout; DXP engines' output is kept (the last bytes) for errors.
func startProcess(e *Engine, host, port string) (*process, error) {
	path := e.Cmd
	if strings.ContainsRune(path, filepath.Separator) {
		// exec resolves a relative path from the child's folder: make it
		// the user's, as they wrote it.
		if abs, err := filepath.Abs(path); err == nil {
			path = abs
		}
	}
	args := make([]string, len(e.Args))
	for i, a := range e.Args {
		a = strings.ReplaceAll(a, "{port}", port)
		args[i] = strings.ReplaceAll(a, "{host}", host)
	}
	p := &process{tail: &tailBuffer{max: 2048}, exited: make(chan struct{})}
	cmd := exec.Command(path, args...)
	cmd.Dir = e.Dir
	if cmd.Dir == "" {
		tmp, err := engineTempDir()
		if err != nil {
			return nil, err
		}
		p.tmp, cmd.Dir = tmp, tmp
	}
	// Its own process group (ownGroup), and it dies with arbiter, even
	// one killed with no chance to end them.
	cmd.SysProcAttr = &syscall.SysProcAttr{}
	ownGroup(cmd.SysProcAttr)
	dieWithParent(cmd.SysProcAttr)
	var err error
	if p.stdin, err = cmd.StdinPipe(); err != nil {
		p.cleanup()
		return nil, err
	}
	var stdoutW *os.File
	if e.Proto == "hub" {
		// A pipe of our own, not StdoutPipe: Wait (run as soon as the
		// program exits, to see crashes) must not close it before its last
		// lines are read.
		var r *os.File
		if r, stdoutW, err = os.Pipe(); err != nil {
			p.cleanup()
			return nil, err
		}
		p.stdout = r
		cmd.Stdout = stdoutW
	} else {
		cmd.Stdout = p.tail
	}
	cmd.Stderr = p.tail
	err = startCommand(cmd)
	if stdoutW != nil {
		stdoutW.Close()
	}
	if err != nil {
		p.cleanup()
		return nil, fmt.Errorf("cannot start %s: %v", e.Cmd, err)
	}
	p.cmd = cmd
	go func() {
		p.err = cmd.Wait()
		close(p.exited)
	}()
	if e.InitStr != "" {
		io.WriteString(p.stdin, strings.TrimSuffix(e.InitStr, "\n")+"\n")
	}
	return p, nil
}

// exitText says how the program ended.
func (p *process) exitText() string {
	msg := "exited"
	var ee *exec.ExitError
	if errors.As(p.err, &ee) {
		msg = ee.ProcessState.String()
	} else if p.err != nil {
		msg = p.err.Error()
	}
	if t := strings.TrimSpace(p.tail.String()); t != "" {
		if i := strings.LastIndexByte(t, '\n'); i >= 0 {
			t = t[i+1:]
		}
		msg += " (last output: " + strings.TrimSpace(t) + ")"
	}
	return msg
}

// endText says how a program that left the game ended: a crash, or a
// clean exit after what it did ("closed the connection and exited"; what
// "" when its exit is all that was seen: "exited").
func (p *process) endText(what string) string {
	switch {
	case p.err != nil:
		return "crashed: " + p.exitText()
	case what == "":
		return "exited"
	}
	return what + " and exited"
}

// exitsWithin says whether the program ends within d and before ctx is
// done (false for none).
func (p *process) exitsWithin(ctx context.Context, d time.Duration) bool {
	if p == nil || p.cmd == nil {
		return false
	}
	if d <= 0 {
		select {
		case <-p.exited:
			return true
		default:
			return false
		}
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-p.exited:
		return true
	case <-t.C:
		return false
	case <-ctx.Done():
		return false
	}
}

// exitedError is a failed start whose program had already exited: on a
// port arbiter chose, the sign that another program took the port first.
type exitedError struct{ error }

func (e exitedError) Unwrap() error { return e.error }

// stop lets the program end by itself for grace, then kills it, and always
// waits for it.
func (p *process) stop(grace time.Duration) {
	if p == nil || p.cmd == nil {
		return
	}
	p.stdin.Close()
	select {
	case <-p.exited:
	case <-time.After(grace):
		killGroup(p.cmd.Process.Pid)
		p.cmd.Process.Kill()
		<-p.exited
	}
	p.cleanup()
}

func (p *process) cleanup() {
	if p.stdout != nil {
		p.stdout.Close()
	}
	if p.tmp != "" {
		os.RemoveAll(p.tmp)
		p.tmp = ""
	}
}

// tailBuffer keeps the last max bytes written to it.
type tailBuffer struct {
	mu  sync.Mutex
	max int
	b   []byte
}

func (t *tailBuffer) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.b = append(t.b, p...)
	if len(t.b) > t.max {
		t.b = append(t.b[:0], t.b[len(t.b)-t.max:]...)
	}
	return len(p), nil
}

func (t *tailBuffer) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return string(bytes.ToValidUTF8(t.b, []byte("?")))
}

// freePort chooses a free TCP port on host for an engine to listen on.
// Another program may take it before the engine does (the game then says
// the engine did not start, or arbiter reaches the wrong program); ports
// handed out in the last minute are not handed out again, so that games
// played at once never share one.
//
// The port is chosen at random below the system's ephemeral range when
// there is room: a port of that range (what a listen on port 0 gets) is
// handed out again by the system, to any program's listener or outgoing
// connection, possibly between the choice and the engine's bind; a port
// below it goes only to a program that asks for it by number.
func freePort(host string) (string, error) {
	portsMu.Lock()
	defer portsMu.Unlock()
	now := time.Now()
	for p, t := range portsGiven {
		if now.Sub(t) > time.Minute {
			delete(portsGiven, p)
		}
	}
	lo, hi := belowEphemeral()
	for try := range 100 {
		want := 0
		if hi > lo && try < 90 {
			want = lo + rand.IntN(hi-lo)
		}
		l, err := net.Listen("tcp", net.JoinHostPort(host, strconv.Itoa(want)))
		if err != nil {
			if want != 0 {
				continue // taken: another
			}
			return "", err
		}
		port := l.Addr().(*net.TCPAddr).Port
		l.Close()
		if _, ok := portsGiven[port]; !ok {
			portsGiven[port] = now
			return strconv.Itoa(port), nil
		}
	}
	return "", fmt.Errorf("no free port on %s", host)
}

// belowEphemeral is the range of ports freePort draws from: from 20000 up
// to the start of the system's ephemeral range, when the system says where
// that is (Linux) and it leaves at least a thousand ports; else empty, and
// the system chooses. Read once: every engine of a match asks for a port.
var belowEphemeral = sync.OnceValues(func() (lo, hi int) {
	b, err := os.ReadFile("/proc/sys/net/ipv4/ip_local_port_range")
	if err != nil {
		return 0, 0
	}
	f := strings.Fields(string(b))
	if len(f) == 0 {
		return 0, 0
	}
	start, err := strconv.Atoi(f[0])
	if err != nil || start < 21000 {
		return 0, 0
	}
	return 20000, start
})

var (
	portsMu    sync.Mutex
	portsGiven = map[int]time.Time{}
)

// dial connects to addr until it answers, the program exits, or the
// handshake time is over.
func dial(ctx context.Context, addr string, p *process, timeout time.Duration) (net.Conn, error) {
	deadline := time.Now().Add(timeout)
	var lastErr error
	for {
		var d net.Dialer
		dctx, cancel := context.WithTimeout(ctx, time.Second)
		c, err := d.DialContext(dctx, "tcp", addr)
		cancel()
		if err == nil {
			return c, nil
		}
		lastErr = err
		if p != nil {
			select {
			case <-p.exited:
				return nil, fmt.Errorf("exited before accepting a connection: %s", p.exitText())
			default:
			}
		}
		if time.Now().After(deadline) {
			return nil, fmt.Errorf("no connection to %s within %v: %v", addr, timeout, lastErr)
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(50 * time.Millisecond):
		}
	}
}
