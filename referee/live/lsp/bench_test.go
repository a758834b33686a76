package lsp

import (
	"fmt"
	"strings"
	"testing"

	"arbiter/referee/live"
)

// thousandGames is a file of 1,000 real games: the 58 of a French
// championship, over and over, each copy told apart by a tag (so that no
// game's check is shared with another's).
func thousandGames(t testing.TB) string {
	one := testdata(t, "draughts/championnat-de-france-2021.pdn")
	var b strings.Builder
	for copy := 0; ; copy++ {
		text := strings.ReplaceAll(one, "[Event ", fmt.Sprintf("[Copy \"%d\"]\n[Event ", copy))
		b.WriteString(text)
		b.WriteString("\n")
		d := live.NewDocument("", b.String(), nil)
		if games := d.Games(); len(games) >= 1000 {
			return b.String()[:games[999].End]
		}
	}
}

// BenchmarkKeystroke is the time from a keystroke (a didChange of one
// character in game 500 of a file of 1,000) to its publishDiagnostics,
// through the server as an editor drives it.
func BenchmarkKeystroke(b *testing.B) {
	text := thousandGames(b)
	c := startServer(b, false)
	c.call("initialize", map[string]any{"capabilities": map[string]any{}})
	c.notify("initialized", map[string]any{})
	c.notify("textDocument/didOpen", map[string]any{"textDocument": map[string]any{"uri": docURI, "languageId": "pdn", "version": 1, "text": text}})
	c.diagnostics(docURI)
	d := live.NewDocument("", text, nil)
	g := d.Games()[499]
	at := d.Position(g.Start + strings.Index(text[g.Start:], "1. "))
	b.ResetTimer()
	for i := range b.N {
		change := map[string]any{"range": live.Range{Start: at, End: at}, "text": " "}
		if i%2 == 1 {
			change = map[string]any{"range": live.Range{Start: at, End: live.Position{Line: at.Line, Character: at.Character + 1}}, "text": ""}
		}
		c.notify("textDocument/didChange", map[string]any{"textDocument": map[string]any{"uri": docURI, "version": i + 2},
			"contentChanges": []map[string]any{change}})
		c.diagnostics(docURI)
	}
	b.StopTimer()
	c.close()
}

// BenchmarkOpen is the time to open the file of 1,000 games: every game
// checked, the diagnostics published.
func BenchmarkOpen(b *testing.B) {
	text := thousandGames(b)
	c := startServer(b, false)
	c.call("initialize", map[string]any{"capabilities": map[string]any{}})
	b.ResetTimer()
	for i := range b.N {
		uri := fmt.Sprintf("file:///%d.pdn", i)
		c.notify("textDocument/didOpen", map[string]any{"textDocument": map[string]any{"uri": uri, "languageId": "pdn", "version": 1, "text": text}})
		c.diagnostics(uri)
		c.notify("textDocument/didClose", map[string]any{"textDocument": map[string]any{"uri": uri}})
		c.diagnostics(uri)
	}
	b.StopTimer()
	c.close()
}
