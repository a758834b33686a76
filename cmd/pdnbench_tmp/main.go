package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"syscall"
	"time"

	"arbiter/notation/pdn"
)

func cpu() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func main() {
	files, _ := filepath.Glob("/work/shared/corpus/draughts/international-tournaments/*.pdn")
	var data [][]byte
	total := 0
	for _, f := range files {
		b, _ := os.ReadFile(f)
		data = append(data, b)
		total += len(b)
	}
	splitOnly := len(os.Args) > 1 && os.Args[1] == "split"
	for round := 0; round < 3; round++ {
		c0, w0 := cpu(), time.Now()
		games := 0
		n := 20
		for i := 0; i < n; i++ {
			for _, b := range data {
				sp := pdn.NewSplitter(bytes.NewReader(b), pdn.Options{})
				for {
					g, err := sp.Next()
					if err == io.EOF {
						break
					}
					if !splitOnly {
						pdn.Parse(g, "x")
					}
					games++
				}
			}
		}
		c, w := cpu()-c0, time.Since(w0)
		mb := float64(total*n) / 1e6
		fmt.Printf("cpu %.1f MB/s %.0f games/s | wall %.1f MB/s\n", mb/c.Seconds(), float64(games)/c.Seconds(), mb/w.Seconds())
	}
}
