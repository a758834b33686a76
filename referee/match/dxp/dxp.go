// Package dxp reads and writes DamExchange (DXP) messages: the protocol
// draughts programs use to play each other over TCP. A message is 1 to 127
// ASCII characters (values 1-127) ended by a NUL byte; its first character
// names its type: GAMEREQ 'R', GAMEACC 'A', MOVE 'M', GAMEEND 'E', CHAT 'C',
// BACKREQ 'B', BACKACC 'K'. Layouts follow Frank Mesander's DamExchange
// pages (layer 1 and layer 2, version 01).
package dxp

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// MaxMessage is the longest message DXP allows, NUL excluded.
const MaxMessage = 127

// Errors of the layer 1 reader and of the message parser.
var (
	ErrTooLong   = errors.New("dxp: message longer than 127 characters")
	ErrEmpty     = errors.New("dxp: empty message")
	ErrBadByte   = errors.New("dxp: byte outside ASCII 1-127")
	ErrMalformed = errors.New("dxp: malformed message")
)

// Reader reads NUL-ended messages, never buffering more than one message
// of the maximum size, whatever the peer sends.
type Reader struct {
	r   *bufio.Reader
	buf []byte
}

// NewReader reads messages from r.
func NewReader(r io.Reader) *Reader {
	return &Reader{r: bufio.NewReaderSize(r, 256), buf: make([]byte, 0, MaxMessage)}
}

// ReadMessage returns the next message without its NUL. A message that is
// too long, empty or holds a byte above 127 is an error: the stream cannot
// be trusted after it, so callers end the connection.
func (r *Reader) ReadMessage() (string, error) {
	r.buf = r.buf[:0]
	for {
		b, err := r.r.ReadByte()
		if err != nil {
			if err == io.EOF && len(r.buf) > 0 {
				err = io.ErrUnexpectedEOF
			}
			return "", err
		}
		switch {
		case b == 0:
			if len(r.buf) == 0 {
				return "", ErrEmpty
			}
			return string(r.buf), nil
		case b > 127:
			return "", fmt.Errorf("%w: 0x%02x", ErrBadByte, b)
		case len(r.buf) == MaxMessage:
			return "", ErrTooLong
		}
		r.buf = append(r.buf, b)
	}
}

// WriteMessage writes msg and its NUL in one write.
func WriteMessage(w io.Writer, msg string) error {
	if err := validText(msg); err != nil {
		return err
	}
	_, err := io.WriteString(w, msg+"\x00")
	return err
}

func validText(msg string) error {
	if msg == "" {
		return ErrEmpty
	}
	if len(msg) > MaxMessage {
		return ErrTooLong
	}
	for i := 0; i < len(msg); i++ {
		if msg[i] == 0 || msg[i] > 127 {
			return fmt.Errorf("%w: 0x%02x", ErrBadByte, msg[i])
		}
	}
	return nil
}

// Message is one of GameReq, GameAcc, Move, GameEnd, Chat, BackReq, BackAcc.
type Message interface {
	// Encode writes the message as it goes on the wire (without the NUL).
	Encode() string
}

// GameReq (R) asks the Follower to start a game.
type GameReq struct {
	Version  int    // always 1
	Name     string // the Initiator's name, at most 32 characters
	Follower byte   // the Follower's colour: 'W' or 'Z'
	// Minutes is the thinking time of each player for the whole game, as
	// written in its 3 characters: "005", or a fraction such as "0.5"
	// that some engines (Moby Dam) read.
	Minutes string
	Moves   int // moves in that time; 0 for no limit
	// Position is empty for the standard start ('A'), else the colour to
	// move ('W' or 'Z') and 50 squares: 'e' empty, 'w' and 'z' men, 'W'
	// and 'Z' kings ('B').
	Position string
}

// GameAcc (A) is the Follower's answer to a GameReq.
type GameAcc struct {
	Name string // the Follower's name
	// Code: 0 accepted, 1 protocol version refused, 2 this game refused,
	// 3 no game at all.
	Code int
}

