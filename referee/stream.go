package referee

import (
	"errors"
	"io"
	"runtime"
	"sync"

	"arbiter/notation/pdn"
)

// StreamOptions configure CheckStream.
type StreamOptions struct {
	Options
	PDN pdn.Options
	// Jobs is how many games are parsed and replayed at once; 0 means one
	// per CPU. The reports come out in input order whatever it is.
	Jobs int
}

// CheckStream cuts a PDN stream into games as it reads, parses and replays
// them on Jobs goroutines, and hands each report to emit in input order.
// Memory stays bounded: at most a few games per job are in flight. An error
// from emit stops the stream and is returned; read errors are returned too,
// after the games read before them were emitted.
func CheckStream(r io.Reader, file string, opts StreamOptions, emit func(*Report) error) error {
	jobs := opts.Jobs
	if jobs <= 0 {
		jobs = runtime.GOMAXPROCS(0)
	}
	type job struct {
		seq  int
		text pdn.GameText
	}
	type done struct {
		seq int
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
				rec := pdn.Parse(j.text, file)
				out <- done{j.seq, Check(rec, opts.Options)}
			}
		}()
	}
	var readErr error
	go func() {
		defer close(todo)
		sp := pdn.NewSplitter(r, opts.PDN)
		for seq := 0; ; seq++ {
			select {
			case slots <- struct{}{}:
			case <-stop:
				return
			}
			g, err := sp.Next()
			if err != nil {
				<-slots
				if !errors.Is(err, io.EOF) {
					readErr = err
				}
				return
			}
			select {
			case todo <- job{seq, g}:
			case <-stop:
				return
			}
		}
	}()
	go func() { wg.Wait(); close(out) }()

	pending := map[int]*Report{}
	next := 0
	var emitErr error
	for d := range out {
		pending[d.seq] = d.rep
		for rep, ok := pending[next]; ok; rep, ok = pending[next] {
			delete(pending, next)
			next++
			<-slots
			if emitErr == nil {
				if emitErr = emit(rep); emitErr != nil {
					close(stop)
				}
			}
		}
	}
	if emitErr != nil {
		return emitErr
	}
	return readErr
}
