package tournament

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestReadEngines(t *testing.T) {
	const file = "/home/me/engines/engines.yaml"
	text := `engines:
  - name: Scan
    protocol: hub
    command: ./bin/scan
    args: [hub]
    dir: bin
    options: {book: false, tt-size: 20}
    tc: 1+0.1
  - name: Moby Dam
    protocol: dxp
    command: mobydam
    args: -p {port} -b book.opn
    stdin: time 100
    st: 0.5
  - name: Remote
    protocol: dxp
    address: 10.0.0.2:27531
  - name: Caller
    protocol: dxp
    command: /opt/caller
    args: [-c, "{host}:{port}"]
    listen: true
`
	es, err := ReadEngines(strings.NewReader(text), file)
	if err != nil {
		t.Fatal(err)
	}
	if len(es) != 4 {
		t.Fatalf("%d engines", len(es))
	}
	scan, moby, remote, caller := es[0], es[1], es[2], es[3]
	if scan.Cmd != "/home/me/engines/bin/scan" || scan.Dir != "/home/me/engines/bin" || scan.Proto != "hub" ||
		strings.Join(scan.Args, "|") != "hub" || scan.Params["book"] != "false" || scan.Params["tt-size"] != "20" ||
		scan.TC.Base != time.Minute || scan.TC.Inc != 100*time.Millisecond {
		t.Errorf("Scan: %+v", scan)
	}
	// A command without a slash is looked up in PATH, as a shell would.
	if moby.Cmd != "mobydam" || strings.Join(moby.Args, "|") != "-p|{port}|-b|book.opn" || moby.InitStr != "time 100" ||
		moby.TC.PerMove != 500*time.Millisecond {
		t.Errorf("Moby Dam: %+v", moby)
	}
	if remote.Addr != "10.0.0.2:27531" || remote.Cmd != "" {
		t.Errorf("Remote: %+v", remote)
	}
	if !caller.Listen || caller.ListenAddr != "" {
		t.Errorf("Caller: %+v", caller)
	}
	// A file in the working folder: its engines' paths are made absolute.
	es2, err := ReadEngines(strings.NewReader("engines:\n  - name: T\n    protocol: hub\n    command: ./t\n    dir: .\n"), "engines.yaml")
	wd, _ := os.Getwd()
	if err != nil || es2[0].Cmd != filepath.Join(wd, "t") || es2[0].Dir != wd {
		t.Errorf("relative to the working folder: %+v %v", es2, err)
	}
	if got, err := Select(es, []string{"Remote", "Scan"}); err != nil || len(got) != 2 || got[0].Name != "Remote" || got[1].Name != "Scan" {
		t.Errorf("Select: %v %v", got, err)
	}
	if _, err := Select(es, []string{"Scan", "Scan"}); err == nil {
		t.Error("an engine named twice was selected")
	}
	if _, err := Select(es, []string{"Kingsrow"}); err == nil || !strings.Contains(err.Error(), "it has Scan, Moby Dam, Remote, Caller") {
		t.Errorf("unknown engine: %v", err)
	}
}

// Every mistake names the file, the line of the engine and what is wrong.
func TestReadEnginesErrors(t *testing.T) {
	one := func(body string) string { return "engines:\n  - name: A\n    protocol: hub\n    command: ./a\n" + body }
	for _, c := range []struct{ text, want string }{
		{"", "empty"},
		{"engines: []\n", "no engine"},
		{one("    colour: red\n"), "e.yaml:5: unknown key colour (an engine has name, protocol"},
		{"engine:\n  - name: A\n", "e.yaml:1: unknown key engine (the file has one key, engines:"},
		{"- name: A\n", "e.yaml:1: a list where a mapping of keys is needed"},
		{"engines:\n  - protocol: hub\n    command: ./a\n", "e.yaml:2: engine 1: name: is needed"},
		{"engines:\n  - name: A,B\n    protocol: hub\n    command: ./a\n", "no commas"},
		{one("  - name: A\n    protocol: hub\n    command: ./b\n"), "e.yaml:5: engine 2: the name A is taken by the engine at line 2"},
		{"engines:\n  - name: A\n    command: ./a\n", "protocol: hub or dxp is needed"},
		{"engines:\n  - name: A\n    protocol: uci\n    command: ./a\n", `protocol "uci"`},
		{one("    tc: 1\n    st: 2\n"), "tc or st, not both"},
		{one("    tc: fast\n"), "tc fast: minutes per game"},
		{one("    args: {a: b}\n"), "args: a list of strings"},
		{"engines:\n  - name: A\n    protocol: dxp\n    command: ./a\n", "say where it listens"},
		{"engines:\n  - name: A\n    protocol: dxp\n    address: h:1\n    options: {a: b}\n", "options are Hub parameters"},
	} {
		_, err := ReadEngines(strings.NewReader(c.text), filepath.Join("x", "e.yaml"))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: %v, want %q", c.text, err, c.want)
		}
	}
}

func TestSettings(t *testing.T) {
	var s Settings
	s.add("type", "round-robin")
	s.add("engines", "A, B")
	s.add("rounds", "2")
	s.add("id", "2025-01-01T00:00:00Z")
	back, ok := ParseSettings(s.String())
	if !ok || back.String() != s.String() {
		t.Fatalf("round trip: %q -> %q %v", s.String(), back.String(), ok)
	}
	var now Settings
	now.add("type", "round-robin")
	now.add("engines", "A, B")
	now.add("rounds", "3")
	now.add("sprt", "elo0=0 elo1=5 alpha=0.05 beta=0.05")
	now.add("id", "2026-01-01T00:00:00Z")
	want := []string{"rounds: 2 in the file, 3 now", "sprt: not set in the file, elo0=0 elo1=5 alpha=0.05 beta=0.05 now"}
	if got := now.Diff(back); strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("Diff %q, want %q", got, want)
	}
	if got := back.Diff(now); len(got) != 2 || got[1] != "sprt: elo0=0 elo1=5 alpha=0.05 beta=0.05 in the file, not set now" {
		t.Errorf("Diff back %q", got)
	}
	if d := s.Diff(back); len(d) != 0 {
		t.Errorf("same settings differ: %q", d)
	}
	for _, bad := range []string{"", "Dutch championship", "type=x", "engines=a"} {
		if _, ok := ParseSettings(bad); ok {
			t.Errorf("ParseSettings(%q) took it for a tournament's", bad)
		}
	}
}
