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
// input order. Memory stays bounded: at most a few batches of games per job
// are in flight. A file that cannot be opened or read is passed to failed
// (after the games read from it were emitted) and the other files go on. An
// error from emit stops everything.
//
// The games travel in batches (up to batchGames games or batchBytes bytes
// of text): one channel send, one worker hand-off and one reorder step per
// batch rather than per game, so that neither the hand-off nor the reorder
// buffer becomes the serial limit when a game takes tens of microseconds.
// The splitter goroutine only cuts the text into games (pdn.Splitter);
// parsing and replaying are the workers'.
func CheckInputs(inputs []Input, opts StreamOptions, emit func(*Report) error, failed func(Input, error)) error {
	jobs := opts.Jobs
	if jobs <= 0 {
		jobs = runtime.GOMAXPROCS(0)
	}
	type item struct {
		file string
		text pdn.GameText
		err  error // a read or open error, reported in sequence
		in   Input
		rep  *Report
	}
	type batch struct {
		seq   int
		items []item
	}
	window := 2*jobs + 1 // batches in flight: bounds the reorder buffer
	todo := make(chan batch)
	out := make(chan batch, window)
	slots := make(chan struct{}, window)
	stop := make(chan struct{})
	free := make(chan []item, window+1) // emitted batches' storage, reused
	var wg sync.WaitGroup
	for range jobs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for b := range todo {
				for i := range b.items {
					it := &b.items[i]
					if it.err == nil {
						o := opts.Options
						if it.in.Options != nil {
							o = *it.in.Options // the input's own .arbiter.yaml
						}
						rec := ParseGame(it.text, it.file)
						it.rep = Check(rec, o)
						// The report quotes the record's text; its moves
						// are done with, and their memory serves the
						// worker's next game.
						rec.ReleaseMoves()
					}
				}
				out <- b
			}
		}()
	}
	go func() {
		defer close(todo)
		seq := 0
		var cur []item
		size := 0
		// flush sends the current batch; false when stopped.
		flush := func() bool {
			if len(cur) == 0 {
				return true
			}
			select {
			case slots <- struct{}{}:
			case <-stop:
				return false
			}
			b := batch{seq: seq, items: cur}
			seq++
			select {
			case cur = <-free:
			default:
				cur = make([]item, 0, batchGames)
			}
			size = 0
			select {
			case todo <- b:
				return true
			case <-stop:
				return false
			}
		}
		add := func(it item) bool {
			cur = append(cur, it)
			size += len(it.text.Text)
			// The first batches are small (1, 2, 4 ... games) so that a
			// short input still spreads over the workers.
			if len(cur) >= min(batchGames, 1<<min(seq, 16)) || size >= batchBytes {
				return flush()
			}
			return true
		}
		for _, in := range inputs {
			rc, err := in.Open()
			if err != nil {
				if !add(item{in: in, err: err}) {
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
				if !add(item{file: in.Name, text: g, in: in, err: err}) {
					rc.Close()
					return
				}
				if err != nil {
					break
				}
			}
			rc.Close()
		}
		flush()
	}()
	go func() { wg.Wait(); close(out) }()

	// The reorder buffer holds at most window batches.
	pending := make(map[int]batch, window)
	next := 0
	var emitErr error
	for b := range out {
		pending[b.seq] = b
		for b, ok := pending[next]; ok; b, ok = pending[next] {
			delete(pending, next)
			next++
			for i := range b.items {
				it := &b.items[i]
				if emitErr != nil {
					break
				}
				if it.err != nil {
					failed(it.in, it.err)
					continue
				}
				if emitErr = emit(it.rep); emitErr != nil {
					close(stop)
				}
			}
			clear(b.items) // drop the texts and reports before reuse
			select {
			case free <- b.items[:0]:
			default:
			}
			<-slots
		}
	}
	return emitErr
}

// Batch limits: large enough that the per-batch costs (channel sends,
// goroutine wake-ups, reordering) vanish beside the games' own, small
// enough that a few batches per job keep memory flat.
const (
	batchGames = 32
	batchBytes = 256 << 10
)