// Move (M) passes a move.
type Move struct {
	Seconds  int // time used, informational
	From, To int
	Captured []int // squares of the captured pieces, any order
}

// GameEnd (E) ends the game, or acknowledges its end.
type GameEnd struct {
	// Reason: 0 none, 1 the sender gives up, 2 draw, 3 the sender wins.
	Reason int
	// Stop: 0 willing to play another game, 1 stop entirely.
	Stop int
}

// Chat (C) is free text.
type Chat struct{ Text string }

// BackReq (B) asks to take moves back to a move number and colour.
type BackReq struct {
	Move  int
	Color byte // 'W' or 'Z'
}

// BackAcc (K) answers a BackReq: 0 accepted, 1 not supported, 2 refused.
type BackAcc struct{ Code int }

func pad(s string, n int) string {
	if len(s) > n {
		return s[:n]
	}
	return s + strings.Repeat(" ", n-len(s))
}

// Encode implements Message.
func (m GameReq) Encode() string {
	var b strings.Builder
	fmt.Fprintf(&b, "R%02d%s%c%3s%03d", m.Version, pad(m.Name, 32), m.Follower, m.Minutes, m.Moves)
	if m.Position == "" {
		b.WriteByte('A')
	} else {
		b.WriteByte('B')
		b.WriteString(m.Position)
	}
	return b.String()
}

// Encode implements Message.
func (m GameAcc) Encode() string { return fmt.Sprintf("A%s%d", pad(m.Name, 32), m.Code) }

// Encode implements Message.
func (m Move) Encode() string {
	var b strings.Builder
	fmt.Fprintf(&b, "M%04d%02d%02d%02d", min(max(m.Seconds, 0), 9999), m.From, m.To, len(m.Captured))
	for _, c := range m.Captured {
		fmt.Fprintf(&b, "%02d", c)
	}
	return b.String()
}

// Encode implements Message.
func (m GameEnd) Encode() string { return fmt.Sprintf("E%d%d", m.Reason, m.Stop) }

// Encode implements Message.
func (m Chat) Encode() string { return "C" + m.Text }

// Encode implements Message.
func (m BackReq) Encode() string { return fmt.Sprintf("B%03d%c", m.Move, m.Color) }

// Encode implements Message.
func (m BackAcc) Encode() string { return fmt.Sprintf("K%d", m.Code) }

