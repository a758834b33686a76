package picture

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"io"
	"strings"
)

// Validate checks what a diagram promises: well-formed XML whose root is
// the one <svg> element, with a viewBox and a non-empty <title> as its
// first child, and no reference to anything outside it (no href, no url(),
// no <image>, <script>, <foreignObject>, <use> or style sheet).
func Validate(svg []byte) error {
	d := xml.NewDecoder(bytes.NewReader(svg))
	d.Strict = true
	depth, svgs, children := 0, 0, 0
	var titleText strings.Builder
	inTitle, sawTitle := false, false
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			return fmt.Errorf("not well-formed XML: %v", err)
		}
		switch t := tok.(type) {
		case xml.StartElement:
			name := t.Name.Local
			if depth == 0 {
				if name != "svg" || svgs > 0 {
					return fmt.Errorf("root element <%s>: want one <svg>", name)
				}
				svgs++
				if attr(t, "viewBox") == "" {
					return fmt.Errorf("<svg> has no viewBox")
				}
			} else if name == "svg" {
				return fmt.Errorf("nested <svg>")
			}
			if depth == 1 {
				children++
				if children == 1 {
					if name != "title" {
						return fmt.Errorf("first child <%s>: want <title>", name)
					}
					inTitle, sawTitle = true, true
				}
			}
			switch name {
			case "image", "script", "foreignObject", "use", "style", "a", "iframe", "object", "embed":
				return fmt.Errorf("<%s> element", name)
			}
			for _, a := range t.Attr {
				v := strings.ToLower(a.Value)
				if a.Name.Local == "href" || strings.HasPrefix(a.Name.Local, "on") || strings.Contains(v, "url(") ||
					strings.Contains(v, "javascript:") || a.Name.Local == "style" {
					return fmt.Errorf("<%s %s=%q>: an external reference or a script", name, a.Name.Local, a.Value)
				}
			}
			depth++
		case xml.EndElement:
			depth--
			if depth == 1 {
				inTitle = false
			}
		case xml.CharData:
			if inTitle {
				titleText.Write(t)
			}
		case xml.ProcInst, xml.Directive:
			return fmt.Errorf("processing instruction or directive in a diagram")
		}
	}
	switch {
	case svgs != 1:
		return fmt.Errorf("no <svg> element")
	case !sawTitle || strings.TrimSpace(titleText.String()) == "":
		return fmt.Errorf("no <title> text")
	}
	return nil
}

func attr(e xml.StartElement, name string) string {
	for _, a := range e.Attr {
		if a.Name.Local == name {
			return a.Value
		}
	}
	return ""
}
