package pdn

import (
	"errors"
	"io"
)

// Each splits r and gives each game's text to each, in order, until the
// end (nil), a read error, or an error each returns (returned as it is).
func Each(r io.Reader, opts Options, each func(GameText) error) error {
	sp := NewSplitter(r, opts)
	for {
		g, err := sp.Next()
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return err
		}
		if err := each(g); err != nil {
			return err
		}
	}
}
