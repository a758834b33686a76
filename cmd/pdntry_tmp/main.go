package main

import (
	"fmt"
	"os"

	"arbiter/notation/pdn"
)

func main() {
	for _, f := range os.Args[1:] {
		fh, _ := os.Open(f)
		recs, err := pdn.ReadAll(fh, f, pdn.Options{})
		fh.Close()
		if err != nil {
			fmt.Println(err)
		}
		errs, warns := 0, 0
		for _, r := range recs {
			for _, d := range r.Diagnostics {
				if d.Severity == 1 {
					errs++
					if errs < 5 {
						fmt.Printf("  %s:%s game %d %s %s\n", f, d.Pos, r.Index, d.Code, d.Msg)
					}
				} else {
					warns++
					if os.Getenv("W") != "" {
						fmt.Printf("  W %s:%s game %d %s %s\n", f, d.Pos, r.Index, d.Code, d.Msg)
					}
				}
			}
		}
		fmt.Printf("%s: games=%d errors=%d warnings=%d\n", f, len(recs), errs, warns)
	}
}
