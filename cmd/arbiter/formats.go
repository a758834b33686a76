package main

import (
	"strings"

	"arbiter/referee/report"
)

// formats are the --format values: referee/report's.
func formats() []report.Format { return report.Formats() }

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
