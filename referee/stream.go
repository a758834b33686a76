package referee

import (
	"errors"
	"io"
	"runtime"
	"sync"

	"arbiter/notation"
	"arbiter/notation/jsonl"
	"arbiter/notation/pdn"
)

// StreamOptions configure CheckStream and CheckInputs.
type StreamOptions struct {
	Options
	PDN pdn.Options
	// Jobs is how many games are parsed and replayed at once; 0 means one
	// per CPU. The reports come out in input order whatever it is.
	Jobs int
	// KeepMoves keeps each report's record whole (its moves are released
	// otherwise), for writing it again.
	KeepMoves bool
	// Codes resolves the codes named in the records' suppression comments
	// (Suppress); nil: by name or pattern.
	Codes CodeMatcher
	// Identify sets each report's Identity (for a baseline).
	Identify bool
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
// error from emit stops everything. emit and failed are called one at a
// time, from the workers' goroutines.
//
// The games travel in batches (up to batchGames games or batchBytes bytes
// of text): one channel send, one worker hand-off and one reorder step per
// batch rather than per game, so that neither the hand-off nor the reorder
// buffer becomes the serial limit when a game takes tens of microseconds.
// The splitter goroutine only cuts the text into games (pdn.Splitter);
// copying each game's text out of the read buffers (pdn.Arena), parsing
// and replaying are the workers'.
//
// Waking a parked goroutine costs far more than its channel operation: on
// a virtual machine, measured, some 40 µs of CPU (the futex call, and the
// woken thread spinning for work before it sleeps again), as much as a
// game's whole check. So the stream wakes as little as it can: the worker
// that finishes the next batch in input order emits it itself (no
// collector goroutine to wake per batch), and the splitter, once it has
// filled the window, is woken for half a window's room at a time, not for
// each batch.
func CheckInputs(inputs []Input, opts StreamOptions, emit func(*Report) error, failed func(Input, error)) error {
	jobs := opts.Jobs
	if jobs <= 0 {
		jobs = runtime.GOMAXPROCS(0)
	}
	// Batches in flight: they bound the reorder buffer. A few a job keep
	// the workers fed; at least 12 make the splitter's wake-ups half as
	// many with one job (it cuts a window in far less time than a worker
	// checks it, then waits for half a window's room: now some 190 games
	// apart), for about 300 KB more of game text in flight.
	window := max(4*jobs+2, 12)
	todo := make(chan streamBatch, window)
	room := make(chan int, 1) // batches emitted since the splitter last heard
	stop := make(chan struct{})
	free := make(chan []streamItem, window+1) // emitted batches' storage, reused
	ord := &reorder{pending: make(map[int]streamBatch, window), room: room, step: window / 2, stop: stop, free: free, emit: emit, failed: failed}
	var wg sync.WaitGroup
	for range jobs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for b := range todo {
				if !ord.stopped() {
					for i := range b.items {
						it := &b.items[i]
						if it.err == nil {
							o := opts.Options
							if it.in.Options != nil {
								o = *it.in.Options // the input's own .arbiter.yaml
							}
							rec, ok := it.record(o)
							if ok {
								it.rep = Check(rec, o)
								Suppress(rec, it.rep, o, opts.Codes)
							} else {
								it.rep = Run(rec, func(*Report) {}) // its error alone
							}
							if opts.Identify {
								it.rep.Identity = Identify(rec)
							}
							// The report quotes the record's text; its moves
							// are done with, and their memory serves the
							// worker's next game.
							if !opts.KeepMoves {
								rec.ReleaseMoves()
							}
						}
					}
				}
				ord.deliver(b)
			}
		}()
	}
	go func() {
		defer close(todo)
		seq := 0
		avail := window // batches the splitter may send before it needs room
		// The splitters' read buffers: game texts are handed to the
		// workers as they lie in them (NextUndecoded), not copied here,
		// and a buffer is read into again once every batch that may hold
		// a game from it has been emitted (their texts decoded, the
		// batches cleared).
		arena := new(pdn.Arena)
		emitted := 0
		var cur []streamItem
		size := 0
		// flush sends the current batch; false when stopped.
		flush := func() bool {
			if len(cur) == 0 {
				return true
			}
			if avail == 0 {
				select {
				case n := <-room:
					avail += n
					emitted += n
					arena.Reuse(emitted)
				case <-stop:
					return false
				}
			}
			avail--
			b := streamBatch{seq: seq, items: cur}
			seq++
			arena.Mark(seq)
			select {
			case cur = <-free:
			default:
				cur = make([]streamItem, 0, batchGames)
			}
			size = 0
			select {
			case todo <- b: // never blocks: todo holds a whole window
				return true
			case <-stop:
				return false
			}
		}
		add := func(it streamItem) bool {
			cur = append(cur, it)
			size += it.text.Len() + len(it.json.Text)
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
				if !add(streamItem{in: in, err: err}) {
					return
				}
				continue
			}
			text, isJSON, head := jsonl.SniffHead(rc, in.Name)
			if isJSON {
				if !addJSON(text, in, add) {
					rc.Close()
					return
				}
				rc.Close()
				continue
			}
			sp := pdn.NewArenaSplitterText(text, head, opts.PDN, arena)
			for {
				g, err := sp.NextUndecoded()
				if errors.Is(err, io.EOF) {
					break
				}
				if !add(streamItem{file: in.Name, text: g, in: in, err: err}) {
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
	wg.Wait()
	return ord.err
}

// streamItem is one game of a batch (or an input's open or read error,
// reported in sequence).
type streamItem struct {
	file string
	text pdn.GameText
	// json is the line of a record in a JSON lines file (as convert --to
	// json writes them), the index-th of the file, instead of text.
	json  jsonl.Line
	index int
	err   error
	in    Input
	rep   *Report
}

// record reads the item's game: its PDN text, or its JSON line, the record
// then made one of the JSON file (jsonl.Relocate). ok is false for a line
// that is not a record: the record returned says so, and has nothing to
// replay.
func (it *streamItem) record(o Options) (rec *notation.Record, ok bool) {
	if it.index == 0 {
		it.text.Decode() // the splitter left the copy to the worker
		return ParseGameFor(it.text, it.file, o), true
	}
	rec, err := jsonl.Decode(it.json)
	if err != nil {
		return jsonl.Unreadable(it.json, it.file, it.index, err), false
	}
	jsonl.Relocate(rec, it.file, it.index, it.json)
	return rec, true
}

// addJSON adds the records of a JSON lines text, one a line; false when
// the stream was stopped.
func addJSON(text io.Reader, in Input, add func(streamItem) bool) bool {
	lines := jsonl.NewReader(text)
	for index := 1; ; index++ {
		l, err := lines.Next()
		if errors.Is(err, io.EOF) {
			return true
		}
		if err != nil {
			return add(streamItem{in: in, err: err})
		}
		if !add(streamItem{file: in.Name, json: l, index: index, in: in}) {
			return false
		}
	}
}

type streamBatch struct {
	seq   int
	items []streamItem
}

// reorder puts checked batches back in input order and emits them. The
// worker that delivers the next batch emits it, and every batch after it
// that has arrived meanwhile; another worker delivering then only leaves
// its batch. So emit is never called by two goroutines at once.
type reorder struct {
	mu       sync.Mutex
	pending  map[int]streamBatch
	next     int
	emitting bool
	freed    int // batches emitted and not yet given to the splitter as room

	room   chan<- int
	step   int
	stop   chan struct{}
	free   chan<- []streamItem
	emit   func(*Report) error
	failed func(Input, error)
	err    error // emit's error; read once every worker is done
}

// stopped: emit failed, so the batches still coming need no check.
func (o *reorder) stopped() bool {
	select {
	case <-o.stop:
		return true
	default:
		return false
	}
}

func (o *reorder) deliver(b streamBatch) {
	o.mu.Lock()
	o.pending[b.seq] = b
	if o.emitting {
		o.mu.Unlock()
		return
	}
	o.emitting = true
	for {
		b, ok := o.pending[o.next]
		if !ok {
			break
		}
		delete(o.pending, o.next)
		o.next++
		o.mu.Unlock()
		o.emitBatch(b)
		o.mu.Lock()
		o.freed++
		if o.freed >= o.step {
			select {
			case o.room <- o.freed:
				o.freed = 0
			default: // the splitter has room it has not taken yet
			}
		}
	}
	o.emitting = false
	o.mu.Unlock()
}

// emitBatch emits a batch's reports (only the emitting worker calls it).
func (o *reorder) emitBatch(b streamBatch) {
	for i := range b.items {
		it := &b.items[i]
		if o.err != nil {
			break
		}
		if it.err != nil {
			o.failed(it.in, it.err)
			continue
		}
		if o.err = o.emit(it.rep); o.err != nil {
			close(o.stop)
		}
	}
	clear(b.items) // drop the texts and reports before reuse
	select {
	case o.free <- b.items[:0]:
	default:
	}
}

// Batch limits: large enough that the per-batch costs (channel sends,
// goroutine wake-ups, reordering) vanish beside the games' own, small
// enough that a few batches per job keep memory flat.
const (
	batchGames = 32
	batchBytes = 256 << 10
)
