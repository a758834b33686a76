package lsp

import (
	"bufio"
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	_ "arbiter/referee/draughts"
	"arbiter/referee/live"
)

var update = flag.Bool("update", false, "rewrite the golden transcript in testdata/golden")

// client is a language client as an editor is one: it writes framed
// requests and notifications to the server's standard input, reads its
// standard output, and keeps the exchange as a transcript.
type client struct {
	t       testing.TB
	w       io.Writer
	r       *bufio.Reader
	id      int
	log     *strings.Builder // nil: no transcript
	pending []message        // notifications and requests read while awaiting something else
	done    chan error
}

func startServer(t testing.TB, transcript bool) *client {
	t.Helper()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	c := &client{t: t, w: inW, r: bufio.NewReader(outR), done: make(chan error, 1)}
	if transcript {
		c.log = &strings.Builder{}
	}
	go func() {
		err := Serve(inR, outW, Options{Version: "test"})
		outW.Close()
		c.done <- err
	}()
	t.Cleanup(func() { inW.Close() })
	return c
}

func (c *client) write(v any, method string) {
	c.t.Helper()
	body, err := json.Marshal(v)
	if err != nil {
		c.t.Fatal(err)
	}
	c.record("-->", method, body)
	if _, err := fmt.Fprintf(c.w, "Content-Length: %d\r\n\r\n%s", len(body), body); err != nil {
		c.t.Fatal(err)
	}
}

func (c *client) record(dir, method string, body []byte) {
	if c.log == nil {
		return
	}
	var pretty bytes.Buffer
	if json.Indent(&pretty, body, "", "  ") != nil {
		pretty.Write(body)
	}
	fmt.Fprintf(c.log, "%s %s\n%s\n\n", dir, method, pretty.String())
}

func (c *client) notify(method string, params any) {
	c.t.Helper()
	c.write(notification{JSONRPC: "2.0", Method: method, Params: params}, method)
}

// call sends a request and returns its result (failing on an error).
func (c *client) call(method string, params any) json.RawMessage {
	c.t.Helper()
	m := c.request(method, params)
	if m.Error != nil {
		c.t.Fatalf("%s: error %d: %s", method, m.Error.Code, m.Error.Message)
	}
	return m.Result
}

func (c *client) request(method string, params any) message {
	c.t.Helper()
	c.id++
	c.write(request{JSONRPC: "2.0", ID: c.id, Method: method, Params: params}, method)
	want := fmt.Sprint(c.id)
	for {
		m := c.read()
		if m.Method == "" && string(m.ID) == want {
			return m
		}
		c.pending = append(c.pending, m)
	}
}

// await returns the next message of a method the server sent (a
// notification, or a request of its own).
func (c *client) await(method string) message {
	c.t.Helper()
	for i, m := range c.pending {
		if m.Method == method {
			c.pending = append(c.pending[:i], c.pending[i+1:]...)
			return m
		}
	}
	for {
		m := c.read()
		if m.Method == method {
			return m
		}
		c.pending = append(c.pending, m)
	}
}

func (c *client) read() message {
	c.t.Helper()
	body, err := readMessage(c.r)
	if err != nil {
		c.t.Fatalf("reading the server: %v", err)
	}
	var m message
	if err := json.Unmarshal(body, &m); err != nil {
		c.t.Fatalf("the server wrote %q: %v", body, err)
	}
	name := m.Method
	if name == "" {
		name = "result " + string(m.ID)
	}
	c.record("<--", name, body)
	return m
}

func (c *client) diagnostics(uri string) []live.Finding {
	c.t.Helper()
	for {
		var p publishDiagnosticsParams
		if err := json.Unmarshal(c.await("textDocument/publishDiagnostics").Params, &p); err != nil {
			c.t.Fatal(err)
		}
		if p.URI == uri {
			return p.Diagnostics
		}
	}
}

func (c *client) close() {
	c.t.Helper()
	c.call("shutdown", nil)
	c.notify("exit", nil)
	select {
	case err := <-c.done:
		if err != nil {
			c.t.Fatalf("Serve: %v", err)
		}
	case <-time.After(10 * time.Second):
		c.t.Fatal("the server did not stop after exit")
	}
}

