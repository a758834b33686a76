package referee_test

import (
	"bytes"
	"fmt"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"arbiter/referee"
	"arbiter/variants"
)

// Each corpus folder replays with exactly the findings listed: each a
// genuine fault of the record, looked at by hand. A new error is either a
// new bug in arbiter or a finding to add here after checking it.
func TestCorpusFindings(t *testing.T) {
	tests := []struct {
		folder  string
		variant string // "" = as the records' tags say
		games   int
		want    []string
	}{
		// World Title Match Women 2024 game 2 has an illegal move (1... 5-10,
		// 10 is occupied) inside a variation: a warning since issue 10.
		{"draughts/international-tournaments", "", 774, []string{
			"BrunoVsScan31.pdn game 11: illegal move 32 17-11: no piece on 17",
		}},
		// The English files carry no GameType tag. Game 541 is the one the
		// corpus notes as Tinsley's game 540 (counted from 0).
		{"draughts/english", "english", 726, []string{
			"tinsley.pdn game 541: illegal move 62 32-28: no piece on 32",
		}},
		{"draughts/russian-belarus", "", 484, nil},
		// pdn-conformance 10x10 files. kurnik's GameType tag says "N1"
		// numbering but its moves are numbered as usual (a warning). Its
		// game 3 plays on after the third repetition (move 79) under a
		// written draw: a warning since issue 10.
		{"draughts/pdn-conformance/succeed/kurnik", "", 4, nil},
		{"draughts/pdn-conformance/succeed/candidate95", "", 8, []string{
			"candidate95.pdn game 8: result-mismatch move 0 : the game ends with 1/2-1/2 but its Result tag says 0-1",
		}},
		// schildpad game 7's 4x24 is resolved by the moves after it
		// (only 4x31x42x24 lets them be played): a warning since issue 10;
		// game 3's 36x16 too (only 36x13x2x16 lets them be played
		// without 43. 49x16 being ambiguous in its turn): since issue 26.
		{"draughts/pdn-conformance/succeed/schildpad", "", 34, nil},
		{"draughts/pdn-conformance/succeed/wk2003", "", 23, nil},
		{"draughts/pdn-conformance/succeed/nk2003-amsterdam", "", 33, nil},
		{"draughts/pdn-conformance/succeed/DUTCH96H", "", 13, nil},
		// pdn-conformance files without a GameType tag, with the rules
		// their games are in.
		{"draughts/pdn-conformance/succeed/ussr1947", "russian", 153, nil},
		{"draughts/pdn-conformance/fail/abatsiev", "russian", 56, []string{
			`abatsiev.pdn game 36: unreadable-move move 1 -: cannot read move "-"`,
		}},
		{"draughts/pdn-conformance/succeed/Campionato Assoluto 2005", "italian", 53, []string{
			"Campionato Assoluto 2005.pdn game 46: ambiguous move 13 3x26",
		}},
		{"draughts/pdn-conformance/succeed/mrcd2000kval", "czech", 40, nil},
		{"draughts/pdn-conformance/succeed/mrcd2006", "czech", 44, nil},
		{"draughts/pdn-conformance/succeed/mrcd2007", "czech", 102, nil},
		{"draughts/pdn-conformance/fail/mrdrcd07", "czech", 72, nil},
		{"draughts/pdn-conformance/fail/mrdrcd08", "czech", 40, nil},
		{"draughts/pdn-conformance/succeed/OCA_2.0", "english", 43, nil},
		{"draughts/pdn-conformance/succeed/Principles of Strategy", "english", 16, nil},
		{"draughts/pdn-conformance/succeed/inferno", "english", 68, nil},
		// The same files without --variant (issue 22): their squares and
		// moves choose the rules, and the findings are the same.
		{"draughts/english", "", 726, []string{
			"tinsley.pdn game 541: illegal move 62 32-28: no piece on 32",
		}},
		{"draughts/pdn-conformance/succeed/ussr1947", "", 153, nil},
		{"draughts/pdn-conformance/fail/abatsiev", "", 56, []string{
			`abatsiev.pdn game 36: unreadable-move move 1 -: cannot read move "-"`,
		}},
		{"draughts/pdn-conformance/succeed/Campionato Assoluto 2005", "", 53, []string{
			"Campionato Assoluto 2005.pdn game 46: ambiguous move 13 3x26",
		}},
		{"draughts/pdn-conformance/succeed/mrcd2000kval", "", 40, nil},
		{"draughts/pdn-conformance/succeed/mrcd2006", "", 44, nil},
		{"draughts/pdn-conformance/succeed/mrcd2007", "", 102, nil},
		{"draughts/pdn-conformance/fail/mrdrcd07", "", 72, nil},
		{"draughts/pdn-conformance/fail/mrdrcd08", "", 40, nil},
		{"draughts/pdn-conformance/succeed/OCA_2.0", "", 43, nil},
		{"draughts/pdn-conformance/succeed/Principles of Strategy", "", 16, nil},
		{"draughts/pdn-conformance/succeed/inferno", "", 68, nil},
		{"draughts/pdn-conformance/succeed/Tricks traps and shots", "", 91, nil},
		// 10x10 studies with Black to move and every piece on 1-32: their
		// moves make them 10x10 (game 46 of Cat.C1 is a stray "36x27"
		// after a game's result, read as a game of its own).
		{"draughts/pdn-conformance/fail/Cat.A1", "", 35, nil},
		{"draughts/pdn-conformance/fail/Cat.C1", "", 46, []string{
			"Cat.C1.pdn game 46: illegal move 1 36x27: there is no capture for white here",
		}},
		// Games 57 (19. 10x26) and 90 (11. 32x7) write captures that two
		// paths fit; the moves after them fit only 10x17x26 and 32x23x14x7:
		// warnings since issue 10.
		{"draughts/pdn-conformance/succeed/Tricks traps and shots", "english", 91, nil},
	}
	for _, tc := range tests {
		t.Run(tc.folder, func(t *testing.T) {
			files := readCorpus(t, tc.folder)
			opts := referee.StreamOptions{}
			if tc.variant != "" {
				v, err := variants.Lookup(tc.variant)
				if err != nil {
					t.Fatal(err)
				}
				opts.Variant = v
			}
			var got []string
			games := 0
			for name, data := range files {
				err := referee.CheckStream(bytes.NewReader(data), name, opts, func(r *referee.Report) error {
					games++
					for _, d := range r.Diagnostics {
						if d.Severity.String() == "error" {
							got = append(got, fmt.Sprintf("%s game %d: %s move %d %s: %s", filepath.Base(name), r.Game, d.Code, d.MoveNumber, d.Move, d.Msg))
						}
					}
					return nil
				})
				if err != nil {
					t.Fatal(err)
				}
			}
			sort.Strings(got)
			if games != tc.games {
				t.Errorf("%d games, want %d", games, tc.games)
			}
			if len(got) != len(tc.want) {
				t.Fatalf("errors:\n  %s\nwant:\n  %s", strings.Join(got, "\n  "), strings.Join(tc.want, "\n  "))
			}
			for i := range tc.want {
				if !strings.HasPrefix(got[i], tc.want[i]) {
					t.Errorf("error %d = %q, want %q", i, got[i], tc.want[i])
				}
			}
		})
	}
}
