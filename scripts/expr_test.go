package scripts_test

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/rhysd/actionlint"
)

// evalTemplate evaluates a workflow string with ${{ }} expressions, as
// GitHub does, in the given contexts (nested maps), for the subset of the
// expression language the tests evaluate of the workflows: context
// properties, string literals, ==, !=, !, && and || (which yield an
// operand, as in JavaScript), format(), and the status functions always()
// and cancelled(). Strings compare without case.
func evalTemplate(t *testing.T, s string, ctx map[string]any) string {
	t.Helper()
	var b strings.Builder
	for {
		i := strings.Index(s, "${{")
		if i < 0 {
			b.WriteString(s)
			return b.String()
		}
		b.WriteString(s[:i])
		l := actionlint.NewExprLexer(s[i+3:])
		n, err := actionlint.NewExprParser().Parse(l)
		if err != nil {
			t.Fatalf("%q: %v", s, err)
		}
		b.WriteString(str(evalExpr(t, n, ctx)))
		s = s[i+3+l.Offset():]
	}
}

// evalCond evaluates an if: condition (with or without ${{ }}).
func evalCond(t *testing.T, cond string, ctx map[string]any) bool {
	t.Helper()
	c := strings.TrimSuffix(strings.TrimPrefix(strings.TrimSpace(cond), "${{"), "}}")
	n, err := actionlint.NewExprParser().Parse(actionlint.NewExprLexer(c + "}}"))
	if err != nil {
		t.Fatalf("%q: %v", cond, err)
	}
	return truthy(evalExpr(t, n, ctx))
}

func evalExpr(t *testing.T, n actionlint.ExprNode, ctx map[string]any) any {
	t.Helper()
	switch n := n.(type) {
	case *actionlint.VariableNode:
		return ctx[n.Name]
	case *actionlint.ObjectDerefNode:
		m, _ := evalExpr(t, n.Receiver, ctx).(map[string]any)
		return m[n.Property]
	case *actionlint.StringNode:
		return n.Value
	case *actionlint.NotOpNode:
		return !truthy(evalExpr(t, n.Operand, ctx))
	case *actionlint.LogicalOpNode:
		l := evalExpr(t, n.Left, ctx)
		if truthy(l) == (n.Kind == actionlint.LogicalOpNodeKindOr) {
			return l
		}
		return evalExpr(t, n.Right, ctx)
	case *actionlint.CompareOpNode:
		l, r := evalExpr(t, n.Left, ctx), evalExpr(t, n.Right, ctx)
		eq := fmt.Sprintf("%T", l) == fmt.Sprintf("%T", r) && strings.EqualFold(str(l), str(r))
		if n.Kind == actionlint.CompareOpNodeKindEq || n.Kind == actionlint.CompareOpNodeKindNotEq {
			return eq == (n.Kind == actionlint.CompareOpNodeKindEq)
		}
	case *actionlint.FuncCallNode:
		switch strings.ToLower(n.Callee) {
		case "always":
			return true
		case "cancelled": // the run's status so far, ctx["job"]["status"]
			jobCtx, _ := ctx["job"].(map[string]any)
			return jobCtx["status"] == "cancelled"
		}
		if strings.EqualFold(n.Callee, "format") && len(n.Args) > 0 {
			f := str(evalExpr(t, n.Args[0], ctx))
			for i, a := range n.Args[1:] {
				f = strings.ReplaceAll(f, "{"+strconv.Itoa(i)+"}", str(evalExpr(t, a, ctx)))
			}
			return f
		}
	}
	t.Fatalf("expression %T not supported by this test's evaluator", n)
	return nil
}

func truthy(v any) bool {
	switch v := v.(type) {
	case nil:
		return false
	case bool:
		return v
	case float64:
		return v != 0
	case string:
		return v != ""
	}
	return true
}

func str(v any) string {
	switch v := v.(type) {
	case nil:
		return ""
	case float64:
		return strconv.FormatFloat(v, 'f', -1, 64)
	}
	return fmt.Sprint(v)
}

func TestEvalTemplate(t *testing.T) {
	ctx := map[string]any{"github": map[string]any{"event_name": "push", "run_id": "42", "event": map[string]any{"number": float64(7)}}}
	for in, want := range map[string]string{
		"a-${{ github.event.number || github.ref }}-b":                               "a-7-b",
		"${{ github.event.nope || github.run_id }}":                                  "42",
		"${{ github.event_name == 'PUSH' && format('x{0}y', github.run_id) || '' }}": "x42y",
		"${{ github.event_name != 'push' && 'x' || '' }}${{ !github.event.nope }}":   "true",
	} {
		if got := evalTemplate(t, in, ctx); got != want {
			t.Errorf("%s = %q, want %q", in, got, want)
		}
	}
}
