package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/urfave/cli/v2"

	"arbiter/notation/input"
	"arbiter/notation/safefile"
	"arbiter/referee"
	"arbiter/referee/baseline"
)

// baselineRun is check's --baseline FILE (the findings a run does not fail
// on) and --write-baseline FILE (record them): referee/baseline does the
// matching; this is the files, the names and the messages.
//
// --write-baseline alone records every finding of the run (they are then
// the baseline, and the run passes); entries the file held of files this
// run did not read are kept. With --baseline too, it writes that baseline
// without its stale entries and adds nothing: a new finding still fails.
type baselineRun struct {
	readPath, writePath string
	readDir, writeDir   string
	matcher             *baseline.Matcher
	recorder            *baseline.Recorder
	previous            *baseline.File // --write-baseline's file as it was, alone
	out                 *safefile.File
	inputs              map[string]input.Source // by name
	checked             map[string]bool         // inputs read whole, by name
}

// newBaselineRun reads --baseline and starts writing --write-baseline (the
// file locked, and replaced at the end only if nothing else wrote it
// meanwhile); nil when neither is given.
func newBaselineRun(c *cli.Context, in []input.Source) (*baselineRun, error) {
	b := &baselineRun{readPath: c.String("baseline"), writePath: c.String("write-baseline"), inputs: map[string]input.Source{}, checked: map[string]bool{}}
	if b.readPath == "" && b.writePath == "" {
		return nil, nil
	}
	for _, f := range in {
		b.inputs[f.Name] = f
	}
	if b.writePath != "" {
		if same, ok := input.Overwrites(b.writePath, in); ok {
			return nil, usageError("--write-baseline %s is the input %s: refusing to overwrite it", b.writePath, same)
		}
		if out := c.String("output-file"); out != "" && mustAbs(out) == mustAbs(b.writePath) {
			return nil, usageError("--write-baseline and --output-file name the same file %s", out)
		}
		af, err := safefile.Create(b.writePath)
		if err != nil {
			return nil, cli.Exit(fmt.Sprintf("--write-baseline %v", err), exitUsage)
		}
		b.out = af
		b.writeDir = filepath.Dir(mustAbs(b.writePath))
		if b.readPath == "" {
			// The file as it was, read now that it is locked: what it
			// holds of files this run does not read is kept; a file that
			// is no baseline is not overwritten.
			prev, err := readBaseline(b.writePath)
			switch {
			case errors.Is(err, fs.ErrNotExist):
			case errors.Is(err, baseline.ErrNotBaseline):
				b.abort()
				return nil, usageError("--write-baseline %s: the file exists and is not an arbiter baseline: not overwritten", b.writePath)
			case err != nil:
				b.abort()
				return nil, usageError("--write-baseline %s: %v", b.writePath, err)
			}
			b.previous = prev
			b.recorder = baseline.NewRecorder()
		}
	}
	if b.readPath != "" {
		f, err := readBaseline(b.readPath)
		if err != nil {
			b.abort()
			if errors.Is(err, fs.ErrNotExist) {
				return nil, usageError("--baseline %s: no such file (--write-baseline %s writes one)", b.readPath, b.readPath)
			}
			return nil, usageError("--baseline %s: %v", b.readPath, err)
		}
		b.readDir = filepath.Dir(mustAbs(b.readPath))
		b.matcher = baseline.NewMatcher(f)
	}
	return b, nil
}

func readBaseline(path string) (*baseline.File, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, safefile.UnwrapPath(err)
	}
	defer f.Close()
	return baseline.Read(f)
}

// fileKey is an input's name in a baseline: its file relative to the
// baseline's folder ("archive/1950.pdn", "old.zip:a.pdn"), "-" for
// standard input.
func (b *baselineRun) fileKey(dir, name string) string {
	in, ok := b.inputs[name]
	if !ok || in.Path == "" {
		return name
	}
	rel, err := filepath.Rel(dir, mustAbs(in.Path))
	if err != nil {
		rel = mustAbs(in.Path)
	}
	rel = filepath.ToSlash(rel)
	if in.Member != "" {
		rel += ":" + in.Member
	}
	return rel
}

// match marks the findings of rep the baseline holds, or records them.
func (b *baselineRun) match(rep *referee.Report) {
	if b == nil {
		return
	}
	if b.matcher != nil {
		b.matcher.Match(rep)
	}
	if b.recorder != nil {
		b.recorder.Add(b.fileKey(b.writeDir, rep.File), rep)
		for i := range rep.Diagnostics {
			if d := &rep.Diagnostics[i]; baseline.Candidate(d) {
				d.Suppressed = &referee.Suppression{Kind: referee.SuppressedExternal, Reason: "in the baseline written"}
			}
		}
	}
}