func testdata(t testing.TB, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "..", "..", "testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

const docURI = "file:///archive/bruno-and-an-engine-log.pdn"

// transcriptDocument is two real records: the one the README shows (an
// illegal move with a fix, no terminator, an escape in a tag) and an
// engine log's first game (a padded square).
func transcriptDocument(t testing.TB) string {
	log := testdata(t, "pdn/engine-log-padded-paths.pdn")
	first, _, _ := strings.Cut(log, "\n\n[Event")
	return testdata(t, "draughts/bruno-vs-scan31-game11.pdn") + "\n" + first + "\n"
}

func pos(line, char int) live.Position { return live.Position{Line: line, Character: char} }

// posOf is the position delta bytes into the first place text has s.
func posOf(t testing.TB, text, s string, delta int) live.Position {
	t.Helper()
	i := strings.Index(text, s)
	if i < 0 {
		t.Fatalf("%q is not in the document", s)
	}
	return live.NewDocument("", text[:i+delta], nil).Position(i + delta)
}

// TestTranscript drives the server as an editor would, through pipes:
// open, diagnostics, symbols, hover, a code action applied as the client
// applies it (an incremental change), completion, a keystroke, the first
// error; the exchange is the golden transcript
// testdata/golden/lsp-transcript.txt.
func TestTranscript(t *testing.T) {
	c := startServer(t, true)
	c.call("initialize", map[string]any{
		"processId":             nil,
		"clientInfo":            map[string]string{"name": "transcript"},
		"capabilities":          map[string]any{"window": map[string]any{"showDocument": map[string]bool{"support": true}}},
		"initializationOptions": map[string]bool{"images": false},
	})
	c.notify("initialized", map[string]any{})
	text := transcriptDocument(t)
	c.notify("textDocument/didOpen", map[string]any{"textDocument": map[string]any{"uri": docURI, "languageId": "pdn", "version": 1, "text": text}})
	diags := c.diagnostics(docURI)
	if !hasCode(diags, "illegal") || !hasCode(diags, "padded-square") || !hasCode(diags, "no-terminator") {
		t.Errorf("diagnostics on open: %+v", diags)
	}
	var syms []documentSymbol
	unmarshal(t, c.call("textDocument/documentSymbol", map[string]any{"textDocument": map[string]string{"uri": docURI}}), &syms)
	if len(syms) != 2 || syms[0].Name != "Crevat, Luc - Machtelinck, Kevin" || syms[1].Name != "Scan 3.1 - Kingsrow 1.62" {
		t.Errorf("symbols: %+v", syms)
	}
	// Hover over 43-38, the move before the illegal 17-11 (line 17, 0-based 16).
	var h hoverResult
	unmarshal(t, c.call("textDocument/hover", map[string]any{"textDocument": map[string]string{"uri": docURI}, "position": pos(16, 22)}), &h)
	if !strings.Contains(h.Contents.Value, "32. 43-38") || !strings.Contains(h.Contents.Value, "after") {
		t.Errorf("hover: %q", h.Contents.Value)
	}
	// The quick fixes at the illegal move; the certain one applied as a
	// client applies a workspace edit: a change of the document.
	illegal := find(diags, "illegal")
	var actions []codeAction
	unmarshal(t, c.call("textDocument/codeAction", map[string]any{"textDocument": map[string]string{"uri": docURI}, "range": illegal.Range,
		"context": map[string]any{"diagnostics": []live.Finding{illegal}}}), &actions)
	if len(actions) == 0 || !strings.HasPrefix(actions[0].Title, "Fix: delete 17-11") {
		t.Fatalf("code actions: %+v", actions)
	}
	fix := actions[0].Edit.Changes[docURI]
	c.notify("textDocument/didChange", map[string]any{"textDocument": map[string]any{"uri": docURI, "version": 2},
		"contentChanges": []map[string]any{{"range": fix[0].Range, "text": fix[0].NewText}}})
	diags = c.diagnostics(docURI)
	if e := find(diags, "illegal"); e.Range == illegal.Range {
		t.Errorf("the fix applied, 17-11 is still the illegal move: %+v", e)
	}
	// The padded square's normalising fix.
	padded := find(diags, "padded-square")
	unmarshal(t, c.call("textDocument/codeAction", map[string]any{"textDocument": map[string]string{"uri": docURI}, "range": padded.Range,
		"context": map[string]any{"diagnostics": []live.Finding{padded}}}), &actions)
	if len(actions) == 0 || actions[0].Title != "Write 29x18x 7x16 as 29x18x7x16" {
		t.Fatalf("code actions at the padded square: %+v", actions)
	}
	// Completion after the second game's last move.
	var list completionList
	at := posOf(t, text, "{%eval +2.70} *", len("{%eval +2.70} "))
	unmarshal(t, c.call("textDocument/completion", map[string]any{"textDocument": map[string]string{"uri": docURI}, "position": at}), &list)
	if len(list.Items) == 0 {
		t.Errorf("no completion after the second game's last move")
	}
	// A keystroke: the second game's terminator typed over (a full change
	// of the document, as a client without incremental sync sends it).
	c.notify("textDocument/didChange", map[string]any{"textDocument": map[string]any{"uri": docURI, "version": 3},
		"contentChanges": []map[string]any{{"text": strings.Replace(text, "3. 11-7 {%eval +2.70} *", "3. 11-7 {%eval +2.70} 2-0", 1)}}})
	c.diagnostics(docURI)
	// Go to the first error: the location, and the client asked to show it.
	var loc location
	unmarshal(t, c.call("workspace/executeCommand", map[string]any{"command": CommandFirstError, "arguments": []string{docURI}}), &loc)
	if loc.URI != docURI {
		t.Errorf("first error: %+v", loc)
	}
	c.await("window/showDocument")
	c.notify("textDocument/didClose", map[string]any{"textDocument": map[string]string{"uri": docURI}})
	if d := c.diagnostics(docURI); len(d) != 0 {
		t.Errorf("diagnostics after close: %+v", d)
	}
	c.close()
	golden := filepath.Join("..", "..", "..", "testdata", "golden", "lsp-transcript.txt")
	got := c.log.String()
	if *update {
		if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if got != string(want) {
		t.Errorf("the transcript differs from %s (go test ./referee/live/lsp -update, then read the diff)", golden)
	}
}

func hasCode(ds []live.Finding, code string) bool { return find(ds, code).Code == code }

func find(ds []live.Finding, code string) live.Finding {
	for _, d := range ds {
		if d.Code == code {
			return d
		}
	}
	return live.Finding{}
}

func unmarshal(t testing.TB, raw json.RawMessage, v any) {
	t.Helper()
	if err := json.Unmarshal(raw, v); err != nil {
		t.Fatalf("%s: %v", raw, err)
	}
}
