//go:build js && wasm

// Command arbiter-wasm is arbiter's check compiled to WebAssembly, for the
// browser page in web/ (make web builds both): the page hands it the files
// a person dropped or picked and the settings of its form, and shows the
// HTML report it returns, the same page 'arbiter check --format html'
// writes. Everything runs in the browser: nothing is uploaded.
//
// It sets one global, arbiter, with:
//
//	arbiter.check(files, fields) -> {html, summary, notes, errors, error}
//	  files: [{name, data: Uint8Array}]; fields: {select: "...", ...}, the
//	  keys of .arbiter.yaml (config.FieldKeys); errors: the fields' mistakes
//	arbiter.fields(text) -> {fields, unused, error}: a dropped .arbiter.yaml
//	  as the form's fields
//	arbiter.variants: [{name, game, description}], for the form's lists
//	arbiter.fieldKeys: the form's fields, in order
//
// and dispatches the event "arbiter-ready" on window once they are set.
package main

import (
	"bytes"
	"errors"
	"fmt"
	"syscall/js"

	"arbiter/notation/input"
	"arbiter/referee"
	"arbiter/referee/checker"
	"arbiter/referee/codes"
	"arbiter/referee/config"
	"arbiter/referee/report"
	"arbiter/variants"
)

func main() {
	api := js.Global().Get("Object").New()
	api.Set("check", js.FuncOf(check))
	api.Set("fields", js.FuncOf(fields))
	api.Set("variants", variantList())
	keys := make([]any, len(config.FieldKeys))
	for i, k := range config.FieldKeys {
		keys[i] = k
	}
	api.Set("fieldKeys", keys)
	js.Global().Set("arbiter", api)
	js.Global().Call("dispatchEvent", js.Global().Get("Event").New("arbiter-ready"))
	select {} // the page calls in for as long as it is open
}

// check runs 'arbiter check --format html' on the files given, under the
// form's settings (as if an .arbiter.yaml beside the files held them).
func check(_ js.Value, args []js.Value) any {
	out := map[string]any{}
	if len(args) < 2 {
		out["error"] = "check(files, fields)"
		return out
	}
	fieldValues := map[string]string{}
	for _, k := range config.FieldKeys {
		if v := args[1].Get(k); v.Type() == js.TypeString {
			fieldValues[k] = v.String()
		}
	}
	cfg, fieldErrs := config.FromFields("the form", fieldValues)
	if fieldErrs != nil {
		errs := map[string]any{}
		for k, v := range fieldErrs {
			errs[k] = v
		}
		out["errors"] = errs
		return out
	}

	var in []input.Source
	var notes []any
	skipped := 0
	files := args[0]
	for i := range files.Length() {
		f := files.Index(i)
		data := make([]byte, f.Get("data").Get("length").Int())
		js.CopyBytesToGo(data, f.Get("data"))
		for _, s := range input.Bytes(f.Get("name").String(), data, input.DefaultExtensions, input.DefaultLimits()) {
			if s.Skip != "" {
				notes = append(notes, fmt.Sprintf("warning: %s: %s", s.Name, s.Skip))
				skipped++
				continue
			}
			in = append(in, s)
		}
	}

	opts := referee.StreamOptions{Options: referee.Options{Variations: referee.VariationsWarn}, Codes: codes.Matcher}
	format, ok := report.Lookup("html")
	if !ok {
		out["error"] = "this build has no html report"
		return out
	}
	opts.Film = format.Film
	filter := config.NewFilter(config.Layer{}, false)
	flags := config.Flags{Variations: referee.VariationsWarn}
	var applied *config.Applied
	if cfg != nil {
		applied = config.Given(cfg, in, opts.Options, filter, flags)
	}
	var page bytes.Buffer
	run := &checker.Run{Inputs: in, Skipped: skipped, Options: opts, Filter: filter, Config: applied,
		Writer: format.New(&page, report.Options{}), CarriesSuppressed: format.CarriesSuppressed,
		Unreadable: func(name string, err error) { notes = append(notes, fmt.Sprintf("error: %s: %v", name, err)) },
	}
	res, err := run.Check()
	var fe *checker.FamilyError
	switch {
	case errors.As(err, &fe):
		chosen := fe.ChosenBy
		if chosen == "" {
			chosen = "the rules chosen"
		}
		out["error"] = chosen + ": " + fe.Error()
		return out
	case err != nil:
		out["error"] = err.Error()
		return out
	}
	for _, name := range res.NoGame {
		notes = append(notes, "warning: "+name+": no game in this file")
	}
	out["html"] = page.String()
	out["summary"] = res.Summary.Line()
	out["valid"] = res.Summary.Invalid == 0 && len(res.Unreadable) == 0
	out["notes"] = notes
	return out
}

// fields reads a dropped .arbiter.yaml into the form's fields.
func fields(_ js.Value, args []js.Value) any {
	out := map[string]any{}
	if len(args) < 1 {
		out["error"] = "fields(text)"
		return out
	}
	f, unused, err := config.Fields([]byte(args[0].String()))
	if err != nil {
		out["error"] = err.Error()
		return out
	}
	vals := map[string]any{}
	for k, v := range f {
		vals[k] = v
	}
	out["fields"] = vals
	u := make([]any, len(unused))
	for i, k := range unused {
		u[i] = k
	}
	out["unused"] = u
	return out
}

func variantList() any {
	all, err := variants.Builtin()
	if err != nil {
		return []any{}
	}
	out := make([]any, 0, len(all))
	for _, v := range all {
		out = append(out, map[string]any{"name": v.Name, "game": v.Game, "description": v.Description})
	}
	return out
}
