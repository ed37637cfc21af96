// Package suite stands for the suite in cmd/benchreport's tests: its test
// binary's -leaves prints the leaves of testdata/runner.txt but one
// (Pool/proto=h1/conn=pooled/client=fasthttp, gone from the suite), and
// leaves that file lacks: a client new to the suite (hertz), a client new
// to a family (resty's download), a variant new to a
// family, a family of its own and a benchmark without a client.
package suite

import (
	"flag"
	"fmt"
	"os"
	"testing"
)

var listLeaves = flag.Bool("leaves", false, "print the leaves, one a line, and run nothing")

var leaves = []string{
	"LoopbackRoundTrip",
	"H1GetBytes/buf=fresh/client=nethttp",
	"H1GetBytes/buf=fresh/client=fasthttp",
	"H1GetBytes/buf=fresh/client=resty",
	"H1GetBytes/buf=fresh/client=hertz",
	"H1GetBytes/buf=fresh/client=raw",
	"H1GetBytes/buf=reused/client=nethttp",
	"H1GetBytes/buf=reused/client=fasthttp",
	"H1GetBytes/buf=reused/client=resty",
	"H1GetBytes/buf=reused/client=raw",
	"H1Download/size=1MiB/buf=fresh/client=nethttp",
	"H1Download/size=1MiB/buf=fresh/client=fasthttp",
	"H1Download/size=1MiB/buf=fresh/client=resty",
	"H1Download/size=1MiB/buf=fresh/client=raw",
	"H1Download/size=1MiB/buf=reused/client=nethttp",
	"H1Download/size=1MiB/buf=reused/client=fasthttp",
	"H1Download/size=1MiB/buf=reused/client=raw",
	"H1Download/size=64KiB/buf=fresh/client=nethttp",
	"H1Download/size=64KiB/buf=fresh/client=fasthttp",
	"H1Download/size=64KiB/buf=fresh/client=raw",
	"H1Download/size=64KiB/buf=reused/client=nethttp",
	"H1Download/size=64KiB/buf=reused/client=fasthttp",
	"H1Download/size=64KiB/buf=reused/client=raw",
	"H2Get/window=default/client=nethttp",
	"H2Get/window=default/client=xnethttp2",
	"H2Get/window=default/client=resty",
	"H2Get/window=tuned/client=nethttp",
	"H2Get/window=tuned/client=xnethttp2",
	"H2Get/window=tuned/client=resty",
	"H2Download/size=1MiB/window=tuned/buf=fresh/client=nethttp",
	"H2Download/size=1MiB/window=tuned/buf=fresh/client=xnethttp2",
	"H2Download/size=1MiB/window=tuned/buf=reused/client=nethttp",
	"H2Download/size=1MiB/window=tuned/buf=reused/client=xnethttp2",
	"Upload/size=1MiB/length=known/client=nethttp",
	"Upload/size=1MiB/length=known/client=fasthttp",
	"Upload/size=1MiB/length=unknown/client=nethttp",
	"Upload/size=1MiB/length=unknown/client=fasthttp",
	"Pool/proto=h1/conn=pooled/client=nethttp",
	"Pool/proto=h2/window=default/conn=pooled/client=nethttp",
	"Pool/proto=h2/window=default/conn=pooled/client=xnethttp2",
	"H1Download/size=4MiB/buf=fresh/client=nethttp",
	"H1Download/size=4MiB/buf=fresh/client=raw",
	"Copy/client=nethttp",
	"Copy/client=raw",
	"LoopbackUDP",
}

func TestMain(m *testing.M) {
	flag.Parse()
	if *listLeaves {
		for _, l := range leaves {
			fmt.Println(l)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}
