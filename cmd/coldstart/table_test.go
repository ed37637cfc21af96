package main

import (
	"os"

	"github.com/httpclientbench/httpclientbench/clients/coldstart"
)

// renderTable is coldstart.Table of the results file at path.
func renderTable(path string) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	return coldstart.Table(f, path)
}
