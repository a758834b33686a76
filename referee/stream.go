package referee

import (
	"errors"
	"io"
	"runtime"
	"sync"

	"arbiter/notation/pdn"
)

// StreamOptions configure CheckStream and CheckInputs.
type StreamOptions struct {
	Options
	PDN pdn.Options
	// Jobs is how many games are parsed and replayed at once; 0 means one
	// per CPU. The reports come out in input order whatever it is.
	Jobs int
}

// Input is one named source of records.
type Input struct {
	Name string
	Open func() (io.ReadCloser, error)
	// Options, when set, replace StreamOptions.Options for this input's
	// games (a config file that applies to some folders only).
	Options *Options
}

// CheckStream checks the games of one reader; see CheckInputs.
func CheckStream(r io.Reader, file string, opts StreamOptions, emit func(*Report) error) error {
	in := Input{Name: file, Open: func() (io.ReadCloser, error) { return io.NopCloser(r), nil }}
	var err error
	CheckInputs([]Input{in}, opts, emit, func(_ Input, e error) { err = e })
	return err
}

// CheckInputs cuts each input into games as it reads, parses and replays
// the games of all inputs on Jobs goroutines (one pipeline for all files, so
// small files keep every worker busy), and hands each report to emit in
// input order. Memory stays bounded: at most a few games per job are in
// flight. A file that cannot be opened or read is passed to failed (after
// the games read from it were emitted) and the other files go on. An error
// from emit stops everything.
func CheckInputs(inputs []Input, opts StreamOptions, emit func(*Report) error, failed func(Input, error)) error {
	jobs := opts.Jobs
	if jobs <= 0 {
		jobs = runtime.GOMAXPROCS(0)
	}
	type job struct {
		seq  int
		file string
		text pdn.GameText
		err  error // a read error, reported in sequence
		in   Input
	}
	type done struct {
		job
		rep *Report
	}
	window := 4 * jobs // games in flight: bounds the reorder buffer
	todo := make(chan job)
	out := make(chan done, window)
	slots := make(chan struct{}, window)
	stop := make(chan struct{})
	var wg sync.WaitGroup
	for range jobs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range todo {
				d := done{job: j}
				if j.err == nil {
					o := opts.Options
					if j.in.Options != nil {
						o = *j.in.Options
					}
					d.rep = Check(ParseGame(j.text, j.file), o)
				}
				out <- d
			}
		}()
	}
	go func() {
		defer close(todo)
		seq := 0
		send := func(j job) bool {
			select {
			case slots <- struct{}{}:
			case <-stop:
				return false
			}
			j.seq = seq
			seq++
			select {
			case todo <- j:
				return true
			case <-stop:
				return false
			}
		}
		for _, in := range inputs {
			rc, err := in.Open()
			if err != nil {
				if !send(job{in: in, err: err}) {
					return
				}
				continue
			}
			sp := pdn.NewSplitter(rc, opts.PDN)
			for {
				g, err := sp.Next()
				if errors.Is(err, io.EOF) {
					break
				}
				j := job{file: in.Name, text: g, in: in, err: err}
				if !send(j) {
					rc.Close()
					return
				}
				if err != nil {
					break
				}
			}
			rc.Close()
		}
	}()
	go func() { wg.Wait(); close(out) }()

	pending := map[int]done{}
	next := 0
	var emitErr error
	for d := range out {
		pending[d.seq] = d
		for d, ok := pending[next]; ok; d, ok = pending[next] {
			delete(pending, next)
			next++
			<-slots
			if emitErr != nil {
				continue
			}
			if d.err != nil {
				failed(d.in, d.err)
				continue
			}
			if emitErr = emit(d.rep); emitErr != nil {
				close(stop)
			}
		}
	}
	return emitErr
}
