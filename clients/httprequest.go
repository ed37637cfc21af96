package clients

import (
	"bytes"
	"io"
	"mime/multipart"
	"strconv"

	"github.com/httpclientbench/httpclientbench/server"
)

// Building requests: pieces shared by more than one adapter.

// RangeHeader is the Range header for n bytes from start.
func RangeHeader(start int64, n int) string {
	return "bytes=" + strconv.FormatInt(start, 10) + "-" + strconv.FormatInt(start+int64(n)-1, 10)
}

// EncodeForm writes f with mime/multipart, the standard library's encoder,
// and returns the writer (for its boundary and Content-Type).
func EncodeForm(w io.Writer, f server.Form) (*multipart.Writer, error) {
	mw := multipart.NewWriter(w)
	for _, fl := range f.Fields {
		if err := mw.WriteField(fl.Name, fl.Value); err != nil {
			return nil, err
		}
	}
	for _, fl := range f.Files {
		part, err := mw.CreateFormFile(fl.Field, fl.Filename)
		if err != nil {
			return nil, err
		}
		if _, err := part.Write(fl.Content); err != nil {
			return nil, err
		}
	}
	return mw, mw.Close()
}

// FormBody is EncodeForm into a new buffer, for the net/http-based clients.
func FormBody(f server.Form) (*bytes.Buffer, string, error) {
	var b bytes.Buffer
	mw, err := EncodeForm(&b, f)
	if err != nil {
		return nil, "", err
	}
	return &b, mw.FormDataContentType(), nil
}
