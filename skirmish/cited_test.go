package skirmish

import (
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
)

// extrasPaths are where EXTRAS.md may be: beside the repository
// (../shared/rules from its root), or the shared folder of the machine.
var extrasPaths = []string{"../../shared/rules/EXTRAS.md", "/work/shared/rules/EXTRAS.md"}

// outStill are E2 mechanic IDs marked [OUT] for a reason that still holds,
// with the reason; F-E2-5 adopted the game whole, so there is none.
var outStill = map[string]string{}

// e2Mechanics are the E2 mechanic IDs EXTRAS section 4.b defines (bold),
// the ambiguities (E2-Q) apart.
func e2Mechanics(text string) []string {
	start := strings.Index(text, "## 4. E2")
	if start < 0 {
		return nil
	}
	sec := text[start:]
	if i := strings.Index(sec, "### 4.b"); i >= 0 {
		sec = sec[i:]
	}
	if i := strings.Index(sec, "### 4.c"); i >= 0 {
		sec = sec[:i]
	}
	seen := map[string]bool{}
	for _, m := range regexp.MustCompile(`\*\*(E2-[A-Z]+[0-9]*)\b`).FindAllStringSubmatch(sec, -1) {
		if !strings.HasPrefix(m[1], "E2-Q") {
			seen[m[1]] = true
		}
	}
	var out []string
	for id := range seen {
		out = append(out, id)
	}
	sort.Strings(out)
	return out
}

// Every E2 mechanic ID of EXTRAS section 4 not [OUT] for a reason that
// still holds is cited by this package's tests (as E2-X1 or E2_X1).
func TestEveryE2IDCited(t *testing.T) {
	var text []byte
	for _, p := range extrasPaths {
		if b, err := os.ReadFile(p); err == nil {
			text = b
			break
		}
	}
	if text == nil {
		t.Skip("EXTRAS.md not found beside the repository")
	}
	ids := e2Mechanics(string(text))
	if len(ids) < 20 {
		t.Fatalf("only %d E2 IDs read from section 4: %v", len(ids), ids)
	}
	files, _ := filepath.Glob("*_test.go")
	var tests strings.Builder
	for _, f := range files {
		if f == "cited_test.go" {
			continue
		}
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		tests.Write(b)
	}
	var missing []string
	for _, id := range ids {
		if _, out := outStill[id]; out {
			continue
		}
		re := regexp.MustCompile(`E2[-_]` + regexp.QuoteMeta(id[3:]) + `([^0-9A-Za-z]|$)`)
		if !re.MatchString(tests.String()) {
			missing = append(missing, id)
		}
	}
	if len(missing) > 0 {
		t.Errorf("E2 IDs no test cites: %v (of %v)", missing, ids)
	}
}
