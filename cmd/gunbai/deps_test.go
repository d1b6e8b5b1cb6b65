package main

import (
	"os/exec"
	"strings"
	"testing"
)

// The production binary links none of the test machinery: not testing,
// not httptest, not bot/discordtest nor the OpenAPI validator it carries
// (with Discord's 1.1 MB description). The sandbox it links runs the fake
// of bot/discordfake, which has none of them (issue 26).
func TestBinaryLinksNoTestMachinery(t *testing.T) {
	// go test puts its own GOROOT/bin first on the test's PATH.
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Fatalf("no go command at hand: %v", err)
	}
	out, err := exec.Command(goTool, "list", "-deps", ".").Output()
	if err != nil {
		t.Fatalf("go list -deps: %v", err)
	}
	banned := map[string]string{
		"testing":           "the test framework",
		"net/http/httptest": "test HTTP servers",
		"github.com/gunbai/gunbai/bot/discordtest": "the fake Discord's test side, with Discord's OpenAPI description",
		"github.com/santhosh-tekuri/jsonschema/v6": "the OpenAPI validator",
	}
	for _, dep := range strings.Fields(string(out)) {
		if why, ok := banned[dep]; ok {
			t.Errorf("gunbai links %s (%s)", dep, why)
		}
	}
}
