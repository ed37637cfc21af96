// Package markdown writes the project's generated documents: the Markdown
// tables of every page and report (Table), the generated blocks between
// markers in a hand-written page (Syntax.Rewrite), and whole files written
// or replaced at once, with the relative links between them (Write,
// ReplaceAll, Link).
package markdown
