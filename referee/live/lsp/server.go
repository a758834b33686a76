package lsp

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/url"
	"sort"

	"arbiter/referee/live"
)

// CommandFirstError is the command that goes to a document's first error
// (workspace/executeCommand, its one argument the document's URI): it
// answers the error's location, and asks a client that can to show it.
const CommandFirstError = "arbiter.firstError"

// Options configure a server.
type Options struct {
	// Settings gives the settings of a document by its file path (the
	// nearest .arbiter.yaml's, the command line's); nil: the defaults.
	Settings func(path string) *live.Settings
	// Version is the server's, for initialize's answer.
	Version string
	// Transcript, when set, is told every message read (in) and written
	// (out): a test keeps the exchange.
	Transcript func(in bool, body []byte)
}

// ErrNoShutdown is Serve's error when the client said exit without
// shutdown first (the protocol's exit status 1), or the stream ended.
var ErrNoShutdown = errors.New("lsp: exit without shutdown")

// server is one connection's state. Messages are handled one at a time,
// in order, on Serve's goroutine.
type server struct {
	opts        Options
	out         *writer
	docs        map[string]*document
	initialized bool
	shutdown    bool
	images      bool
	showDoc     bool
	nextID      int
	// dirty are the documents whose diagnostics are to be published once
	// no message is waiting: a burst of keystrokes is checked in full but
	// published once.
	dirty map[string]bool
}

type document struct {
	*live.Document
	version int
}

// Serve answers one client on in and out until it says exit, and returns
// nil after a shutdown, ErrNoShutdown without one, or the error that broke
// the stream.
func Serve(in io.Reader, out io.Writer, opts Options) error {
	s := &server{opts: opts, out: &writer{w: out}, docs: map[string]*document{}, dirty: map[string]bool{}}
	if opts.Transcript != nil {
		s.out.log = func(b []byte) { opts.Transcript(false, b) }
	}
	type read struct {
		body []byte
		err  error
	}
	msgs := make(chan read, 64)
	stop := make(chan struct{})
	defer close(stop)
	go func() {
		br := bufio.NewReaderSize(in, 64<<10)
		for {
			body, err := readMessage(br)
			select {
			case msgs <- read{body, err}:
			case <-stop:
				return
			}
			if err != nil {
				return
			}
		}
	}()
	for {
		m := <-msgs
		if m.err != nil {
			if errors.Is(m.err, io.EOF) && s.shutdown {
				return nil
			}
			if errors.Is(m.err, io.EOF) {
				return ErrNoShutdown
			}
			return m.err
		}
		if opts.Transcript != nil {
			opts.Transcript(true, m.body)
		}
		done, err := s.handle(m.body)
		if done {
			if s.shutdown {
				return nil
			}
			return ErrNoShutdown
		}
		if err != nil {
			return err
		}
		if len(msgs) == 0 {
			if err := s.publish(); err != nil {
				return err
			}
		}
	}
}

// handle handles one message; done is true for exit.
func (s *server) handle(body []byte) (done bool, err error) {
	var m message
	if err := json.Unmarshal(body, &m); err != nil {
		return false, s.out.write(errorResponse{JSONRPC: "2.0", ID: json.RawMessage("null"), Error: &respError{codeParseError, "not JSON: " + err.Error()}})
	}
	if m.Method == "" {
		return false, nil // a client's answer to a request of ours
	}
	if m.Method == "exit" {
		return true, nil
	}
	isRequest := len(m.ID) > 0 && string(m.ID) != "null"
	result, rerr := s.dispatch(m)
	if !isRequest {
		return false, nil // a notification's errors have no one to go to
	}
	if rerr != nil {
		return false, s.out.write(errorResponse{JSONRPC: "2.0", ID: m.ID, Error: rerr})
	}
	return false, s.out.write(response{JSONRPC: "2.0", ID: m.ID, Result: result})
}

