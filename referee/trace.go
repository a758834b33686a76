package referee

import (
	"encoding/hex"
	"fmt"
	"math/bits"
	"strings"

	"arbiter/notation"
	"arbiter/variants"
)

// What Options.Trace asks a family's replay to keep of the main line
// (bits; 0 keeps nothing and costs nothing).
const (
	// TraceHash: the game's identity, Trace.Hash (GameHash).
	TraceHash uint8 = 1 << iota
	// TracePrefixes: the hash of the line after each ply too,
	// Trace.Prefixes, to find a game that another one continues.
	TracePrefixes
	// TracePositions: the position after each ply, Trace.Keys and
	// Trace.Material, to find the games that reach a position.
	TracePositions
)

// Tracer is a family whose replay fills Report.Trace when Options.Trace
// asks for it (an optional part of Family). Its position keys compare
// equal exactly when two positions are the same (the same pieces on the
// same squares, the same side to move), however the records wrote them.
type Tracer interface {
	// PositionKey reads a position written as a FEN in the variant's own
	// form into the key its traces give positions, with its material.
	PositionKey(v *variants.Variant, fen string) (key string, m Material, err error)
}

// Material is how many men and kings each side has: index 0 is the first
// side a FEN names (White), 1 the other.
type Material struct {
	Men, Kings [2]int
}

// Trace is a game's main line as the referee replayed it: its identity
// and, when asked for, the positions it went through.
//
// The identity (GameHash) is the 128-bit FNV-1a hash of a text that
// anyone can rebuild: the variant's name, a newline, the start position
// as a FEN in the variant's own notation, a newline, then each replayed
// move in full (every landing square) in the variant's own notation,
// each followed by a space; then, when the replay stopped at an error,
// "?" and the moves not replayed as written, each followed by a space.
// So two records of the same game hash alike whatever notation, capture
// form, comments or tags they have, and a game cut off after N plies
// hashes as the prefix of N plies of the full game (Prefixes).
type Trace struct {
	want uint8
	h    fnv128
	// Variant and Start say what the hash began with.
	Variant, Start string
	// Plies is how many moves of the main line were replayed.
	Plies int
	// Hash is the identity (set by Finish).
	Hash [16]byte
	// Prefixes[i] is the hash of the line after i plies (Prefixes[0]:
	// the start alone), when TracePrefixes was asked for.
	Prefixes [][16]byte
	// Keys[i] and Material[i] are the position after i plies, when
	// TracePositions was asked for.
	Keys     []string
	Material []Material
	done     bool
}

// NewTrace starts the trace of a replay, for a family that traces: the
// variant, the start position as a FEN in the variant's own notation,
// and its key and material (used only when positions are asked for).
func NewTrace(want uint8, variant, startFEN, key string, m Material) *Trace {
	t := &Trace{want: want, Variant: variant, Start: startFEN}
	t.h.init()
	t.h.writeString(variant)
	t.h.writeByte('\n')
	t.h.writeString(startFEN)
	t.h.writeByte('\n')
	t.mark(key, m)
	return t
}

// WantsPositions says whether Ply needs the positions' keys (a family
// skips building them otherwise).
func (t *Trace) WantsPositions() bool { return t != nil && t.want&TracePositions != 0 }

// Ply adds a replayed move of the main line, written in full in the
// variant's own notation, and the position after it (key and material
// only when WantsPositions).
func (t *Trace) Ply(move string, key string, m Material) {
	if t == nil || t.done {
		return
	}
	t.h.writeString(move)
	t.h.writeByte(' ')
	t.Plies++
	t.mark(key, m)
}

// Setup adds a position set up in the middle of the main line (a PDN
// /FEN/ before a move).
func (t *Trace) Setup(fen string, key string, m Material) {
	if t == nil || t.done {
		return
	}
	t.h.writeString("/" + fen + "/ ")
	if t.want&TracePositions != 0 {
		t.Keys[len(t.Keys)-1] = key
		t.Material[len(t.Material)-1] = m
	}
}

func (t *Trace) mark(key string, m Material) {
	if t.want&TracePrefixes != 0 {
		t.Prefixes = append(t.Prefixes, t.h.sum())
	}
	if t.want&TracePositions != 0 {
		t.Keys = append(t.Keys, key)
		t.Material = append(t.Material, m)
	}
}

// Finish closes the trace: the moves of the main line that were not
// replayed (from the first error on) are hashed as written.
func (t *Trace) Finish(rest notation.Line) {
	if t == nil || t.done {
		return
	}
	if len(rest) > 0 {
		t.h.writeString("? ")
		for _, m := range rest {
			t.h.writeString(strings.TrimSpace(m.Text))
			t.h.writeByte(' ')
		}
	}
	t.Hash = t.h.sum()
	t.done = true
}

// HashString is the GameHash as 32 hexadecimal digits.
func (t *Trace) HashString() string { return HashString(t.Hash) }

// HashString writes a hash as 32 hexadecimal digits.
func HashString(h [16]byte) string { return hex.EncodeToString(h[:]) }

// ParseHash reads 32 hexadecimal digits.
func ParseHash(s string) ([16]byte, error) {
	var h [16]byte
	b, err := hex.DecodeString(strings.TrimSpace(s))
	if err != nil || len(b) != len(h) {
		return h, fmt.Errorf("%q is not a GameHash (32 hexadecimal digits)", s)
	}
	copy(h[:], b)
	return h, nil
}

// PositionKeyOf reads a FEN in a variant's form into its family's key,
// for finding the games that reach it (see Tracer).
func PositionKeyOf(v *variants.Variant, fen string) (string, Material, error) {
	t, ok := FamilyNamed(v.Family).(Tracer)
	if !ok {
		return "", Material{}, fmt.Errorf("arbiter cannot look for positions in %s games yet", v.Game)
	}
	return t.PositionKey(v, fen)
}

// fnv128 is FNV-1a with a 128-bit state (the IETF draft's parameters, as
// hash/fnv's New128a), written out so that its state after each ply can
// be read without allocating.
type fnv128 struct{ hi, lo uint64 }

const (
	fnvOffsetHi = 0x6c62272e07bb0142
	fnvOffsetLo = 0x62b821756295c58d
	fnvPrimeLo  = 0x13b // the prime is 2^88 + 0x13b
	fnvPrimeSh  = 24    // 2^88 = 2^(64+24): shifts the low word into the high one
)

func (f *fnv128) init() { f.hi, f.lo = fnvOffsetHi, fnvOffsetLo }

func (f *fnv128) writeByte(c byte) {
	f.lo ^= uint64(c)
	// (hi, lo) * (2^88 + 0x13b), modulo 2^128.
	hi, lo := bits.Mul64(f.lo, fnvPrimeLo)
	hi += f.hi*fnvPrimeLo + f.lo<<fnvPrimeSh
	f.hi, f.lo = hi, lo
}

func (f *fnv128) writeString(s string) {
	for i := 0; i < len(s); i++ {
		f.writeByte(s[i])
	}
}

func (f *fnv128) sum() [16]byte {
	var b [16]byte
	for i := 0; i < 8; i++ {
		b[i] = byte(f.hi >> (56 - 8*i))
		b[8+i] = byte(f.lo >> (56 - 8*i))
	}
	return b
}
