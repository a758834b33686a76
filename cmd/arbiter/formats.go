package main

import (
	"slices"
	"strings"

	"arbiter/referee/report"
)

// formats are the --format values: referee/report's, and html in its
// place after sarif.
func formats() []report.Format {
	fs := report.Formats()
	at := slices.IndexFunc(fs, func(f report.Format) bool { return f.Name == "sarif" }) + 1
	return slices.Insert(fs, at, htmlFormat)
}

// formatNames are the --format values, in the order --help lists them.
func formatNames() []string {
	var names []string
	for _, f := range formats() {
		names = append(names, f.Name)
	}
	return names
}

func formatList() string { return strings.Join(formatNames(), ", ") }

// lookupFormat is the --format named name.
func lookupFormat(name string) (report.Format, error) {
	for _, f := range formats() {
		if f.Name == name {
			return f, nil
		}
	}
	return report.Format{}, usageError("unknown --format %q (%s)", name, formatList())
}
