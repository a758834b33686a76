package draughts

import "math/bits"

// seenTable counts the positions seen since the last irreversible ply (a
// man's move, a capture), for the repetition rule: the replay adds the
// position after every reversible ply and forgets them all after an
// irreversible one. It is a map[Position]int for that use, cheaper than
// Go's map where the replay spends its time (a third of a king ply went
// into the map): one probe adds a position and returns its count (the map
// took two), the hash is a few multiplies over the position's words rather
// than a hash of its 64 bytes, and forgetting every position is a
// generation count, not a clear of every slot.
//
// Its hash is fixed, so a record written to make positions collide could
// make its probes long: past maxProbe slots, the table hands its positions
// to a Go map (whose hash is seeded per process) and uses that from then
// on, so the replay stays linear on any input.
type seenTable struct {
	slots []seenSlot // a power of two, at most half full
	gen   uint32     // the slots of this generation hold positions; the others are empty
	n     int        // the positions of this generation
	// big holds the positions instead of slots, once a probe grew too long.
	big map[Position]int
}

type seenSlot struct {
	gen   uint32
	count int32
	pos   Position
}

// maxProbe bounds a probe's length (see seenTable).
const maxProbe = 32

// seenHashOff makes every position hash alike, for the tests of long
// probes and of the hand-over to a map.
var seenHashOff bool

// hash mixes the position's words: the pieces of each side, the kings,
// the side to move and the king-move counts (a Position's fields but its
// Rules, which one table never mixes).
func (p *Position) hash() uint64 {
	if seenHashOff {
		return 0
	}
	x := p.pc[White].lo*0x9e3779b97f4a7c15 ^ p.pc[Black].lo*0xc2b2ae3d27d4eb4f ^ p.kings.lo*0x165667b19e3779f9
	x ^= p.pc[White].hi*0x27d4eb2f165667c5 ^ p.pc[Black].hi*0x94d049bb133111eb ^ p.kings.hi*0xbf58476d1ce4e5b9
	x ^= uint64(p.turn) | uint64(p.kingSq[0])<<8 | uint64(p.kingSq[1])<<16 | uint64(p.kingRun[0])<<24 | uint64(p.kingRun[1])<<32
	hi, lo := bits.Mul64(x, 0x9e3779b97f4a7c15)
	return hi ^ lo
}

// add counts one more sight of p and returns how many times it was seen.
func (t *seenTable) add(p *Position) int {
	if t.big != nil {
		t.big[*p]++
		return t.big[*p]
	}
	if 2*(t.n+1) > len(t.slots) {
		t.grow()
	}
	mask := uint64(len(t.slots) - 1)
	i := p.hash() & mask
	for probe := 0; ; probe++ {
		s := &t.slots[i]
		if s.gen != t.gen {
			if probe >= maxProbe {
				break // (hand over, then add)
			}
			s.gen, s.count, s.pos = t.gen, 1, *p
			t.n++
			return 1
		}
		if s.pos == *p {
			s.count++
			return int(s.count)
		}
		i = (i + 1) & mask
	}
	t.toMap()
	return t.add(p)
}

// count is how many times p was seen.
func (t *seenTable) count(p *Position) int {
	if t == nil {
		return 0
	}
	if t.big != nil {
		return t.big[*p]
	}
	if len(t.slots) == 0 {
		return 0
	}
	mask := uint64(len(t.slots) - 1)
	for i, probe := p.hash()&mask, 0; probe < len(t.slots); i, probe = (i+1)&mask, probe+1 {
		s := &t.slots[i]
		if s.gen != t.gen {
			return 0
		}
		if s.pos == *p {
			return int(s.count)
		}
	}
	return 0
}

// reset forgets every position.
func (t *seenTable) reset() {
	if t.big != nil {
		// (Once handed over, always: the slots are not scanned again.)
		if len(t.big) > 0 {
			t.big = map[Position]int{}
		}
		return
	}
	if t.n == 0 {
		return
	}
	t.n = 0
	t.gen++
	if t.gen == 0 {
		// (After 2^32 generations a slot's old stamp could read as new.)
		clear(t.slots)
		t.gen = 1
	}
}

// grow doubles the slots (16 at first), keeping this generation's
// positions.
func (t *seenTable) grow() {
	old, gen := t.slots, t.gen
	t.slots = make([]seenSlot, max(16, 2*len(old)))
	t.gen, t.n = 1, 0
	for i := range old {
		if s := &old[i]; s.gen == gen {
			t.put(&s.pos, s.count)
		}
	}
}

// put stores a position not in the table with its count (grow: the
// table is at most half full, so the probe ends; a long one no longer
// matters, the positions already being in).
func (t *seenTable) put(p *Position, count int32) {
	mask := uint64(len(t.slots) - 1)
	i := p.hash() & mask
	for t.slots[i].gen == t.gen {
		i = (i + 1) & mask
	}
	t.slots[i] = seenSlot{gen: t.gen, count: count, pos: *p}
	t.n++
}

// toMap moves the positions into a Go map, used from then on: the slots,
// their generation and count are not read again (every method asks big
// first), so the slots go to the collector.
func (t *seenTable) toMap() {
	t.big = make(map[Position]int, 2*t.n)
	for i := range t.slots {
		if s := &t.slots[i]; s.gen == t.gen {
			t.big[s.pos] = int(s.count)
		}
	}
	t.slots, t.n = nil, 0
}

// clone is a copy of the table that shares no storage with it.
func (t *seenTable) clone() *seenTable {
	if t == nil {
		return nil
	}
	c := &seenTable{gen: t.gen, n: t.n}
	if t.big != nil {
		c.big = make(map[Position]int, len(t.big))
		for k, v := range t.big {
			c.big[k] = v
		}
		return c
	}
	if t.n > 0 {
		c.slots = append([]seenSlot(nil), t.slots...)
	}
	return c
}

// newSeen is an empty table for a line of this game: the one a game
// before left in the scratch storage, or a new one.
func (g *draughtsGame) newSeen() *seenTable {
	if g.quick != nil && g.quick.seen != nil {
		t := g.quick.seen
		g.quick.seen = nil
		t.reset()
		return t
	}
	return &seenTable{}
}

// spareSeen keeps t, which nothing uses any more, for the next game's
// newSeen (one whose probes grew long, or with many slots, is left to the
// collector).
func (g *draughtsGame) spareSeen(t *seenTable) {
	if t != nil && t.big == nil && len(t.slots) <= 256 && g.quick != nil {
		g.quick.seen = t
	}
}
