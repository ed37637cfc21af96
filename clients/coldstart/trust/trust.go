// Package trust loads the one certificate a cold-start program trusts for
// an https URL. Only the programs whose library speaks TLS import it, and
// they link crypto/x509 anyway, so it adds nothing a program's size would
// show.
package trust

import (
	"crypto/x509"
	"errors"
	"os"

	"github.com/httpclientbench/httpclientbench/clients/coldstart/answer"
)

// Roots is a pool of the PEM certificate in file alone; p fails if there
// is none.
func Roots(p answer.Program, file string) *x509.CertPool {
	pem, err := os.ReadFile(file)
	p.Must(err)
	roots := x509.NewCertPool()
	if !roots.AppendCertsFromPEM(pem) {
		p.Fail(errors.New(file + ": no PEM certificate"))
	}
	return roots
}
