package pdn

import (
	"fmt"
	"runtime"
	"strings"

	"arbiter/notation"
)

type runtimeMem struct{ heap uint64 }

func (m *runtimeMem) read() {
	runtime.GC()
	var s runtime.MemStats
	runtime.ReadMemStats(&s)
	m.heap = s.HeapAlloc
}

// canon renders what a record says, without positions, diagnostics and
// source text: tags in the writer's order, moves with their effective
// numbers, comments with their white space collapsed, and "*" for a
// missing result. Two records read from equivalent PDN have the same canon.
func canon(r *notation.Record) string {
	var b strings.Builder
	written := make([]bool, len(r.Tags))
	for _, name := range standardTags {
		for i, t := range r.Tags {
			if !written[i] && t.Name == name {
				fmt.Fprintf(&b, "[%s=%q]", t.Name, t.Value)
				written[i] = true
			}
		}
	}
	for i, t := range r.Tags {
		if !written[i] {
			fmt.Fprintf(&b, "[%s=%q]", t.Name, t.Value)
		}
	}
	for _, c := range r.Comments {
		fmt.Fprintf(&b, "{%s}", strings.Join(strings.Fields(c.Text), " "))
	}
	fmt.Fprintf(&b, "setup=%q\n", r.Setup)
	type frame struct {
		line   notation.Line
		i      int
		num    int
		second bool
		opened bool
	}
	stack := []*frame{{line: r.Moves, num: 1}}
	for len(stack) > 0 {
		f := stack[len(stack)-1]
		if f.i == 0 && len(stack) > 1 && !f.opened {
			f.opened = true
			b.WriteString("(")
		}
		if f.i >= len(f.line) {
			stack = stack[:len(stack)-1]
			if len(stack) > 0 {
				b.WriteString(")")
			}
			continue
		}
		m := f.line[f.i]
		f.i++
		if m.Number > 0 {
			f.num, f.second = m.Number, m.Ellipsis
		} else if m.Ellipsis {
			f.second = true
		}
		fmt.Fprintf(&b, " %d%v %q%s%v", f.num, f.second, m.Text, m.Strength, m.NAGs)
		if m.Setup != "" {
			fmt.Fprintf(&b, "/%s/", m.Setup)
		}
		for _, c := range m.Comments {
			fmt.Fprintf(&b, "{%s}", strings.Join(strings.Fields(c.Text), " "))
		}
		num, second := f.num, f.second
		if f.second {
			f.num++
		}
		f.second = !f.second
		// Variations are pushed last first, so they come out in order.
		for k := len(m.Variations) - 1; k >= 0; k-- {
			if len(m.Variations[k]) > 0 {
				stack = append(stack, &frame{line: m.Variations[k], num: num, second: second})
			}
		}
	}
	// What the writer writes for it: a missing terminator becomes the
	// Result tag's value (re-read, the record has it as its result).
	res := terminator(r)
	if res == "" {
		res = "(none)"
	}
	b.WriteString(" " + res)
	for _, c := range r.After {
		fmt.Fprintf(&b, "{%s}", strings.Join(strings.Fields(c.Text), " "))
	}
	return b.String()
}

func equalRecords(a, b *notation.Record) bool { return canon(a) == canon(b) }