func (s *server) dispatch(m message) (result any, rerr *respError) {
	defer func() {
		if p := recover(); p != nil {
			// A bug in arbiter, not in the document: the request fails,
			// the server goes on.
			result, rerr = nil, &respError{codeRequestFailed, fmt.Sprintf("internal error (please report it): %v", p)}
		}
	}()
	if !s.initialized && m.Method != "initialize" {
		return nil, &respError{codeServerNotInitialized, "initialize first"}
	}
	if s.shutdown {
		return nil, &respError{codeInvalidRequest, "shut down: only exit is answered"}
	}
	decode := func(v any) *respError {
		if len(m.Params) == 0 {
			return nil
		}
		if err := json.Unmarshal(m.Params, v); err != nil {
			return &respError{codeInvalidParams, err.Error()}
		}
		return nil
	}
	switch m.Method {
	case "initialize":
		var p initializeParams
		if e := decode(&p); e != nil {
			return nil, e
		}
		s.initialized = true
		s.images = p.InitializationOptions.Images
		s.showDoc = p.Capabilities.Window.ShowDocument.Support
		return initializeResult{
			Capabilities: serverCapabilities{
				PositionEncoding:       "utf-16",
				TextDocumentSync:       textDocumentSync{OpenClose: true, Change: 2},
				HoverProvider:          true,
				CodeActionProvider:     codeActionOptions{CodeActionKinds: []string{"quickfix"}},
				CompletionProvider:     completionOptions{TriggerCharacters: []string{" ", "."}},
				DocumentSymbolProvider: true,
				ExecuteCommandProvider: executeCommandOpts{Commands: []string{CommandFirstError}},
			},
			ServerInfo: serverInfo{Name: "arbiter", Version: s.opts.Version},
		}, nil
	case "shutdown":
		// The diagnostics still owed (the messages came faster than they
		// were published) go out first.
		if err := s.publish(); err != nil {
			return nil, errOf(err)
		}
		s.shutdown = true
		return nil, nil
	case "textDocument/didOpen":
		var p didOpenParams
		if e := decode(&p); e != nil {
			return nil, e
		}
		uri := p.TextDocument.URI
		s.docs[uri] = &document{live.NewDocument(pathOf(uri), p.TextDocument.Text, s.settings(uri)), p.TextDocument.Version}
		s.dirty[uri] = true
	case "textDocument/didChange":
		var p didChangeParams
		if e := decode(&p); e != nil {
			return nil, e
		}
		d := s.docs[p.TextDocument.URI]
		if d == nil {
			return nil, nil
		}
		d.Edit(p.ContentChanges)
		d.version = p.TextDocument.Version
		s.dirty[p.TextDocument.URI] = true
	case "textDocument/didClose":
		var p didCloseParams
		if e := decode(&p); e != nil {
			return nil, e
		}
		delete(s.docs, p.TextDocument.URI)
		delete(s.dirty, p.TextDocument.URI)
		// Its findings go with it.
		return nil, errOf(s.out.write(notification{JSONRPC: "2.0", Method: "textDocument/publishDiagnostics",
			Params: publishDiagnosticsParams{URI: p.TextDocument.URI, Diagnostics: []live.Finding{}}}))
	case "textDocument/hover":
		var p positionParams
		if e := decode(&p); e != nil {
			return nil, e
		}
		d := s.docs[p.TextDocument.URI]
		if d == nil {
			return nil, nil
		}
		h, ok := d.Hover(d.Offset(p.Position), s.images)
		if !ok {
			return nil, nil
		}
		return hoverResult{Contents: markupContent{Kind: markdown, Value: h.Markdown}, Range: h.Range}, nil
	case "textDocument/codeAction":
		var p codeActionParams
		if e := decode(&p); e != nil {
			return nil, e
		}
		d := s.docs[p.TextDocument.URI]
		out := []codeAction{}
		if d == nil || !wants(p.Context.Only, "quickfix") {
			return out, nil
		}
		for _, a := range d.Actions(d.Offset(p.Range.Start), d.Offset(p.Range.End)) {
			out = append(out, codeAction{Title: a.Title, Kind: "quickfix", Diagnostics: []live.Finding{a.Finding}, IsPreferred: a.Preferred,
				Edit: workspaceEdit{Changes: map[string][]live.Edit{p.TextDocument.URI: a.Edits}}})
		}
		return out, nil
	case "textDocument/completion":
		var p positionParams
		if e := decode(&p); e != nil {
			return nil, e
		}
		list := completionList{Items: []completionItem{}}
		if d := s.docs[p.TextDocument.URI]; d != nil {
			for i, c := range d.Complete(d.Offset(p.Position)) {
				list.Items = append(list.Items, completionItem{Label: c.Label, Kind: completionKindValue, Detail: c.Detail,
					SortText: fmt.Sprintf("%04d", i), TextEdit: c.Edit})
			}
		}
		return list, nil
	case "textDocument/documentSymbol":
		var p struct {
			TextDocument textDocumentIdentifier `json:"textDocument"`
		}
		if e := decode(&p); e != nil {
			return nil, e
		}
		out := []documentSymbol{}
		if d := s.docs[p.TextDocument.URI]; d != nil {
			for _, sym := range d.Symbols() {
				out = append(out, documentSymbol{Name: sym.Name, Detail: sym.Detail, Kind: symbolKindEvent, Range: sym.Range, SelectionRange: sym.Selection})
			}
		}
		return out, nil
	case "workspace/executeCommand":
		var p executeCommandParams
		if e := decode(&p); e != nil {
			return nil, e
		}
		if p.Command != CommandFirstError {
			return nil, &respError{codeInvalidParams, fmt.Sprintf("unknown command %q", p.Command)}
		}
		if len(p.Arguments) != 1 {
			return nil, &respError{codeInvalidParams, CommandFirstError + " takes the document's URI"}
		}
		d := s.docs[p.Arguments[0]]
		if d == nil {
			return nil, nil
		}
		r, ok := d.FirstError()
		if !ok {
			return nil, nil
		}
		if s.showDoc {
			s.nextID++
			if err := s.out.write(request{JSONRPC: "2.0", ID: s.nextID, Method: "window/showDocument",
				Params: showDocumentParams{URI: p.Arguments[0], TakeFocus: true, Selection: &r}}); err != nil {
				return nil, errOf(err)
			}
		}
		return location{URI: p.Arguments[0], Range: r}, nil
	case "initialized", "textDocument/didSave", "$/cancelRequest", "$/setTrace", "workspace/didChangeConfiguration":
	default:
		return nil, &respError{codeMethodNotFound, "method not found: " + m.Method}
	}
	return nil, nil
}

