package checker_test

import (
	"fmt"
	"os"

	"arbiter/notation/input"
	"arbiter/referee/checker"
	"arbiter/referee/config"
	_ "arbiter/referee/draughts" // the game families a program checks are linked in
	"arbiter/referee/report"
)

// Check a record from Go, as 'arbiter check --format concise' does: its
// games replayed under the settings of a config (here one that makes an
// illegal move a warning), the findings written, and the summary.
func Example() {
	record := []byte(`[White "Anna"] [Black "Bram"] [GameType "20"] [Result "2-0"]
1. 32-28 19-23 2. 28x19 14x23 3. 33-28 9-14 4. 28-22 2-0
`)
	cfg, err := config.Parse(".arbiter.yaml", []byte("severity: {illegal: warning}\n"), nil)
	if err != nil {
		panic(err)
	}
	settings := config.Resolve(cfg, "game.pdn", config.NewFilter(config.Layer{}, false), config.Flags{})
	w, err := report.New("concise", os.Stdout, report.Options{})
	if err != nil {
		panic(err)
	}
	run := &checker.Run{
		Inputs: input.Bytes("game.pdn", record, input.DefaultExtensions, input.DefaultLimits()),
		Filter: settings.Filter,
		Writer: w,
	}
	res, err := run.Check()
	if err != nil {
		panic(err)
	}
	fmt.Println(res.Summary.Line())
	// Output:
	// game.pdn:2:40: illegal [warning] game 1 (Anna - Bram), move 3 (9-14): capture is compulsory: a capture of 1 piece is available: 23x32; legal: 23x32
	// 1 game: 1 valid, 0 with errors, 1 warning
}
