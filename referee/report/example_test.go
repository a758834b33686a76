package report_test

import (
	"os"
	"strings"

	"arbiter/referee"
	_ "arbiter/referee/draughts" // the families a program checks must be linked in
	"arbiter/referee/report"
)

// Check a record from Go: replay its games and write the findings as
// 'arbiter check --format concise' writes them.
func Example() {
	const record = `[White "Anna"] [Black "Bram"] [GameType "20"] [Result "2-0"]
1. 32-28 19-23 2. 28x19 14x23 3. 33-28 9-14 4. 28-22 2-0
`
	w, err := report.New("concise", os.Stdout, report.Options{})
	if err != nil {
		panic(err)
	}
	var sum report.Summary
	err = referee.CheckStream(strings.NewReader(record), "game.pdn", referee.StreamOptions{}, func(rep *referee.Report) error {
		rep.SetVerdict()
		sum.Add(rep)
		return w.Write(rep)
	})
	if err != nil {
		panic(err)
	}
	w.Finish(&sum)
	os.Stdout.WriteString(sum.Line() + "\n")
	// Output:
	// game.pdn:2:40: illegal [error] game 1 (Anna - Bram), move 3 (9-14): capture is compulsory: a capture of 1 piece is available: 23x32; legal: 23x32
	// 1 game: 0 valid, 1 with errors, 0 warnings
}