// publish sends the diagnostics of the documents changed since the last
// time, in a fixed order.
func (s *server) publish() error {
	uris := make([]string, 0, len(s.dirty))
	for uri := range s.dirty {
		uris = append(uris, uri)
	}
	sort.Strings(uris)
	for _, uri := range uris {
		delete(s.dirty, uri)
		d := s.docs[uri]
		if d == nil {
			continue
		}
		findings := d.Findings()
		if findings == nil {
			findings = []live.Finding{}
		}
		v := d.version
		if err := s.out.write(notification{JSONRPC: "2.0", Method: "textDocument/publishDiagnostics",
			Params: publishDiagnosticsParams{URI: uri, Version: &v, Diagnostics: findings}}); err != nil {
			return err
		}
	}
	return nil
}

func (s *server) settings(uri string) *live.Settings {
	if s.opts.Settings == nil {
		return nil
	}
	return s.opts.Settings(pathOf(uri))
}

// pathOf is the file path of a file: URI, else the URI as it is.
func pathOf(uri string) string {
	u, err := url.Parse(uri)
	if err != nil || u.Scheme != "file" || u.Path == "" {
		return uri
	}
	return u.Path
}

// wants says whether a code action request asks for kind.
func wants(only []string, kind string) bool {
	if len(only) == 0 {
		return true
	}
	for _, k := range only {
		if k == kind || k == "" || len(kind) > len(k) && kind[:len(k)+1] == k+"." {
			return true
		}
	}
	return false
}

func errOf(err error) *respError {
	if err == nil {
		return nil
	}
	return &respError{codeRequestFailed, err.Error()}
}
