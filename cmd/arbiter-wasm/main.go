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
	"syscall/js"

	"arbiter/referee/config"
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

// check hands the page's files and fields to checkFiles.
func check(_ js.Value, args []js.Value) any {
	if len(args) < 2 {
		return map[string]any{"error": "check(files, fields)"}
	}
	var files []file
	for i := range args[0].Length() {
		f := args[0].Index(i)
		data := make([]byte, f.Get("data").Get("length").Int())
		js.CopyBytesToGo(data, f.Get("data"))
		files = append(files, file{f.Get("name").String(), data})
	}
	fields := map[string]string{}
	for _, k := range config.FieldKeys {
		if v := args[1].Get(k); v.Type() == js.TypeString {
			fields[k] = v.String()
		}
	}
	r := checkFiles(files, fields)
	out := map[string]any{}
	switch {
	case r.fieldErrors != nil:
		errs := map[string]any{}
		for k, v := range r.fieldErrors {
			errs[k] = v
		}
		out["errors"] = errs
	case r.err != "":
		out["error"] = r.err
	default:
		notes := make([]any, len(r.notes))
		for i, n := range r.notes {
			notes[i] = n
		}
		out["html"], out["summary"], out["valid"], out["notes"] = r.html, r.summary, r.valid, notes
	}
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
