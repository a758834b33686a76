package match

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"strings"

	"arbiter/notation"
	"arbiter/notation/pdn"
	"arbiter/referee"
	"arbiter/variants"
)

// maxOpeningsBytes bounds an openings file: ballots are a few kB.
const maxOpeningsBytes = 64 << 20

// ReadOpenings reads start positions: a PDN file (each game's position
// after its main line, which 'arbiter check' must find free of errors), or
// FEN lines (blank lines and lines starting with '#' or ';' skipped).
func ReadOpenings(r io.Reader, file string, v *variants.Variant) ([]Opening, error) {
	data, err := io.ReadAll(io.LimitReader(r, maxOpeningsBytes+1))
	if err != nil {
		return nil, err
	}
	if len(data) > maxOpeningsBytes {
		return nil, fmt.Errorf("%s: larger than %d MB", file, maxOpeningsBytes>>20)
	}
	if isPDN(data) {
		recs, err := pdn.ReadAll(bytes.NewReader(data), file, pdn.Options{})
		if err != nil {
			return nil, err
		}
		var out []Opening
		for _, rec := range recs {
			rep := referee.Check(rec, referee.Options{Variant: v})
			if rep.Errors() > 0 {
				for _, d := range rep.Diagnostics {
					if d.Severity == notation.Error {
						return nil, fmt.Errorf("%s: opening %d has an error: %s", file, rec.Index, d.Msg)
					}
				}
			}
			out = append(out, Opening{FEN: rep.FinalFEN, Name: fmt.Sprintf("%s: game %d", file, rec.Index)})
		}
		if len(out) == 0 {
			return nil, fmt.Errorf("%s: no game", file)
		}
		return out, nil
	}
	var out []Opening
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || line[0] == '#' || line[0] == ';' {
			continue
		}
		out = append(out, Opening{FEN: line, Name: fmt.Sprintf("%s:%d", file, n)})
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %v", file, err)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%s: no opening", file)
	}
	return out, nil
}

// isPDN: a tag line or a move number before any FEN line.
func isPDN(data []byte) bool {
	for _, line := range bytes.Split(data, []byte("\n")) {
		line = bytes.TrimSpace(bytes.TrimPrefix(line, []byte("\xef\xbb\xbf")))
		if len(line) == 0 || line[0] == '#' || line[0] == ';' {
			continue
		}
		return line[0] == '[' || line[0] >= '0' && line[0] <= '9'
	}
	return false
}
