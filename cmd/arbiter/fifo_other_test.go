//go:build !unix

package main

import "errors"

func syscallMkfifo(string) error { return errors.New("no FIFOs here") }
