// Command arbiter-testengine is a small international draughts engine for
// testing 'arbiter match': it plays random legal moves over DamExchange (as
// the Follower, listening or connecting) or Hub (standard input and
// output), and misbehaves on request at its Nth move:
//
//	illegal     a move no rule allows
//	garbage     a message that cannot be read
//	silence     no answer at all
//	disconnect  closes the connection (DXP) or its output (Hub)
//	crash       exits with status 3
//	outofturn   sends a second move right after its move
//	falseend    DXP: claims a win (GAMEEND 3) instead of moving
//	falsedraw   DXP: claims a draw (GAMEEND 2) instead of moving
//	resign      DXP: gives up (GAMEEND 1)
//	quit        closes the connection (DXP) and exits with status 0
//	refuse      DXP: refuses every game (GAMEACC code 2)
//	mute        DXP: never answers a game request
//	hangup      DXP: closes the connection at a game request, and exits
//	            a moment later (as an engine that lost its port to the
//	            program arbiter reached instead)
//
// Over Hub it declares the variants of -variants (Scan's names) and plays
// the one set, and sends -score as the score of each move when given.
//
// It ends when its standard input ends or says "exit" or "quit" (over DXP,
// not with -ignorestdin).
package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"math/rand"
	"net"
	"os"
	"strings"
	"sync"
	"time"

	"arbiter/referee/draughts"
	"arbiter/referee/match/dxp"
	"arbiter/referee/match/hub"
	"arbiter/variants"
)

var (
	proto     = flag.String("proto", "dxp", "dxp or hub")
	listen    = flag.String("listen", "", "DXP: listen on this address (host:port) for the Initiator")
	connect   = flag.String("connect", "", "DXP: connect to the Initiator at this address")
	seed      = flag.Int64("seed", 1, "random seed")
	misbehave = flag.String("misbehave", "", "illegal, garbage, silence, disconnect, crash, outofturn, falseend, falsedraw, resign, quit, refuse, mute, hangup")
	at        = flag.Int("at", 1, "misbehave at this move of its own (1 = its first)")
	delay     = flag.Duration("delay", 0, "time taken for each move")
	name      = flag.String("name", "arbiter-testengine", "name sent in GAMEACC and Hub's id")
	pidfile   = flag.String("pidfile", "", "write the process id to this file (tests check it was reaped)")
	keepStdin = flag.Bool("ignorestdin", false, "DXP: go on when standard input ends, as an engine that never reads it does")
	hubNames  = flag.String("variants", "normal", "Hub: the variants declared (Scan's names: normal frisian bt losing), the first the default")
	score     = flag.String("score", "", "Hub: the score sent in an info line before each move (men, from its side)")
)

// variantOf is arbiter's variant for a Hub variant name.
var variantOf = map[string]string{"normal": "international", "frisian": "frisian", "bt": "breakthrough", "losing": "antidraughts"}

// engine is the game as the engine sees it.
type engine struct {
	r     *draughts.Rules
	pos   draughts.Position
	rnd   *rand.Rand
	moves int // own moves this game
}

func (e *engine) find(from, to int, captured []int) (draughts.Move, bool) {
	for _, mv := range e.r.LegalMoves(&e.pos, false, nil) {
		if mv.From == from && mv.To == to && (captured == nil || sameSet(mv.Captured, captured)) {
			return mv, true
		}
	}
	return draughts.Move{}, false
}

func sameSet(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	n := map[int]int{}
	for _, x := range a {
		n[x]++
	}
	for _, x := range b {
		if n[x] == 0 {
			return false
		}
		n[x]--
	}
	return true
}

// choose picks a random legal move and plays it.
func (e *engine) choose() (draughts.Move, bool) {
	legal := e.r.LegalMoves(&e.pos, false, nil)
	if len(legal) == 0 {
		return draughts.Move{}, false
	}
	mv := legal[e.rnd.Intn(len(legal))]
	e.pos = e.r.Play(e.pos, mv)
	return mv, true
}

// illegal is a move no position allows: from a square to itself.
func (e *engine) illegal() (int, int) {
	for sq := 1; sq <= 50; sq++ {
		if e.pos.At(sq) != draughts.Empty {
			return sq, sq
		}
	}
	return 1, 1
}

