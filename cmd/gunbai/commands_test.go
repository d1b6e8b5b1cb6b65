package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/gunbai/gunbai/bot"
)

// commandsOut runs gunbai commands with args and returns its stdout.
func commandsOut(t *testing.T, args ...string) string {
	t.Helper()
	var out, errb bytes.Buffer
	if code := run(append([]string{"commands"}, args...), &out, &errb); code != 0 || errb.Len() > 0 {
		t.Fatalf("gunbai commands %q: code %d, %s", args, code, errb.String())
	}
	return out.String()
}

// decoded is JSON decoded into maps and slices, to be compared as values.
func decoded(t *testing.T, data []byte) any {
	t.Helper()
	var v any
	if err := json.Unmarshal(data, &v); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, data)
	}
	return v
}

// gunbai commands -json prints bot.Commands() as it is sent to Discord.
func TestCommandsJSONIsWhatIsSent(t *testing.T) {
	out := commandsOut(t, "-json")
	want, err := json.Marshal(bot.Commands())
	if err != nil {
		t.Fatal(err)
	}
	if got := decoded(t, []byte(out)); !reflect.DeepEqual(got, decoded(t, want)) {
		t.Fatalf("gunbai commands -json differs from bot.Commands():\n%s", out)
	}
	if !strings.HasPrefix(out, "[\n  {\n    \"") || !strings.HasSuffix(out, "]\n") {
		t.Errorf("not indented: %.60q", out)
	}
}

// placeholder matches the texts a missing name falls back to: "order(15)"
// from render's names, or a catalogue key such as "cmd.order.opt.x.name"
// or "order.rally" returned as it is.
var placeholder = regexp.MustCompile(`\(\d|^[a-z0-9_]+(\.[a-z0-9_]+)+$`)

// node is a command, option or choice of the JSON, for the walks below.
type node struct {
	path, name, ru string
}

func walkCommands(t *testing.T, data []byte) []node {
	t.Helper()
	var cmds []cmdNode
	if err := json.Unmarshal(data, &cmds); err != nil {
		t.Fatal(err)
	}
	var out []node
	var walk func(path string, n cmdNode)
	walk = func(path string, n cmdNode) {
		path += " " + n.Name
		out = append(out, node{path, n.Name, n.NameLocalizations["ru"]})
		for _, c := range n.Choices {
			out = append(out, node{path + " = " + string(c.Value), c.Name, c.NameLocalizations["ru"]})
		}
		for _, o := range n.Options {
			walk(path, o)
		}
	}
	for _, c := range cmds {
		walk("", c)
	}
	return out
}

// Every command, subcommand, option and choice sent to Discord has a
// Russian name, and neither name looks like a placeholder.
func TestCommandsAreNamedInRussian(t *testing.T) {
	nodes := walkCommands(t, []byte(commandsOut(t, "-json")))
	if len(nodes) < 50 {
		t.Fatalf("only %d nodes", len(nodes))
	}
	for _, n := range nodes {
		if strings.TrimSpace(n.ru) == "" {
			t.Errorf("%s: no Russian name (name_localizations.ru)", n.path)
		}
		for _, s := range []string{n.name, n.ru} {
			if placeholder.MatchString(s) || strings.HasPrefix(s, "cmd.") {
				t.Errorf("%s: placeholder name %q", n.path, s)
			}
		}
	}
}

// The tree shows every command, option and choice with both its names.
func TestCommandsTree(t *testing.T) {
	out := commandsOut(t)
	for _, n := range walkCommands(t, []byte(commandsOut(t, "-json"))) {
		want := n.name + " (ru: " + n.ru + ")"
		if strings.Count(n.path, " ") == 1 { // a command
			want = "/" + n.name + " (ru: /" + n.ru + ")"
		}
		if !strings.Contains(out, want) {
			t.Errorf("the tree lacks %s (%s / %s)", n.path, n.name, n.ru)
		}
	}
	for _, c := range bot.Commands() {
		if !strings.Contains(out, "\n    en: "+c.Description+"\n    ru: "+(*c.DescriptionLocalizations)["ru"]+"\n") {
			t.Errorf("the tree lacks the descriptions of /%s", c.Name)
		}
	}
	if !strings.Contains(out, "/battle (ru: /") || !strings.Contains(out, "Manage Server") {
		t.Errorf("tree:\n%s", out)
	}
}

// gunbai commands -register sends the commands to each configured guild
// over REST, with the application of the token's user or of the config,
// and starts no bot.
func TestCommandsRegister(t *testing.T) {
	srv := fakeDiscord(t)
	second := srv.NewID()
	srv.Guilds().Add(second, "Second")
	dir := t.TempDir()
	write := func(name, doc string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(doc), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	guilds := "guilds = [" + strconv.Quote(srv.GuildID()) + ", " + strconv.Quote(second) + "]\n"
	path := write("config.toml", "[discord]\n"+guilds)
	t.Setenv("GUNBAI_TOKEN", "register-token")

	out := commandsOut(t, "-register", "-config", path)
	for _, g := range []string{srv.GuildID(), second} {
		if got := srv.Interactions().Commands(g); len(got) != len(bot.GuildCommands()) {
			t.Errorf("guild %s: %d commands", g, len(got))
		}
		if !strings.Contains(out, "guild "+g+": "+strconv.Itoa(len(bot.GuildCommands()))+" commands of application "+srv.AppID()) {
			t.Errorf("output: %s", out)
		}
	}
	if srv.Gateway().Identified() {
		t.Error("-register opened a gateway session")
	}

	// application_id of the config is the application registered for.
	var stdout, stderr bytes.Buffer
	wrong := write("wrong.toml", "[discord]\napplication_id = \"123456789012345678\"\n"+guilds)
	if code := run([]string{"commands", "-register", "-config", wrong}, &stdout, &stderr); code != 1 ||
		!strings.Contains(stderr.String(), "application 123456789012345678 in guild "+srv.GuildID()) {
		t.Fatalf("wrong application: %d %q", code, stderr.String())
	}
	right := write("right.toml", "[discord]\napplication_id = "+strconv.Quote(srv.AppID())+"\n"+guilds)
	commandsOut(t, "-register", "-config", right)

	// Without guilds there is nothing to register in.
	stderr.Reset()
	none := write("none.toml", "[discord]\n")
	if code := run([]string{"commands", "-register", "-config", none}, &stdout, &stderr); code != 2 || !strings.Contains(stderr.String(), "guilds of "+none+" is empty") {
		t.Fatalf("no guilds: %d %q", code, stderr.String())
	}
	// Without a token, neither.
	t.Setenv("GUNBAI_TOKEN", "")
	stderr.Reset()
	if code := run([]string{"commands", "-register", "-config", path}, &stdout, &stderr); code != 2 || !strings.Contains(stderr.String(), "GUNBAI_TOKEN") {
		t.Fatalf("no token: %d %q", code, stderr.String())
	}
	stderr.Reset()
	if code := run([]string{"commands", "-register", "-json"}, &stdout, &stderr); code != 2 {
		t.Fatalf("-register -json: %d %q", code, stderr.String())
	}
}
