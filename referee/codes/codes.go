// Package codes documents every diagnostic code arbiter's readers and
// referees emit (what it means, an example, the fix: 'arbiter explain'
// prints them, docs/codes.md is generated from them, the SARIF log's rules
// are made from them) and reads the selectors that choose codes: a code
// (illegal), a group (MOVES), a pattern (tag-*) or ALL, as ruff chooses its
// rules. Every front-end (the command line, the language server, the
// browser page) reads the same selectors with the same messages.
package codes

import (
	"strconv"

	"arbiter/notation"
)

// Doc documents one diagnostic code: what it means, an example of a
// record that earns it, and what to do about it. Every code the readers
// and referees emit has one (TestEveryCodeDocumented collects the codes
// from the source and fails when one is missing); 'arbiter explain' prints
// them and docs/codes.md is generated from them.
type Doc struct {
	Code, Severity, Family, Summary, Example, Fix string
}

// Docs are every code's documentation, grouped as a reader meets them:
// reading the text, then replaying the moves, then judging the result.
// The slice is shared: callers read it and never change it.
func Docs() []Doc { return docs }

// docs, grouped as a reader meets them: reading the text, then
// replaying the moves, then judging the result.
var docs = []Doc{
	// Reading PDN: the text was read as a person would read it (warnings)
	// or could not be read (errors).
	{"leading-zero", "warning", "reading", "a square or move number written with a leading zero", "13. 49-43 05-10", "Write 5-10. Harmless; some exporters pad every number."},
	{"padded-square", "warning", "reading", "a space inside a move", "1- 6, 29x18x 7x16", "Write 1-6. Read as one move."},
	{"literal-escape", "warning", "reading", `the two characters \r or \n written outside a string`, `[Site ""]\r`, "The exporter escaped its line breaks; save the file with real line breaks."},
	{"stray-cr", "warning", "reading", "a carriage return not followed by a line feed, in a file whose lines end with LF or CRLF (a file whose lines all end with CR alone, as old Macs wrote them, is read with them as line ends)", "1. 32-28<CR>19-23<LF>", "Remove the stray CR, or give the file one kind of line end."},
	{"glued-result", "warning", "reading", "a result glued to the next game's tag or move number", `0-1[Event "x"]`, "Put a blank line between games."},
	{"spaced-result", "warning", "reading", "a result written with spaces", "0 - 2", "Write 0-2."},
	{"colon-result", "warning", "reading", "a result (the terminator or the Result tag) written with a colon, as many national archives write scores", "1:0, 0:1, 1/2:1/2, 2:0, 1:1", "Write PDN's result with a dash (1-0, 1/2-1/2, 2-0); arbiter reads either, and convert writes the terminator with a dash."},
	{"no-terminator", "warning", "reading", "the game has no result at its end", "... 36. 8-13 1-6 (end of game)", "End every game with its result, or * when it is unknown."},
	{"tag-without-value", "warning", "reading", "a tag with no value", "[Empty]", "Remove the pseudo-tag or give it a quoted value."},
	{"tag-value-spaces", "warning", "reading", "spaces around a tag value", `[Result " 0-1"]`, `Write [Result "0-1"].`},
	{"tag-name-case", "warning", "reading", "a standard tag name in another case", `[Setup "1"] for [SetUp "1"]`, "Use the standard spelling of the tag name."},
	{"tag-name", "warning", "reading", "a tag name that is not an identifier", `[Type de jeu "20"]`, "Use the standard English tag names (GameType)."},
	{"unquoted-tag-value", "warning", "reading", "a tag value without quotes", "[Round 3]", `Quote the value: [Round "3"].`},
	{"unclosed-tag", "warning", "reading", "a tag with no closing ]", `[Event "Open"`, "Close the tag with ]."},
	{"unclosed-string", "warning", "reading", "a tag value with no closing quote", `[Event "Open]`, "Close the string with \"."},
	{"double-bracket", "warning", "reading", "a tag opened with more than one [", `[[Event "x"]`, "Remove the extra [."},
	{"unopened-tag", "warning", "reading", "a tag without its opening [", `Event "x"]`, "Add the missing [."},
	{"tag-junk", "warning", "reading", "text after a tag's value, before its ]", `[Event "x" y]`, "Remove the text or put it inside the value."},
	{"unknown-escape", "warning", "reading", "a backslash escape PDN does not have", `[Site "d\'Occitanie"]`, `Only \" and \\ are escapes; write ' alone.`},
	{"nested-comment", "warning", "reading", "braces inside a comment", "{ a { b } c }", "PDN comments do not nest; use other brackets inside a comment."},
	{"stray-bracket", "warning", "reading", "a } or ] outside anything", "1. 32-28 } 19-23", "Remove the bracket."},
	{"stray-dot", "warning", "reading", "a lone dot in the movetext", "1. 32-28 . 19-23", "Remove the dot."},
	{"glued-text", "warning", "reading", "text glued to a move, read as a comment", "8-11Redoversteppedthetime", "Put the text in a {comment}."},
	{"bare-command", "warning", "reading", "a [%command] outside a comment", "1. 32-28 [%clock 1:29] 19-23", "Put it in a comment: {[%clock 1:29]}."},
	{"unknown-move", "warning", "reading", "- written in place of a move that is not known", "62. 35-30 -", "Leave the game unfinished with * instead."},
	{"nonstandard-strength", "warning", "reading", "a move strength PDN does not define", "32-28!!!", "Use !, ?, !!, ??, !? or ?!, or a NAG ($1)."},
	{"dangling-move-number", "warning", "reading", "a move number with nothing after it before the next number or the end", "12. 13. 32-28", "Remove the move number."},
	{"dangling-annotation", "warning", "reading", "a NAG or strength before any move", "$1 1. 32-28", "Put the annotation after its move."},
	{"empty-variation", "warning", "reading", "a variation with no move", "1. 32-28 ( ) 19-23", "Remove the empty ( )."},
	{"prose-in-parentheses", "warning or note", "reading", "text in round brackets that does not read as moves: kept as a comment (a note; a warning when moves were written in it too, which are then not replayed)", "11-16 (Roberto's first choice) 18-14", "Nothing to do for a note; write comments in braces {...} so every PDN reader keeps them. Where a variation's moves were mixed with words, put the words in braces."},
	{"too-deep", "warning", "reading", "a variation inside " + strconv.Itoa(notation.MaxDepth) + " others (real records nest a few levels): kept whole as a comment holding its text, so convert keeps it; its moves are not replayed, and the game reads on after it. Said once, however deep it goes", "1. 32-28 (19-23 (19-23 ... 101 times ... ))) 19-23 *", "Write deep analysis as separate games or as comments; the rest of the game is checked as usual."},
	{"unclosed-variation", "warning", "reading", "a variation with no closing )", "1. 32-28 (1. 33-28 19-23 *", "Close the variation."},
	{"unbalanced-paren", "warning", "reading", "a ) with no (", "1. 32-28 ) 19-23", "Remove the ) or open the variation."},
	{"orphan-variation", "warning", "reading", "a variation before any move of its line", "(1. 33-28) 1. 32-28", "Write the variation after the move it replaces."},
	{"nonstandard-result", "warning", "reading", "a result PDN does not define, taken from the Result tag", `[Result "4-6"] ... 4-6`, "Write 2-0, 1-1, 0-2 (or 1-0, 1/2-1/2, 0-1) or *; match points belong in a comment."},
	{"invalid-utf8", "warning", "reading", "a few bytes that are not UTF-8, replaced by U+FFFD", "[White \"Михальченко \\xd0.\"]", "Repair the name; the file was cut in the middle of a character."},
	{"not-utf8", "warning", "reading", "the file is not UTF-8 and was decoded as Windows-1252 or -1251 (said at its first game that is not UTF-8)", "a Latin-1 file", "Save the file as UTF-8, or say its encoding with --encoding."},
	{"broken-tag-value", "warning", "reading", "a tag value broken over two lines, read as one value", "[Event \"TOURNOI DES\n CHAMPIONS\"]", "Join the value on one line."},
	{"throw-spacing", "warning", "reading", "race games: a throw written with other spacing, read as a person reads it", "4 + 5: 0, 1+2:0/3", "Write the throw as 4+5: 0/9."},
	{"upper-case-square", "note", "reading", "squares written in upper case, read as the same squares in lower case", "1.E3-D4 F6-G5 ... 6.E3:G5 H4:F6", "Nothing is wrong; arbiter convert writes them in lower case (e3-d4)."},
	{"empty-game", "warning", "reading", "a game text with nothing but comments", "{ round 3 postponed }", "Remove it, or write the game."},
	{"unreadable", "error", "reading", "text that is no token of the notation; kept as a comment by convert, and read on at the next move", "1. 32-28 §§ 19-23", "Correct or remove the text; the moves after it are still checked."},
	{"unclosed-comment", "error", "reading", "a { with no } before the end of the game", "1. 32-28 { good move 19-23 *", "Close the comment."},
	{"unclosed-setup", "error", "reading", "a /FEN setup with no closing /", `/FEN "W:W31:B1"`, "Close the setup with /."},
	{"tag-after-moves", "error", "reading", "a tag inside the movetext", `1. 32-28 [Round "2"] 19-23`, "Put tags before the moves, or a blank line and the result before the next game."},
	{"text-after-result", "error", "reading", "movetext after the game's result", "1. 32-28 19-23 * 2. 28-22", "Remove the text or the early result."},
	{"game-too-long", "error", "reading", "a game text longer than arbiter reads (a runaway comment)", "{ ... 100 MB ... }", "Close the comment that runs on; the other games are still checked."},
	{"json-record", "error", "reading", "a line of a JSON lines file (convert --to json's records) that is not a record: it counts as a game with this error, and the lines after it are read", `{"file": "a.pdn", "moves": [null]}`, "Repair the line or write the file again with arbiter convert --to json; the other records are still checked."},
	{"bad-move", "error", "reading", "a move word that is not a move of the notation", "1. d9", "Write the move in the game's notation (see the notation's README)."},
	{"internal", "error", "reading", "arbiter failed on this game: a bug in arbiter, not in the record", "(any)", "Please report it with the record; the other games are still checked."},
	{"unused-suppression", "warning", "reading", "a suppression comment in the record ({arbiter: ignore CODE -- why}) that suppresses nothing: no finding of its code where it stands (before a move: that move; in the tag section or before the first move: the whole game), an unknown code, no code, or a place that is no game's (after the result)", "{arbiter: ignore illegal} before a legal move", "Remove it if the game was corrected; otherwise put it before the move it is about, or in the tag section for the whole game. A comment that does not start with \"arbiter: ignore\" is no suppression."},
	{"too-many-diagnostics", "error, warning or note", "reading", "the game has more than 100 findings: the first 100 in file order are shown, this one counts the rest by code (as loud as the loudest of them: an error when one of them is)", "10,000 illegal variations", "Fix the first ones and check again; the counts and the verdict include every finding."},

	// Choosing the rules.
	{"variant", "error or warning", "rules", "the record's rules cannot be chosen, or an unknown Variant tag fell back to the game's default", `[GameType "41"]`, "Fix the GameType or Variant tag, or choose the rules with --variant / --default-variant."},
	{"variant-family", "error", "rules", "the variant chosen for the record (--variant, --default-variant, a config file's) is of another game family, whose notation cannot read it; 'arbiter check' and 'arbiter convert' stop with a usage error (exit 2) naming both families and the variant that fits", "--variant nine-mens-morris on a draughts record", "Choose a variant of the record's game (the message names one), or leave the rules to its tags."},
	{"not-replayed", "error", "rules", "the record has moves and none was replayed, and the referee said nothing of why: a green result must mean the moves were checked", "morris rules given a draughts record read as draughts", "Check the rules chosen (--variant); if they are right, please report it."},
	{"game-label", "note", "rules", "a Game tag that names no game arbiter has rules for: read as a game number or label", `[Game "612"]`, "Nothing to do: the rules come from the GameType and Variant tags and the moves. To name the game, write [Game \"draughts\"] and the number in [Round] or [Annotator]."},
	{"variant-guess", "warning", "rules", "a record that names no rules breaks the rules it was replayed under, and its moves fit other variants (named in the message)", "no GameType; its moves fit frisian", "Add the GameType tag, or use --default-variant."},
	{"variant-inferred", "note", "rules", "a record that names no rules was replayed under the rules its squares and moves fit, not international draughts", "no GameType tag: replayed as english, whose rules its moves fit", "Nothing to do; add the GameType tag the note gives to say so in the record, or choose with --variant / --default-variant."},
	{"gametype", "error or warning", "rules", "the GameType tag's fields cannot be read, or the moves follow another numbering than they say", `[GameType "20,W,10,10,N1,0"] on standard numbering`, "Correct the GameType tag's fields."},
	{"notation", "error", "rules", "the GameType tag asks for a square notation arbiter cannot read", `[GameType "20,W,10,10,S3,0"]`, "Correct the GameType tag, or choose the rules with --variant."},
	{"fen", "error", "rules", "the FEN tag or a setup is not a position of the variant", `[FEN "W:W51:B1"]`, "Correct the FEN: squares of the board, one piece per square."},
	{"players", "error", "rules", "the record does not name the players a race game needs", `[Players "Anna"] for a 2-4 player game`, "Name every player: the colour tags (Ludo) or a Players tag."},
	{"colour", "warning", "rules", "a Halma colour tag that does not fit the variant's seats", `[Yellow "Anna"] in a 2-player game`, "Name the seats the variant has."},

	// Replaying the moves.
	{"illegal", "error", "moves", "the move breaks the rules; the message says which rule and lists the legal moves", "17-11: no piece on 17; legal: 32x43", "Correct the move from the score sheet; often a transcription slip (two squares swapped) or a missed capture."},
	{"ambiguous", "error or warning", "moves", "a capture written from-to fits more than one capture path (a warning when the moves after it can be played after only one of them, which is then read)", "28x19: candidates 28x17x19, 28x39x19", "Write the full path (28x17x19)."},
	{"partial-path", "warning", "moves", "a capture written with part of its path that still picks one capture", "15x33x31: it can only be 15x33x22x31", "Write the full path or from-to; arbiter convert --captures full writes it."},
	{"capture-mark", "warning", "moves", "a plain move written as a capture, or a capture written as a plain move", "10x14 (a plain move)", "Write - for a move and x for a capture."},
	{"no-such-square", "error", "moves", "a square that is not on the board of the variant", "1. 51-46", "Correct the square, or the rules (an 8x8 record read as 10x10: --variant)."},
	{"unreadable-move", "error", "moves", "a move that cannot be read as squares", "1. 32-", "Write from and to squares."},
	{"move-number", "warning", "moves", "a move number that is not the expected one", "38. 36-31 where 39 was expected", "Correct the number; the moves are replayed in the order written."},
	{"after-end", "error or warning", "moves", "a move written after the game was over by rule: an error, except after a draw rule ended a draughts game whose record writes a draw, 0-0, * or no result (players and engines often play on: a warning, and the moves after it are still checked); when the record writes a win, the draw decided the game and the written win is an error", "a move after the side to move had no legal move; 60. 32-28 after the 25-move rule drew the game, with 2-0 written", "Remove the moves after the end, or correct the earlier move that ended the game; after a draw rule, write the draw as the result."},
	{"variation", "warning", "moves", "a variation in a game whose variations are not replayed (morris, Halma)", "1. d6 (1. f4) 1... d5", "None needed; variations are annotations."},
	{"variation-placement", "warning", "moves", "a variation written before the move it replaces", "(1... 5-10) 1... 20-25", "Write the variation after the move: 1... 20-25 (1... 5-10)."},
	{"no-mill", "error", "moves", "morris: a removal without a mill", "d6xd7 (no mill closed)", "Remove the x... part, or correct the move."},
	{"missing-removal", "error", "moves", "morris: a mill closed without its removal", "g1 (closes a mill)", "Write the removal: g1xd7."},
	{"removals", "error", "moves", "morris: more or fewer removals than mills closed", "a1xb2xc3 (one mill)", "Write one removal per mill."},
	{"turn", "error", "moves", "the move or throw is not the turn of the player who made it", "Bram 3+3 when it is Anna's turn", "Correct the player, or the extra throw or missed turn before it."},
	{"roll", "error", "moves", "a throw the dice cannot give", "R 7: with one six-sided die", "Correct the throw."},
	{"must-move", "error", "moves", "race games: a pass or no move when the throw moves a piece", "R 6: - (a 6 must bring a piece out)", "Write the move the rules make compulsory."},
	{"consequence", "error", "moves", "race games: a landing square, capture, goose or bounce chain that is not what the rules give", "R 4: 1/6 when 1/5", "Correct the written consequence, or leave it out (it is optional)."},
	{"assumed", "warning", "moves", "race games: the record leaves a choice unsaid and it was read as the common play", "Bram 3+3: 0/6 (does the pawn move on from the goose?)", "Write the consequence (0/6>12, or 0/6 to stay) if the game went otherwise."},
	{"must-pass", "error", "moves", "Halma: a move written for a player who cannot move", "e4-e5 when blocked", "Write pass."},
	{"pass", "error", "moves", "Halma: a pass while a move exists", "pass with 12 legal moves", "Write the move that was played."},
	{"mixed", "error", "moves", "Halma: a step and jumps in one move", "a3-b4:d6", "A move is one step (-) or a chain of jumps (:)."},
	{"not-adjacent", "error", "moves", "Halma: a step to a square that is not next to it", "a1-a3", "A jump is written with : (a1:a3)."},
	{"direction", "error", "moves", "Halma: a step or jump in a direction the piece may not take", "a gendarme moving back", "Correct the move."},
	{"taken", "error", "moves", "Halma: a landing square that is taken", "b2:d4 with d4 occupied", "Correct the move."},
	{"no-jumps", "error", "moves", "Halma: a jump in a game without jumps", "a1:c3 in gendarmes-en-voleur", "Correct the move."},
	{"not-a-jump", "error", "moves", "Halma: a jump that does not go over a neighbouring square", "a1:a4", "A jump goes over one square to the square right behind it."},
	{"empty-jumped", "error", "moves", "Halma: a jump over an empty square", "b4:d4:f6 over the empty e5", "Correct the chain."},
	{"revisit", "error", "moves", "Halma: a jump chain landing twice on a square", "a1:c1:c3:a3:a1", "Stop the chain before it comes back."},
	{"leave-target", "error", "moves", "Halma: a piece leaving the target camp", "p16-o15 from the camp", "Correct the move."},

	// Judging the result.
	{"result", "error or warning", "result", "the written result contradicts the moves, or the moves end the game and no result says so", "2-0 when White has no legal move", "Correct the result (or the moves); * when it is unknown."},
	{"result-tag", "error or warning", "result", "the Result tag is not a result", `[Result "-"]`, "Write a result of the game, or *."},
	{"result-mismatch", "error, warning or note", "result", "the terminator and the Result tag disagree", `[Result "1-1"] ... 2-0`, "Make them the same. An error when both are results; a warning when the tag says *; a note when the game ends with * (many exporters end every game so) and the tag's result is read as the game's."},
}