func main() {
	flag.Parse()
	if *pidfile != "" {
		os.WriteFile(*pidfile, []byte(fmt.Sprint(os.Getpid())), 0o644)
	}
	eng := &engine{r: draughts.International(), rnd: rand.New(rand.NewSource(*seed))}
	eng.pos = eng.r.Initial()
	switch *proto {
	case "dxp":
		runDXP(eng)
	case "hub":
		switch *misbehave {
		case "falseend", "falsedraw", "resign", "refuse", "mute", "hangup":
			fmt.Fprintln(os.Stderr, "arbiter-testengine: Hub has no GAMEEND:", *misbehave)
			os.Exit(2)
		}
		runHub(eng)
	default:
		fmt.Fprintln(os.Stderr, "arbiter-testengine: -proto dxp or hub")
		os.Exit(2)
	}
}

// watchStdin ends the program when its standard input ends or says so.
func watchStdin() {
	sc := bufio.NewScanner(os.Stdin)
	for sc.Scan() {
		if t := strings.TrimSpace(sc.Text()); t == "exit" || t == "quit" {
			break
		}
	}
	os.Exit(0)
}

func runDXP(eng *engine) {
	if !*keepStdin {
		go watchStdin()
	}
	switch {
	case *connect != "":
		conn, err := net.Dial("tcp", *connect)
		if err != nil {
			fail(err)
		}
		session(eng, conn)
	case *listen != "":
		// One Initiator after the other, as a listening engine serves them.
		ln, err := net.Listen("tcp", *listen)
		if err != nil {
			fail(err)
		}
		for {
			conn, err := ln.Accept()
			if err != nil {
				fail(err)
			}
			if session(eng, conn) {
				os.Exit(0)
			}
		}
	default:
		fail(fmt.Errorf("-listen or -connect"))
	}
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "arbiter-testengine:", err)
	os.Exit(2)
}

// session plays games on one connection; it reports whether the Initiator
// asked it to stop.
func session(eng *engine, conn net.Conn) (stop bool) {
	defer conn.Close()
	var wmu sync.Mutex
	send := func(msg string) {
		wmu.Lock()
		defer wmu.Unlock()
		conn.Write([]byte(msg + "\x00"))
	}
	// The reader goes on while a move is thought about (an out-of-turn
	// message must reach the referee while the opponent thinks), so the
	// game's state is shared: mu guards it, and each position the engine
	// may have to answer has a number (pos). A move answers the position
	// it was started for, once: on a loaded machine the goroutine started
	// for the game request may run only after the opponent's first move
	// came in, and must not answer that one too.
	var mu sync.Mutex
	me := draughts.White
	inGame := false
	pos, answered := 0, 0
	move := func(posNum int) {
		mu.Lock()
		defer mu.Unlock()
		if posNum != pos || answered == pos || !inGame || eng.pos.Turn() != me {
			return
		}
		answered = pos
		eng.moves++
		mu.Unlock()
		time.Sleep(*delay)
		mu.Lock()
		if eng.moves == *at {
			switch *misbehave {
			case "illegal":
				from, to := eng.illegal()
				send(dxp.Move{From: from, To: to}.Encode())
				return
			case "garbage":
				send("M12x")
				return
			case "silence":
				return
			case "disconnect":
				conn.Close()
				select {} // stay alive, silent, until stdin ends
			case "crash":
				os.Exit(3)
			case "quit":
				conn.Close()
				os.Exit(0)
			case "falseend":
				send(dxp.GameEnd{Reason: 3}.Encode())
				return
			case "falsedraw":
				send(dxp.GameEnd{Reason: 2}.Encode())
				return
			case "resign":
				send(dxp.GameEnd{Reason: 1}.Encode())
				return
			}
		}
		mv, ok := eng.choose()
		if !ok {
			return // lost: the referee ends the game
		}
		msg := dxp.Move{From: mv.From, To: mv.To, Captured: mv.Captured}.Encode()
		send(msg)
		if eng.moves == *at && *misbehave == "outofturn" {
			send(msg)
		}
	}
	r := dxp.NewReader(conn)
	for {
		msg, err := r.ReadMessage()
		if err != nil {
			if *misbehave == "disconnect" {
				select {} // stay alive, silent, until stdin ends
			}
			return false
		}
		m, err := dxp.Parse(msg)
		if err != nil {
			fmt.Fprintln(os.Stderr, "arbiter-testengine:", err)
			continue
		}
		switch m := m.(type) {
		case dxp.GameReq:
			switch *misbehave {
			case "refuse":
				send(dxp.GameAcc{Name: *name, Code: 2}.Encode())
				continue
			case "mute":
				continue
			case "hangup":
				conn.Close()
				time.Sleep(600 * time.Millisecond)
				os.Exit(0)
			}
			p, err := dxp.ParsePosition(eng.r, m.Position)
			if err != nil {
				send(dxp.GameAcc{Name: *name, Code: 2}.Encode())
				continue
			}
			mu.Lock()
			eng.pos, eng.moves, inGame = p, 0, true
			me = draughts.White
			if m.Follower == 'Z' {
				me = draughts.Black
			}
			pos++
			posNum := pos
			mu.Unlock()
			send(dxp.GameAcc{Name: *name}.Encode())
			go move(posNum)
		case dxp.Move:
			mu.Lock()
			mv, ok := eng.find(m.From, m.To, m.Captured)
			if ok {
				eng.pos = eng.r.Play(eng.pos, mv)
				pos++
			}
			posNum := pos
			mu.Unlock()
			if !ok {
				fmt.Fprintln(os.Stderr, "arbiter-testengine: the Initiator sent an illegal move:", msg)
				continue
			}
			go move(posNum)
		case dxp.GameEnd:
			mu.Lock()
			was := inGame
			inGame = false
			mu.Unlock()
			if was {
				send(dxp.GameEnd{Stop: m.Stop}.Encode())
			}
			if m.Stop == 1 {
				return true
			}
		}
	}
}

