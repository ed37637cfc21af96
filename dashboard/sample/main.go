// Command sample writes sample nightly stores for the dashboard, generated
// from the recorded whole suite (docs/results.txt) by cmd/benchjson, as a
// site tree to serve the page from:
//
//	go run ./dashboard/sample -o DIR [-runs 50]
//
// writes DIR/dev/bench/<machine>/data.js for every machine of
// dashboard.Machines (dashboard/internal/sample says how the runs are
// made). Copy the dashboard beside them and serve the tree:
//
//	site=$(mktemp -d) && go run ./dashboard/sample -o "$site" &&
//	  cp -r dashboard "$site/dev/bench/" && cd "$site" && python3 -m http.server 8000 --bind 127.0.0.1
//	# open http://127.0.0.1:8000/dev/bench/dashboard/
package main

import (
	"flag"
	"fmt"
	"log"
	"os"

	"github.com/httpclientbench/httpclientbench/dashboard/internal/sample"
)

func main() {
	log.SetFlags(0)
	log.SetPrefix("sample: ")
	out := flag.String("o", "", "the site tree to write dev/bench/<machine>/data.js in (required)")
	runs := flag.Int("runs", sample.DefaultRuns, fmt.Sprintf("runs of the first machine (its stores keep the last %d); the others get 3/5 as many", sample.MaxItems))
	root := flag.String("root", "", "the module's root directory (default: found from the working directory up)")
	flag.Parse()
	if *out == "" || flag.NArg() > 0 {
		flag.Usage()
		os.Exit(2)
	}
	if *root == "" {
		var err error
		if *root, err = sample.FindRoot(); err != nil {
			log.Fatal(err)
		}
	}
	hs, err := sample.Write(*out, sample.Options{Root: *root, Runs: *runs})
	if err != nil {
		log.Fatal(err)
	}
	for _, h := range hs {
		slowed := 0
		for _, r := range h.Stored() {
			slowed += len(r.Slowed)
		}
		fmt.Printf("%s: %d runs stored, %d slowed leaves, %.1f MB\n", h.Path, len(h.Stored()), slowed, float64(h.Size)/1e6)
	}
}