// readWhole notes an input whose games were all read: the staleness of an
// entry is said only for the files a run read.
func (b *baselineRun) readWhole(name string) {
	if b != nil {
		b.checked[name] = true
	}
}

// checkedIn says, of a file named relative to dir, whether this run read
// it whole.
func (b *baselineRun) checkedIn(dir string) func(string) bool {
	keys := map[string]bool{}
	for name := range b.checked {
		keys[b.fileKey(dir, name)] = true
	}
	return func(file string) bool { return keys[file] }
}

// finish says which entries are stale (not under --quiet) and writes the
// baseline; failed says an input could not be read, and then nothing is
// written (entries of the games not read would be lost).
func (b *baselineRun) finish(w io.Writer, failed, quiet bool) error {
	if b == nil {
		return nil
	}
	var stale []baseline.Entry
	if b.matcher != nil {
		stale = b.matcher.Stale(b.checkedIn(b.readDir))
		if !quiet {
			sayStale(w, b.readPath, stale, b.writePath != "")
		}
	}
	if b.out == nil {
		return nil
	}
	if failed {
		b.abort()
		fmt.Fprintf(w, "arbiter: %s not written: an input could not be read, and the entries of its games would be lost\n", printable(b.writePath))
		return cli.Exit("", exitUsage)
	}
	var f baseline.File
	kept := 0
	if b.matcher != nil {
		for _, e := range b.matcher.Pruned(b.checkedIn(b.readDir)) {
			e.File = b.moveKey(e.File)
			f.Findings = append(f.Findings, e)
		}
	} else {
		f.Findings = b.recorder.Entries()
		if b.previous != nil {
			read := b.checkedIn(b.writeDir)
			for _, e := range b.previous.Findings {
				if !read(e.File) {
					f.Findings = append(f.Findings, e)
					kept++
				}
			}
		}
	}
	if err := f.Write(b.out); err != nil {
		b.abort()
		return cli.Exit(err.Error(), exitUsage)
	}
	if err := b.out.Commit(); err != nil {
		return cli.Exit(err.Error(), exitUsage)
	}
	findings, games := 0, map[string]bool{}
	for _, e := range f.Findings {
		findings += e.Count
		games[e.Game] = true
	}
	fmt.Fprintf(w, "arbiter: wrote %s: %d %s in %d %s", printable(b.writePath), findings, plural(findings, "finding", "findings"), len(games), plural(len(games), "game", "games"))
	switch {
	case b.matcher != nil:
		n := 0
		for _, e := range stale {
			n += e.Count
		}
		fmt.Fprintf(w, " (%d stale %s pruned; new findings are not added: --write-baseline alone records them)", n, plural(n, "finding", "findings"))
	case kept > 0:
		fmt.Fprintf(w, " (%d %s of files this run did not read kept as they were)", kept, plural(kept, "entry", "entries"))
	}
	fmt.Fprintln(w)
	return nil
}

// moveKey names a file of --baseline's folder relative to
// --write-baseline's.
func (b *baselineRun) moveKey(file string) string {
	if b.readDir == b.writeDir || file == "-" {
		return file
	}
	rel, err := filepath.Rel(b.writeDir, filepath.Join(b.readDir, filepath.FromSlash(file)))
	if err != nil {
		return file
	}
	return filepath.ToSlash(rel)
}

func (b *baselineRun) abort() {
	if b != nil && b.out != nil {
		b.out.Abort()
	}
}

// maxStaleShown bounds the stale entries listed one by one.
const maxStaleShown = 20

// sayStale lists the baseline's entries whose findings are gone.
func sayStale(w io.Writer, path string, stale []baseline.Entry, writing bool) {
	if len(stale) == 0 {
		return
	}
	n := 0
	for _, e := range stale {
		n += e.Count
	}
	fmt.Fprintf(w, "arbiter: %s: %d stale %s (no longer found: fixed, or the game changed):\n", printable(path), n, plural(n, "finding", "findings"))
	for i, e := range stale {
		if i == maxStaleShown {
			fmt.Fprintf(w, "  and %d more\n", len(stale)-i)
			break
		}
		what := e.Code
		if e.Move != "" {
			what += fmt.Sprintf(" at move %d (%s)", e.MoveNumber, e.Move)
		}
		if e.Count > 1 {
			what += fmt.Sprintf(" (%d times)", e.Count)
		}
		game := ""
		if e.Players != "" {
			game = " " + e.Players + ":"
		}
		fmt.Fprintf(w, "  %s:%s %s\n", printable(e.File), printable(game), printable(what))
	}
	if !writing {
		fmt.Fprintf(w, "arbiter: --baseline %s --write-baseline %s writes it without them\n", printable(path), printable(path))
	}
}