func runHub(eng *engine) {
	out := bufio.NewWriter(os.Stdout)
	say := func(s string) {
		out.WriteString(s + "\n")
		out.Flush()
	}
	in := hub.NewReader(os.Stdin)
	for {
		line, err := in.ReadLine()
		if err == io.EOF || err != nil {
			os.Exit(0)
		}
		l, err := hub.Parse(line)
		if err != nil {
			say(hub.New("error", "message", err.Error()).String())
			continue
		}
		switch l.Cmd {
		case "hub":
			say(hub.New("id", "name", *name, "version", "1", "author", "arbiter").String())
			names := strings.Fields(*hubNames)
			if len(names) > 0 {
				say(hub.New("param", "name", "variant", "value", names[0], "type", "enum", "values", strings.Join(names, " ")).String())
			}
			say("wait")
		case "set-param":
			if n, _ := l.Get("name"); n == "variant" {
				val, _ := l.Get("value")
				v, err := variants.Lookup(variantOf[val])
				if err != nil || !strings.Contains(" "+*hubNames+" ", " "+val+" ") {
					say(hub.New("error", "message", "unknown variant "+val).String())
					continue
				}
				r, start, err := draughts.RulesOf(v)
				if err != nil {
					fail(err)
				}
				eng.r, eng.pos = r, start
			}
		case "init":
			say("ready")
		case "ping":
			say("pong")
		case "new-game":
			eng.moves = 0
		case "quit":
			os.Exit(0)
		case "pos":
			s, _ := l.Get("pos")
			p, err := hub.ParsePosition(eng.r, s)
			if err != nil {
				say(hub.New("error", "message", err.Error()).String())
				continue
			}
			eng.pos = p
			moves, _ := l.Get("moves")
			for _, t := range strings.Fields(moves) {
				m, err := hub.ParseMove(t)
				mv, ok := eng.find(m.From, m.To, m.Captured)
				if err != nil || !ok {
					say(hub.New("error", "message", "bad move "+t).String())
					break
				}
				eng.pos = eng.r.Play(eng.pos, mv)
			}
		case "go":
			eng.moves++
			time.Sleep(*delay)
			if eng.moves == *at {
				switch *misbehave {
				case "illegal":
					from, to := eng.illegal()
					say(hub.New("done", "move", hub.FormatMove(from, to, nil)).String())
					continue
				case "garbage":
					say(`done move="12`)
					continue
				case "silence":
					continue
				case "disconnect":
					out.Flush()
					os.Stdout.Close()
					for {
						if _, err := in.ReadLine(); err != nil {
							os.Exit(0)
						}
					}
				case "crash":
					os.Exit(3)
				case "quit":
					os.Exit(0)
				}
			}
			mv, ok := eng.choose()
			if !ok {
				continue
			}
			if *score != "" {
				say(hub.New("info", "depth", "1", "score", *score).String())
			}
			done := hub.New("done", "move", hub.FormatMove(mv.From, mv.To, mv.Captured)).String()
			say(done)
			if eng.moves == *at && *misbehave == "outofturn" {
				say(done)
			}
		}
	}
}
