package config

import (
	"net"
	"strconv"
	"strings"
)

// OpsConfig is [ops]: what the host watches (docs/operations.md, "Health
// and metrics").
type OpsConfig struct {
	// Listen is the address of the ops listener serving /healthz and
	// /metrics, such as "127.0.0.1:9464"; empty: no listener.
	Listen string
	// Log is the log's format: "text" (key=value) or "json".
	Log string
}

type rawOps struct {
	Listen string `toml:"listen"`
	Log    string `toml:"log"`
}

// opsFromRaw checks [ops].
func opsFromRaw(r rawOps, bad func(key, format string, args ...any)) OpsConfig {
	c := OpsConfig{Listen: strings.TrimSpace(r.Listen), Log: strings.TrimSpace(r.Log)}
	if c.Listen != "" {
		host, port, err := net.SplitHostPort(c.Listen)
		n, perr := strconv.Atoi(port)
		switch {
		case err != nil:
			bad("ops.listen", "%q is not a host:port address (want e.g. \"127.0.0.1:9464\")", c.Listen)
		case perr != nil || n < 0 || n > 65535:
			bad("ops.listen", "%q: port %q is not a number from 0 to 65535", c.Listen, port)
		case host != "" && net.ParseIP(host) == nil && host != "localhost":
			bad("ops.listen", "%q: host %q is not an IP address or localhost", c.Listen, host)
		}
	}
	if c.Log != "text" && c.Log != "json" {
		bad("ops.log", "unknown format %q (want \"text\" or \"json\")", c.Log)
	}
	return c
}
