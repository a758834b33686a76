package main

import "arbiter/referee/report"

// printable and printableLines are report.Printable and
// report.PrintableLines: every text of a record or a file name the
// command line writes to a terminal goes through them.
func printable(s string) string      { return report.Printable(s) }
func printableLines(s string) string { return report.PrintableLines(s) }
