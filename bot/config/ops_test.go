package config

import (
	"strings"
	"testing"
)

// [ops] takes a host:port and a log format, and says what is wrong with
// anything else.
func TestOpsConfigMetricsAndHealthKeys(t *testing.T) {
	c, err := Parse("config.toml", []byte("[ops]\nlisten = \"127.0.0.1:9464\"\nlog = \"json\"\n"))
	if err != nil {
		t.Fatal(err)
	}
	if c.Ops != (OpsConfig{Listen: "127.0.0.1:9464", Log: "json"}) {
		t.Fatalf("ops: %+v", c.Ops)
	}
	if d := Default().Ops; d.Listen != "" || d.Log != "text" {
		t.Fatalf("default ops: %+v", d)
	}
	for _, tc := range []struct{ file, want string }{
		{"[ops]\nlisten = \"9464\"\n", `ops.listen: "9464" is not a host:port address`},
		{"[ops]\nlisten = \"127.0.0.1:http\"\n", `port "http" is not a number`},
		{"[ops]\nlisten = \"example.com:9464\"\n", `host "example.com" is not an IP address`},
		{"[ops]\nlog = \"xml\"\n", `ops.log: unknown format "xml"`},
		{"[ops]\nlisen = \"\"\n", `unknown key "ops.lisen" (did you mean "ops.listen"?)`},
	} {
		_, err := Parse("config.toml", []byte(tc.file))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: %v, want %q", tc.file, err, tc.want)
		}
	}
}
