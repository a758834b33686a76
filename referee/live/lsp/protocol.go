package lsp

import "arbiter/referee/live"

// The protocol's types this server reads and writes, as the 3.17
// specification names their fields.

type textDocumentIdentifier struct {
	URI string `json:"uri"`
}

type textDocumentItem struct {
	URI        string `json:"uri"`
	LanguageID string `json:"languageId"`
	Version    int    `json:"version"`
	Text       string `json:"text"`
}

type didOpenParams struct {
	TextDocument textDocumentItem `json:"textDocument"`
}

type didChangeParams struct {
	TextDocument struct {
		URI     string `json:"uri"`
		Version int    `json:"version"`
	} `json:"textDocument"`
	ContentChanges []live.Change `json:"contentChanges"`
}

type didCloseParams struct {
	TextDocument textDocumentIdentifier `json:"textDocument"`
}

type positionParams struct {
	TextDocument textDocumentIdentifier `json:"textDocument"`
	Position     live.Position          `json:"position"`
}

type initializeParams struct {
	ClientInfo *struct {
		Name    string `json:"name"`
		Version string `json:"version,omitempty"`
	} `json:"clientInfo,omitempty"`
	Capabilities struct {
		Window struct {
			ShowDocument struct {
				Support bool `json:"support"`
			} `json:"showDocument"`
		} `json:"window"`
	} `json:"capabilities"`
	// InitializationOptions are arbiter's own: {"images": true} asks for
	// the boards of a hover as SVG images (a client that shows Markdown
	// images: VS Code), beside the text boards every client can show.
	InitializationOptions struct {
		Images bool `json:"images"`
	} `json:"initializationOptions"`
}

type initializeResult struct {
	Capabilities serverCapabilities `json:"capabilities"`
	ServerInfo   serverInfo         `json:"serverInfo"`
}

type serverInfo struct {
	Name    string `json:"name"`
	Version string `json:"version,omitempty"`
}

type serverCapabilities struct {
	PositionEncoding       string             `json:"positionEncoding"`
	TextDocumentSync       textDocumentSync   `json:"textDocumentSync"`
	HoverProvider          bool               `json:"hoverProvider"`
	CodeActionProvider     codeActionOptions  `json:"codeActionProvider"`
	CompletionProvider     completionOptions  `json:"completionProvider"`
	DocumentSymbolProvider bool               `json:"documentSymbolProvider"`
	ExecuteCommandProvider executeCommandOpts `json:"executeCommandProvider"`
}

type textDocumentSync struct {
	OpenClose bool `json:"openClose"`
	Change    int  `json:"change"` // 1 full, 2 incremental
}

type codeActionOptions struct {
	CodeActionKinds []string `json:"codeActionKinds"`
}

type completionOptions struct {
	TriggerCharacters []string `json:"triggerCharacters"`
}

type executeCommandOpts struct {
	Commands []string `json:"commands"`
}

type publishDiagnosticsParams struct {
	URI         string         `json:"uri"`
	Version     *int           `json:"version,omitempty"`
	Diagnostics []live.Finding `json:"diagnostics"`
}

type hoverResult struct {
	Contents markupContent `json:"contents"`
	Range    live.Range    `json:"range"`
}

type markupContent struct {
	Kind  string `json:"kind"`
	Value string `json:"value"`
}

type codeActionParams struct {
	TextDocument textDocumentIdentifier `json:"textDocument"`
	Range        live.Range             `json:"range"`
	Context      struct {
		Only []string `json:"only,omitempty"`
	} `json:"context"`
}

type codeAction struct {
	Title       string         `json:"title"`
	Kind        string         `json:"kind"`
	Diagnostics []live.Finding `json:"diagnostics"`
	IsPreferred bool           `json:"isPreferred,omitempty"`
	Edit        workspaceEdit  `json:"edit"`
}

type workspaceEdit struct {
	Changes map[string][]live.Edit `json:"changes"`
}

type completionList struct {
	IsIncomplete bool             `json:"isIncomplete"`
	Items        []completionItem `json:"items"`
}

type completionItem struct {
	Label    string    `json:"label"`
	Kind     int       `json:"kind"`
	Detail   string    `json:"detail,omitempty"`
	SortText string    `json:"sortText"`
	TextEdit live.Edit `json:"textEdit"`
}

type documentSymbol struct {
	Name           string     `json:"name"`
	Detail         string     `json:"detail,omitempty"`
	Kind           int        `json:"kind"`
	Range          live.Range `json:"range"`
	SelectionRange live.Range `json:"selectionRange"`
}

type executeCommandParams struct {
	Command   string   `json:"command"`
	Arguments []string `json:"arguments"`
}

type location struct {
	URI   string     `json:"uri"`
	Range live.Range `json:"range"`
}

type showDocumentParams struct {
	URI       string      `json:"uri"`
	TakeFocus bool        `json:"takeFocus"`
	Selection *live.Range `json:"selection,omitempty"`
}

// Kinds, as the protocol names and numbers them.
const (
	markdown            = "markdown"
	completionKindValue = 12
	symbolKindEvent     = 24
)
