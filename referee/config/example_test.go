package config_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"arbiter/referee"
	"arbiter/referee/config"
	_ "arbiter/referee/draughts"
)

// Check a record under the settings of the .arbiter.yaml nearest to it, as
// 'arbiter check' does: the config chooses the codes reported and their
// severities, and the filter applies them to each game's report.
func Example() {
	dir, _ := os.MkdirTemp("", "arbiter-example")
	defer os.RemoveAll(dir)
	os.WriteFile(filepath.Join(dir, config.FileName), []byte("ignore: [no-terminator]\nseverity: {illegal: warning}\n"), 0o644)
	path := filepath.Join(dir, "game.pdn")

	cfg, rel, err := config.Nearest(nil).ForPath(path, "")
	if err != nil {
		panic(err)
	}
	s := config.Resolve(cfg, rel, config.NewFilter(config.Layer{}, false), config.Flags{})
	const record = "[GameType \"20\"]\n1. 32-28 19-23 2. 28x19 14x23 3. 33-28 9-14\n"
	err = referee.CheckStream(strings.NewReader(record), "game.pdn", referee.StreamOptions{}, func(rep *referee.Report) error {
		s.Filter.Apply(rep)
		rep.SetVerdict()
		for _, d := range rep.Diagnostics {
			fmt.Printf("%s %s, line %d\n", d.Severity, d.Code, d.Pos.Line)
		}
		fmt.Println(rep.Verdict)
		return nil
	})
	if err != nil {
		panic(err)
	}
	// Output:
	// warning illegal, line 2
	// valid
}
