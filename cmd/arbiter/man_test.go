package main

import (
	"os"
	"strings"
	"testing"
)

// The committed arbiter.1 is what 'arbiter man' prints: a command, flag or
// description added without 'make man' fails here (-update rewrites it).
func TestManPageUpToDate(t *testing.T) {
	page, errOut, code := arbiter(t, "", "man")
	if code != 0 {
		t.Fatalf("arbiter man: exit %d, %s", code, errOut)
	}
	const path = "../../arbiter.1"
	if *update {
		if err := os.WriteFile(path, []byte(page), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if string(want) != page {
		t.Errorf("arbiter.1 is stale: run 'make man' (or go test ./cmd/arbiter -update)")
	}
	// Every command is in it (the page is generated, but a command hidden
	// by mistake would vanish from both).
	for _, c := range commands() {
		if c.Hidden {
			continue
		}
		if !strings.Contains(page, "\n.SH "+c.Name+"\n") && !strings.Contains(page, "\n.SH "+c.Name+",") {
			t.Errorf("arbiter.1 has no section for command %s", c.Name)
		}
	}
}
