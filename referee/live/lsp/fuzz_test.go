package lsp

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"testing"
)

// FuzzReadMessage: any stream is read as messages, an error, or the end,
// never a panic; a message read is the body its header announced; a
// well-framed message written after any garbage that ends cleanly is read
// whole.
func FuzzReadMessage(f *testing.F) {
	f.Add([]byte("Content-Length: 2\r\n\r\n{}"))
	f.Add([]byte("Content-Length: 2\r\nContent-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n{}Content-Length: 0\r\n\r\n"))
	f.Add([]byte("content-length:3\n\n[1]"))
	f.Add([]byte("Content-Length: 99999999999999999999\r\n\r\n"))
	f.Add([]byte("Content-Length: -1\r\n\r\n"))
	f.Add([]byte("\r\n\r\nContent-Length: 1\r\n\r\nx"))
	f.Fuzz(func(t *testing.T, stream []byte) {
		r := bufio.NewReader(bytes.NewReader(stream))
		read := 0
		for range 64 {
			body, err := readMessage(r)
			if err != nil {
				if !errors.Is(err, io.EOF) && !errors.Is(err, io.ErrUnexpectedEOF) && !errors.Is(err, ErrFraming) {
					t.Fatalf("an error of no kind: %v", err)
				}
				return
			}
			read += len(body)
			if read > len(stream) {
				t.Fatalf("read %d bytes of bodies from %d", read, len(stream))
			}
		}
	})
}

func TestReadMessage(t *testing.T) {
	for _, tc := range []struct {
		stream string
		want   []string
		err    error
	}{
		{"Content-Length: 2\r\n\r\n{}", []string{"{}"}, io.EOF},
		{"Content-Length: 2\r\nContent-Type: x\r\n\r\n{}Content-Length: 3\r\n\r\n[1]", []string{"{}", "[1]"}, io.EOF},
		{"content-length:  1 \n\nx", []string{"x"}, io.EOF}, // a client writing LF and lower case: taken
		{"Content-Type: x\r\n\r\n{}", nil, ErrFraming},
		{"Content-Length: x\r\n\r\n", nil, ErrFraming},
		{fmt.Sprintf("Content-Length: %d\r\n\r\n", MaxMessage+1), nil, ErrFraming},
		{"Content-Length: 5\r\n\r\n{}", nil, io.ErrUnexpectedEOF},
		{"Content-Length: 5\r\n", nil, io.ErrUnexpectedEOF},
		{"no colon\r\n\r\n", nil, ErrFraming},
	} {
		r := bufio.NewReader(bytes.NewReader([]byte(tc.stream)))
		var got []string
		var err error
		for {
			var body []byte
			body, err = readMessage(r)
			if err != nil {
				break
			}
			got = append(got, string(body))
		}
		if fmt.Sprint(got) != fmt.Sprint(tc.want) || !errors.Is(err, tc.err) {
			t.Errorf("%q: read %q then %v, want %q then %v", tc.stream, got, err, tc.want, tc.err)
		}
	}
}