// IsHabit says whether code describes an exporter's habit (habitCodes).
func IsHabit(code string) bool { return habitCodes[code] }

// Habits lists the habit codes, in no order.
func Habits() []string {
	out := make([]string, 0, len(habitCodes))
	for c := range habitCodes {
		out = append(out, c)
	}
	return out
}

// habitCodes are the findings that describe one exporter's habit, not
// one game: a file written by that exporter earns them in every game (an
// export that pads every square, or writes every result 1:0). The text
// report says each once per file, at its first place, and after the
// file's last game how many more there were (referee/report's habits.go); the other
// formats list every one, and the summary counts every one. This is the
// one list of them.
var habitCodes = map[string]bool{
	"leading-zero":      true,
	"padded-square":     true,
	"literal-escape":    true,
	"unknown-escape":    true, // \' written in every name with an apostrophe
	"stray-cr":          true,
	"glued-result":      true,
	"spaced-result":     true,
	"colon-result":      true,
	"tag-value-spaces":  true,
	"tag-without-value": true, // [Empty]
	"tag-name-case":     true,
	"capture-mark":      true,
	"throw-spacing":     true,
	"upper-case-square": true, // a note: c3-D4 read as c3-d4
	// How a whole archive names its rules: no GameType tag in any game,
	// or the book's game numbers in its Game tags.
	"variant-inferred": true,
	"game-label":       true,
}

// Find is the documentation of code.
func Find(code string) (Doc, bool) {
	for _, d := range docs {
		if d.Code == code {
			return d, true
		}
	}
	return Doc{}, false
}
