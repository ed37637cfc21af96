package results

import "strings"

// Module is the module path: its root package's benchmarks are named
// without a package prefix.
const Module = "github.com/httpclientbench/httpclientbench"

// Name is a series' name where several packages' results meet (the
// nightly stores, cmd/benchdiff's rows): a function of its own package and
// name only. The module's root package (and results without a pkg: line)
// gives no prefix, another package of the module its path relative to the
// module and a dot, a package outside the module its import path and a dot.
func Name(pkg, name string) string {
	switch {
	case pkg == "" || pkg == Module:
		return name
	case strings.HasPrefix(pkg, Module+"/"):
		return strings.TrimPrefix(pkg, Module+"/") + "." + name
	}
	return pkg + "." + name
}