// Parse reads one message (without its NUL). Fields are checked strictly:
// digits where digits belong, colours 'W' or 'Z', squares 1-50, and a MOVE
// as long as its capture count says; trailing text after a fixed layout is
// malformed too, since the peer and the referee would then disagree about
// what was sent.
func Parse(msg string) (Message, error) {
	if err := validText(msg); err != nil {
		return nil, err
	}
	bad := func(format string, args ...any) error {
		return fmt.Errorf("%w: %q: %s", ErrMalformed, msg, fmt.Sprintf(format, args...))
	}
	num := func(s string) (int, bool) {
		if s == "" {
			return 0, false
		}
		for i := 0; i < len(s); i++ {
			if s[i] < '0' || s[i] > '9' {
				return 0, false
			}
		}
		n, err := strconv.Atoi(s)
		return n, err == nil
	}
	color := func(c byte) bool { return c == 'W' || c == 'Z' }
	switch msg[0] {
	case 'R':
		if len(msg) < 43 {
			return nil, bad("GAMEREQ needs 43 characters, has %d", len(msg))
		}
		var m GameReq
		var ok bool
		if m.Version, ok = num(msg[1:3]); !ok {
			return nil, bad("version %q is not a number", msg[1:3])
		}
		m.Name = strings.TrimRight(msg[3:35], " ")
		if m.Follower = msg[35]; !color(m.Follower) {
			return nil, bad("follower colour %q is not W or Z", msg[35])
		}
		m.Minutes = msg[36:39]
		if _, err := strconv.ParseFloat(strings.TrimSpace(m.Minutes), 64); err != nil {
			return nil, bad("thinking time %q is not a number", m.Minutes)
		}
		if m.Moves, ok = num(msg[39:42]); !ok {
			return nil, bad("number of moves %q is not a number", msg[39:42])
		}
		switch msg[42] {
		case 'A':
			if len(msg) != 43 {
				return nil, bad("text after the start-position flag A")
			}
		case 'B':
			if len(msg) != 94 {
				return nil, bad("GAMEREQ with a position needs 94 characters, has %d", len(msg))
			}
			if !color(msg[43]) {
				return nil, bad("colour to move %q is not W or Z", msg[43])
			}
			for i := 44; i < 94; i++ {
				if !strings.ContainsRune("ewzWZ", rune(msg[i])) {
					return nil, bad("square %d holds %q", i-43, msg[i])
				}
			}
			m.Position = msg[43:94]
		default:
			return nil, bad("start-position flag %q is not A or B", msg[42])
		}
		return m, nil
	case 'A':
		if len(msg) != 34 {
			return nil, bad("GAMEACC needs 34 characters, has %d", len(msg))
		}
		code, ok := num(msg[33:34])
		if !ok || code > 3 {
			return nil, bad("acceptance code %q is not 0-3", msg[33])
		}
		return GameAcc{Name: strings.TrimRight(msg[1:33], " "), Code: code}, nil
	case 'M':
		if len(msg) < 11 {
			return nil, bad("MOVE needs at least 11 characters, has %d", len(msg))
		}
		var m Move
		var ok bool
		if m.Seconds, ok = num(msg[1:5]); !ok {
			return nil, bad("time %q is not a number", msg[1:5])
		}
		sq := func(s string) (int, error) {
			n, ok := num(s)
			if !ok || n < 1 || n > 50 {
				return 0, bad("square %q is not 01-50", s)
			}
			return n, nil
		}
		var err error
		if m.From, err = sq(msg[5:7]); err != nil {
			return nil, err
		}
		if m.To, err = sq(msg[7:9]); err != nil {
			return nil, err
		}
		n, ok := num(msg[9:11])
		if !ok || n > 20 {
			return nil, bad("capture count %q is not 00-20", msg[9:11])
		}
		if len(msg) != 11+2*n {
			return nil, bad("%d captures need %d characters, the message has %d", n, 11+2*n, len(msg))
		}
		for i := 0; i < n; i++ {
			c, err := sq(msg[11+2*i : 13+2*i])
			if err != nil {
				return nil, err
			}
			m.Captured = append(m.Captured, c)
		}
		return m, nil
	case 'E':
		if len(msg) != 3 {
			return nil, bad("GAMEEND needs 3 characters, has %d", len(msg))
		}
		reason, ok1 := num(msg[1:2])
		stop, ok2 := num(msg[2:3])
		if !ok1 || reason > 3 || !ok2 || stop > 1 {
			return nil, bad("reason %q (0-3) or stop code %q (0-1) out of range", msg[1], msg[2])
		}
		return GameEnd{Reason: reason, Stop: stop}, nil
	case 'C':
		return Chat{Text: msg[1:]}, nil
	case 'B':
		if len(msg) != 5 {
			return nil, bad("BACKREQ needs 5 characters, has %d", len(msg))
		}
		n, ok := num(msg[1:4])
		if !ok || !color(msg[4]) {
			return nil, bad("move number %q or colour %q", msg[1:4], msg[4])
		}
		return BackReq{Move: n, Color: msg[4]}, nil
	case 'K':
		if len(msg) != 2 {
			return nil, bad("BACKACC needs 2 characters, has %d", len(msg))
		}
		code, ok := num(msg[1:2])
		if !ok || code > 2 {
			return nil, bad("acceptance code %q is not 0-2", msg[1])
		}
		return BackAcc{Code: code}, nil
	}
	return nil, bad("unknown message type %q", msg[0])
}
