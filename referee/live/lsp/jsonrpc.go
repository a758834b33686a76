// Package lsp is the Language Server Protocol (3.17) over a byte stream,
// for 'arbiter lsp': JSON-RPC 2.0 messages framed by Content-Length
// headers, the lifecycle (initialize, shutdown, exit), document sync (full
// and incremental), and the requests a PDN editor asks for, each answered
// by referee/live. It holds the protocol's few types it needs, written
// out: no library of them is worth a dependency for a dozen structs.
package lsp

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"
)

// MaxMessage is the largest message read: a document of a whole archive
// sent at once fits, a header that claims gigabytes is refused before
// anything is allocated.
const MaxMessage = 256 << 20

// maxHeader bounds one header line, and maxHeaders their count.
const (
	maxHeader  = 4096
	maxHeaders = 32
)

// ErrFraming is a stream that is not Content-Length framed JSON-RPC: the
// connection cannot go on.
var ErrFraming = errors.New("lsp: bad message framing")

// readMessage reads one framed message's body. It returns io.EOF at the
// end of the stream between messages.
func readMessage(r *bufio.Reader) ([]byte, error) {
	length := -1
	for n := 0; ; n++ {
		if n > maxHeaders {
			return nil, fmt.Errorf("%w: more than %d header lines", ErrFraming, maxHeaders)
		}
		line, err := readLine(r)
		if err != nil {
			if errors.Is(err, io.EOF) && n == 0 && line == "" {
				return nil, io.EOF
			}
			if errors.Is(err, io.EOF) {
				err = io.ErrUnexpectedEOF
			}
			return nil, err
		}
		if line == "" {
			if n == 0 {
				n-- // blank lines between messages are tolerated
				continue
			}
			break
		}
		name, value, ok := strings.Cut(line, ":")
		if !ok {
			return nil, fmt.Errorf("%w: header line %q", ErrFraming, line)
		}
		if strings.EqualFold(strings.TrimSpace(name), "Content-Length") {
			v, err := strconv.Atoi(strings.TrimSpace(value))
			if err != nil || v < 0 {
				return nil, fmt.Errorf("%w: Content-Length %q", ErrFraming, strings.TrimSpace(value))
			}
			if v > MaxMessage {
				return nil, fmt.Errorf("%w: a message of %d bytes (at most %d)", ErrFraming, v, MaxMessage)
			}
			length = v
		}
	}
	if length < 0 {
		return nil, fmt.Errorf("%w: no Content-Length", ErrFraming)
	}
	body := make([]byte, length)
	if _, err := io.ReadFull(r, body); err != nil {
		if errors.Is(err, io.EOF) {
			err = io.ErrUnexpectedEOF
		}
		return nil, err
	}
	return body, nil
}

// readLine reads a header line without its "\r\n" (or "\n").
func readLine(r *bufio.Reader) (string, error) {
	var b []byte
	for {
		chunk, err := r.ReadSlice('\n')
		b = append(b, chunk...)
		if len(b) > maxHeader {
			return "", fmt.Errorf("%w: a header line longer than %d bytes", ErrFraming, maxHeader)
		}
		if err == bufio.ErrBufferFull {
			continue
		}
		if err != nil {
			return string(b), err
		}
		return strings.TrimRight(string(b), "\r\n"), nil
	}
}

// writer writes framed messages, one at a time.
type writer struct {
	mu  sync.Mutex
	w   io.Writer
	err error
	// log, when set, sees every message written (the test transcript).
	log func(body []byte)
}

func (w *writer) write(v any) error {
	body, err := json.Marshal(v)
	if err != nil {
		return err
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.err != nil {
		return w.err
	}
	if w.log != nil {
		w.log(body)
	}
	if _, err := fmt.Fprintf(w.w, "Content-Length: %d\r\n\r\n", len(body)); err != nil {
		w.err = err
		return err
	}
	_, w.err = w.w.Write(body)
	return w.err
}

// message is any JSON-RPC message: a request (ID and Method), a
// notification (Method), or a response (ID, and Result or Error).
type message struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id,omitempty"`
	Method  string          `json:"method,omitempty"`
	Params  json.RawMessage `json:"params,omitempty"`
	Result  json.RawMessage `json:"result,omitempty"`
	Error   *respError      `json:"error,omitempty"`
}

// response is what the server answers a request; Result is written even
// when null, as JSON-RPC asks.
type response struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Result  any             `json:"result"`
	Error   *respError      `json:"error,omitempty"`
}

type errorResponse struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Error   *respError      `json:"error"`
}

type notification struct {
	JSONRPC string `json:"jsonrpc"`
	Method  string `json:"method"`
	Params  any    `json:"params"`
}

type request struct {
	JSONRPC string `json:"jsonrpc"`
	ID      int    `json:"id"`
	Method  string `json:"method"`
	Params  any    `json:"params"`
}

type respError struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
}

func (e *respError) Error() string { return e.Message }

// JSON-RPC and LSP error codes.
const (
	codeParseError           = -32700
	codeInvalidRequest       = -32600
	codeMethodNotFound       = -32601
	codeInvalidParams        = -32602
	codeServerNotInitialized = -32002
	codeRequestFailed        = -32803
)
