package live

import (
	"encoding/base64"
	"fmt"
	"strings"

	"arbiter/notation"
	"arbiter/referee"
	"arbiter/referee/picture"
	"arbiter/variants"
)

// Hover is what a hover over a move shows, in Markdown.
type Hover struct {
	Range    Range
	Markdown string
}

// Hover describes the main-line move written at the byte offset off: its
// number, the board before and after it (SVG images in the Markdown when
// images is set, for a client that shows them; the text board always), the
// position after it and the draw rules' counters. ok is false when no
// main-line move is written there.
func (d *Document) Hover(off int, images bool) (Hover, bool) {
	g := d.GameAt(off)
	if g == nil || off < g.Start || off > g.End {
		return Hover{}, false
	}
	r := d.read(g, func(o *referee.Options) { o.Film, o.Rewrite = true, true })
	ply := -1
	for i, m := range r.main {
		if m.off <= off && off <= m.off+len(m.text) {
			ply = i
			break
		}
	}
	if ply < 0 {
		return Hover{}, false
	}
	m := r.main[ply]
	var b strings.Builder
	fmt.Fprintf(&b, "**%s** · ply %d of the main line", clean(moveLabel(r.rec.Moves, ply, m.text)), ply+1)
	if r.rep.Variant != "" {
		fmt.Fprintf(&b, " · %s", r.rep.Variant)
	}
	b.WriteString("\n\n")
	film := r.rep.Film
	switch {
	case film == nil:
		b.WriteString("(no board: this game's family draws none)\n")
	case ply > len(film.Frames):
		fmt.Fprintf(&b, "Not replayed: the replay stopped at ply %d.\n", len(film.Frames)+1)
	default:
		before := film.Start
		if ply > 0 {
			before = film.Frames[ply-1].After
		}
		if images || ply == len(film.Frames) {
			board(&b, film.Board, "Before", before, picture.Marks{}, images)
		}
		if ply == len(film.Frames) {
			path, captured := []int(nil), []int(nil)
			if film.Cells != nil {
				path, captured = film.Cells(m.text)
			}
			b.WriteString("This move does not replay: ")
			b.WriteString(clean(firstError(r.rep)))
			b.WriteString("\n")
			if images && len(path) > 0 {
				board(&b, film.Board, "Written", before, picture.Marks{Path: path, Captured: captured, Bad: true}, true)
			}
			break
		}
		f := film.Frames[ply]
		if images {
			board(&b, film.Board, "After", f.After, f.Marks, images)
		}
		fmt.Fprintf(&b, "```text\n%s\n```\n", sideBySide("before", clean(picture.Text(film.Board, before)), "after", clean(picture.Text(film.Board, f.After))))
	}
	if stops := d.explore(r, ply+1); len(stops) == ply+2 {
		s := stops[ply+1]
		if s.FEN != "" {
			fmt.Fprintf(&b, "\nFEN after: `%s`\n", clean(s.FEN))
		}
		if s.Over != "" {
			fmt.Fprintf(&b, "\nThe game is over: %s.\n", clean(s.Over))
		}
		if len(s.Counters) > 0 {
			b.WriteString("\nDraw rules:\n")
			for _, c := range s.Counters {
				fmt.Fprintf(&b, "- %s\n", clean(c))
			}
		} else {
			b.WriteString("\nDraw rules: no count running.\n")
		}
	}
	return Hover{Range: Range{d.Position(m.off), d.Position(m.off + len(m.text))}, Markdown: b.String()}, true
}

// moveLabel writes a main-line move with its number as the record numbers
// it: "12. 32-28", "12... 19-23".
func moveLabel(line notation.Line, ply int, text string) string {
	num, at := 0, -1
	for i := ply; i >= 0; i-- {
		if line[i].Number > 0 {
			num, at = line[i].Number, i
			break
		}
	}
	switch {
	case at < 0:
		return text
	case at == ply && line[ply].Ellipsis:
		return fmt.Sprintf("%d... %s", num, text)
	case at == ply:
		return fmt.Sprintf("%d. %s", num, text)
	}
	return fmt.Sprintf("%d... %s", num, text)
}

// board writes a position: an SVG image when asked, else the text board.
func board(b *strings.Builder, pb *picture.Board, title string, p picture.Position, m picture.Marks, images bool) {
	fmt.Fprintf(b, "%s:\n\n", title)
	if images {
		svg := picture.Render(pb, p, m, picture.Options{Title: title, Size: 240})
		fmt.Fprintf(b, "![%s](data:image/svg+xml;base64,%s)\n\n", title, base64.StdEncoding.EncodeToString(svg))
		return
	}
	fmt.Fprintf(b, "```text\n%s\n```\n", strings.TrimRight(clean(picture.Text(pb, p)), "\n"))
}

// sideBySide sets two text boards side by side under their titles, so a
// hover shows both without scrolling.
func sideBySide(leftTitle, left, rightTitle, right string) string {
	l := strings.Split(strings.TrimRight(left, "\n"), "\n")
	r := strings.Split(strings.TrimRight(right, "\n"), "\n")
	width := len([]rune(leftTitle))
	for _, line := range l {
		width = max(width, len([]rune(line)))
	}
	pad := func(s string) string { return s + strings.Repeat(" ", width-len([]rune(s))+4) }
	out := []string{pad(leftTitle) + rightTitle}
	for i := range max(len(l), len(r)) {
		a, c := "", ""
		if i < len(l) {
			a = l[i]
		}
		if i < len(r) {
			c = r[i]
		}
		out = append(out, strings.TrimRight(pad(a)+c, " "))
	}
	return strings.Join(out, "\n")
}

func firstError(rep *referee.Report) string {
	for _, x := range rep.Diagnostics {
		if x.Severity == notation.Error {
			return x.Code + ": " + x.Msg
		}
	}
	return ""
}

// explore replays the first plies of a reading's main line, when its family
// explores (referee.Explorer).
func (d *Document) explore(r *reading, plies int) []referee.Stop {
	f := referee.FamilyFor(r.rec, d.settings.Options)
	w, ok := f.(referee.Explorer)
	if !ok {
		return nil
	}
	v := d.variantOf(r, f)
	if v == nil {
		return nil
	}
	return w.Explore(r.rec, v, plies)
}

// variantOf is the variant a reading was checked under.
func (d *Document) variantOf(r *reading, f referee.Family) *variants.Variant {
	opts := d.settings.Options
	if v := opts.Variant; v != nil {
		return v
	}
	if v := opts.Default; v != nil && v.Name == r.rep.Variant {
		return v
	}
	if r.rep.Variant == "" {
		return nil
	}
	return referee.VariantNamed(f.Name(), r.rep.Variant)
}
