package main

import (
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode"

	"github.com/bwmarrin/discordgo"
	"github.com/gunbai/gunbai/bot"
	"github.com/gunbai/gunbai/game"
)

// The README and docs/ (issue 24, item 8): a short README, links that
// resolve, a true package table, a true config example.

const repoRoot = "../.."

// markdownFiles are README.md and every docs/*.md, relative to the root.
func markdownFiles(t *testing.T) []string {
	t.Helper()
	files := []string{"README.md"}
	docs, err := filepath.Glob(filepath.Join(repoRoot, "docs", "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range docs {
		rel, _ := filepath.Rel(repoRoot, d)
		files = append(files, filepath.ToSlash(rel))
	}
	for _, want := range []string{"docs/players.md", "docs/players.ru.md", "docs/gm.md", "docs/gm.ru.md", "docs/operations.md", "docs/operations.ru.md", "docs/developers.md", "docs/rules.en.md", "docs/rules.ru.md"} {
		if !slices.Contains(files, want) {
			t.Errorf("%s is missing", want)
		}
	}
	return files
}

func readRepo(t *testing.T, rel string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(repoRoot, rel))
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// The README is short: at most 2,500 words, as wc -w counts them.
func TestReadmeWordCount(t *testing.T) {
	if n := len(strings.Fields(readRepo(t, "README.md"))); n > 2500 {
		t.Errorf("README.md has %d words, more than 2,500: move the detail into docs/", n)
	}
}

var (
	reMDLink  = regexp.MustCompile(`!?\[[^\]]*\]\(([^)\s]+)\)`)
	reHTMLSrc = regexp.MustCompile(`(?:src|href)="([^"]+)"`)
	reHeading = regexp.MustCompile(`(?m)^#{1,6} (.+)$`)
	reFence   = regexp.MustCompile("(?ms)^```.*?^```")
)

// anchors are the fragment names GitHub gives a Markdown file's headings:
// lower case, punctuation dropped, spaces as dashes, a repeated one
// numbered.
func anchors(md string) map[string]bool {
	out := map[string]bool{}
	md = reFence.ReplaceAllString(md, "")
	for _, m := range reHeading.FindAllStringSubmatch(md, -1) {
		var b strings.Builder
		for _, r := range strings.ToLower(strings.TrimSpace(m[1])) {
			switch {
			case r == ' ':
				b.WriteRune('-')
			case r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r):
				b.WriteRune(r)
			}
		}
		a := b.String()
		for n := 1; out[a]; n++ {
			a = b.String() + "-" + strconv.Itoa(n)
		}
		out[a] = true
	}
	return out
}

// Every relative link and image of the README and docs/ names a file of
// the repository, and a #fragment names a heading of its Markdown file.
func TestDocsLinks(t *testing.T) {
	checked := 0
	for _, file := range markdownFiles(t) {
		md := readRepo(t, file)
		var targets []string
		for _, m := range reMDLink.FindAllStringSubmatch(reFence.ReplaceAllString(md, ""), -1) {
			targets = append(targets, m[1])
		}
		for _, m := range reHTMLSrc.FindAllStringSubmatch(md, -1) {
			targets = append(targets, m[1])
		}
		for _, target := range targets {
			if strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") {
				continue
			}
			checked++
			path, frag, _ := strings.Cut(target, "#")
			resolved := file
			if path != "" {
				resolved = filepath.ToSlash(filepath.Join(filepath.Dir(file), path))
				if strings.HasPrefix(resolved, "../") {
					t.Errorf("%s: %s points out of the repository", file, target)
					continue
				}
				if _, err := os.Stat(filepath.Join(repoRoot, resolved)); err != nil {
					t.Errorf("%s: the link %s names no file (%s)", file, target, resolved)
					continue
				}
			}
			if frag != "" {
				if !strings.HasSuffix(resolved, ".md") {
					t.Errorf("%s: the link %s has a fragment into a file that is not Markdown", file, target)
				} else if !anchors(readRepo(t, resolved))[frag] {
					t.Errorf("%s: the link %s names no heading of %s", file, target, resolved)
				}
			}
		}
	}
	if checked < 20 {
		t.Errorf("only %d links checked: the scan finds nothing", checked)
	}
}

// What the README and the docs must keep saying: the two set-up commands
// in the README's "Try it", the install step before a bare gunbai, the
// invite's permissions; "seed" only for the dice; the rules in the
// repository.
func TestDocsSay(t *testing.T) {
	readme := readRepo(t, "README.md")
	try := between(readme, "## Try it", "\n## ")
	if !strings.Contains(try, "    go run ./cmd/gunbai sandbox") || !strings.Contains(try, "    go test -race ./...") ||
		strings.Index(try, "go run ./cmd/gunbai sandbox") > strings.Index(try, "go test -race ./...") {
		t.Error("README's Try it lacks the two set-up commands, the sandbox first")
	}
	install := strings.Index(readme, "go build -o gunbai ./cmd/gunbai")
	if install < 0 || !strings.Contains(readme, "go install ./cmd/gunbai") {
		t.Error("README does not say how to build and install gunbai")
	}
	// No command line (an indented block) runs a bare gunbai before it.
	at := 0
	for _, ln := range strings.SplitAfter(readme, "\n") {
		if at < install && strings.HasPrefix(ln, "    ") && regexp.MustCompile(`(^|\s|/)gunbai `).MatchString(ln) && !strings.Contains(ln, "go run ./cmd/gunbai") {
			t.Errorf("README runs a bare gunbai before it says how to build it: %q", strings.TrimSpace(ln))
		}
		at += len(ln)
	}
	if !strings.Contains(readme, "docs/operations.md") || !strings.Contains(readRepo(t, "docs/operations.md"), "systemctl enable --now gunbai") {
		t.Error("no way to run gunbai as a service")
	}
	perms := strconv.Itoa(int(bot.InvitePermissions))
	for _, f := range []string{"README.md", "docs/gm.md"} {
		if s := readRepo(t, f); !strings.Contains(s, "permission integer `"+perms+"`") || !strings.Contains(s, "permissions="+perms) {
			t.Errorf("%s does not give the permission integer %s", f, perms)
		}
	}
	reDesignSeed := regexp.MustCompile(`(?i)\bseeds? 00\d|сид(ы|а)? 00\d`)
	for _, f := range markdownFiles(t) {
		s := readRepo(t, f)
		if m := reDesignSeed.FindString(s); m != "" {
			t.Errorf("%s names a design document %q: a seed is the dice's", f, m)
		}
		if strings.Contains(s, "outside this repository") {
			t.Errorf("%s says something is kept outside this repository", f)
		}
	}
	for file, topics := range map[string][]string{
		"docs/players.md":    {"## Your turn in four steps", "## What the roll, the stakes and the rerolls mean", "## What the orders mean", "## What the phases mean"},
		"docs/players.ru.md": {"## Ход в четыре шага", "## Порог, бросок и перебросы", "## Что значат приказы", "## Что значат фазы"},
	} {
		s := readRepo(t, file)
		for _, topic := range topics {
			if !strings.Contains(s, topic) {
				t.Errorf("%s lacks %q", file, topic)
			}
		}
	}
}

// The developers' house table lists every package of the module, and each
// row names exactly the module's packages that package imports, and the
// outside modules by their short names.
func TestDevelopersHouse(t *testing.T) {
	dev := readRepo(t, "docs/developers.md")
	rows := map[string]string{} // package path -> its imports cell
	for _, ln := range strings.Split(dev, "\n") {
		cells := strings.Split(ln, "|")
		// | path | what | imports |, where what may hold a | in code.
		if len(cells) < 5 || !strings.HasPrefix(strings.TrimSpace(cells[1]), "`") {
			continue
		}
		path := strings.Trim(strings.TrimSpace(cells[1]), "`/")
		rows[path] = cells[len(cells)-2]
	}
	const module = "github.com/gunbai/gunbai/"
	pkgs := 0
	err := filepath.WalkDir(repoRoot, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".") && p != repoRoot) {
			return filepath.SkipDir
		}
		if !d.IsDir() {
			return nil
		}
		imports := map[string]bool{}
		files, _ := filepath.Glob(filepath.Join(p, "*.go"))
		fset := token.NewFileSet()
		for _, f := range files {
			if strings.HasSuffix(f, "_test.go") {
				continue
			}
			af, err := parser.ParseFile(fset, f, nil, parser.ImportsOnly)
			if err != nil {
				return err
			}
			for _, im := range af.Imports {
				imports[strings.Trim(im.Path.Value, `"`)] = true
			}
		}
		if len(files) == 0 {
			return nil
		}
		rel, _ := filepath.Rel(repoRoot, p)
		rel = filepath.ToSlash(rel)
		pkgs++
		cell, ok := rows[rel]
		if !ok {
			t.Errorf("docs/developers.md: no row for the package %s", rel)
			return nil
		}
		var named []string
		for _, c := range regexp.MustCompile("`([^`]+)`").FindAllStringSubmatch(cell, -1) {
			named = append(named, c[1])
		}
		var own []string
		for im := range imports {
			switch {
			case strings.HasPrefix(im, module):
				own = append(own, strings.TrimPrefix(im, module))
			case strings.Contains(strings.Split(im, "/")[0], "."):
				if short := shortModule(im); !slices.ContainsFunc(named, func(n string) bool { return strings.HasPrefix(n, short) }) {
					t.Errorf("docs/developers.md: %s imports %s, its row does not name %s", rel, im, short)
				}
			}
		}
		for _, o := range own {
			if !slices.Contains(named, o) {
				t.Errorf("docs/developers.md: %s imports %s, its row does not name it", rel, o)
			}
		}
		for _, n := range named {
			if _, err := os.Stat(filepath.Join(repoRoot, n)); err == nil && !slices.Contains(own, n) {
				t.Errorf("docs/developers.md: %s's row names %s, which it does not import", rel, n)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if pkgs < 16 {
		t.Errorf("only %d packages found", pkgs)
	}
}

// shortModule is how the table names an outside import: the repository
// of github.com/owner/repo/..., x/name of golang.org/x/name/..., the
// module's name of other hosts' paths (bbolt of go.etcd.io/bbolt/errors).
func shortModule(path string) string {
	parts := strings.Split(path, "/")
	switch {
	case parts[0] == "golang.org" && len(parts) >= 3:
		return "x/" + parts[2]
	case parts[0] == "github.com" && len(parts) >= 3:
		return parts[2]
	case len(parts) >= 2:
		return parts[1]
	default:
		return parts[0]
	}
}

// Every path config.example.toml names is a file of the repository, and
// every scenario file it names loads as one.
func TestConfigExamplePaths(t *testing.T) {
	example := readRepo(t, "config.example.toml")
	rePath := regexp.MustCompile(`[\w.-]+(?:/[\w.-]+)+\.(?:toml|md|go)\b`)
	paths := rePath.FindAllString(example, -1)
	if len(paths) < 3 {
		t.Fatalf("config.example.toml names %d paths: %q", len(paths), paths)
	}
	for _, p := range paths {
		if _, err := os.Stat(filepath.Join(repoRoot, p)); err != nil {
			t.Errorf("config.example.toml names %s, which does not exist", p)
			continue
		}
		if strings.HasSuffix(p, ".toml") {
			if _, err := game.LoadScenarios([]string{filepath.Join(repoRoot, p)}); err != nil {
				t.Errorf("config.example.toml names the scenario file %s, which does not load: %v", p, err)
			}
		}
	}
}

// twinDocs are the docs written in both languages: docs/X.md and its
// Russian twin docs/X.ru.md.
var twinDocs = []string{"players", "gm", "operations"}

// headingLevels are a Markdown file's ## and ### headings, outside code
// blocks, as their levels in order ("2 3 3 2 ...").
func headingLevels(md string) []string {
	var out []string
	for _, m := range regexp.MustCompile(`(?m)^(#{2,3}) `).FindAllStringSubmatch(reFence.ReplaceAllString(md, ""), -1) {
		out = append(out, strconv.Itoa(len(m[1])))
	}
	return out
}

var (
	reCode = regexp.MustCompile("`([^`\n]+(?:\n[^`\n]+)?)`")
	// A token that reads the same in both languages: a gunbai command
	// line, a flag, a config section, a dotted or snake_case key, an
	// environment variable, a file name.
	reHostToken = regexp.MustCompile(`^(?:gunbai(?: .+)?|-[a-z]+|\[[a-z]+\](?: [a-z_]+)?|[a-z]+(?:[._][a-z_]+)+|[A-Z]+_[A-Z_]+|[\w./-]+\.(?:toml|db|md|go|csv|txt|service|env))$`)
)

// Each English guide has its Russian twin, linked both ways, with the same
// sections in the same order, and every command line, flag and config key
// of the English one in the Russian one too: a section dropped from a
// translation, or one never written, shows.
func TestDocsRussianTwins(t *testing.T) {
	for _, name := range twinDocs {
		en, ru := "docs/"+name+".md", "docs/"+name+".ru.md"
		enText, ruText := readRepo(t, en), readRepo(t, ru)
		if a, b := headingLevels(enText), headingLevels(ruText); strings.Join(a, " ") != strings.Join(b, " ") {
			t.Errorf("%s has the headings %v, %s %v: not the same sections", en, a, ru, b)
		}
		if len(headingLevels(enText)) < 4 {
			t.Errorf("%s: only %d headings found", en, len(headingLevels(enText)))
		}
		if !strings.Contains(enText, "("+name+".ru.md)") || !strings.Contains(ruText, "("+name+".md)") {
			t.Errorf("%s and %s do not link each other", en, ru)
		}
		if !strings.Contains(readRepo(t, "README.md"), "(docs/"+name+".ru.md)") {
			t.Errorf("README.md does not link %s", ru)
		}
		tokens := 0
		ruFlat := strings.Join(strings.Fields(ruText), " ")
		for _, m := range reCode.FindAllStringSubmatch(enText, -1) {
			tok := strings.Join(strings.Fields(m[1]), " ")
			if !reHostToken.MatchString(tok) {
				continue
			}
			tokens++
			if !strings.Contains(ruFlat, "`"+tok+"`") {
				t.Errorf("%s says `%s`, %s does not", en, tok, ru)
			}
		}
		if name != "players" && tokens < 20 {
			t.Errorf("%s: only %d command-line or config tokens found", en, tokens)
		}
	}
}

// commandPaths are the command paths Discord shows in one language, as
// the bot registers them: "/битва создать" -> its options' names, and a
// command with subcommands under its own name with nil options.
func commandPaths(ru bool) map[string]map[string]bool {
	name := func(en string, loc map[discordgo.Locale]string) string {
		if ru {
			return loc[discordgo.Russian]
		}
		return en
	}
	out := map[string]map[string]bool{}
	for _, c := range bot.Commands() {
		top := "/" + name(c.Name, *c.NameLocalizations)
		opts := map[string]bool{}
		for _, o := range c.Options {
			if o.Type != discordgo.ApplicationCommandOptionSubCommand {
				opts[name(o.Name, o.NameLocalizations)] = true
				continue
			}
			subOpts := map[string]bool{}
			for _, so := range o.Options {
				subOpts[name(so.Name, so.NameLocalizations)] = true
			}
			out[top+" "+name(o.Name, o.NameLocalizations)] = subOpts
			opts = nil
		}
		out[top] = opts
	}
	return out
}

// Every command a guide names is a command path Discord shows in the
// guide's language, with that path's options: the Russian guides name the
// Russian commands. A command of the other language may stand only in a
// paragraph that names it in the guide's own too (the table of names).
func TestDocsCommandNames(t *testing.T) {
	reWord := regexp.MustCompile(`^[\p{L}_-]+$`)
	checked := 0
	for _, name := range twinDocs {
		for _, file := range []string{"docs/" + name + ".md", "docs/" + name + ".ru.md"} {
			ru := strings.HasSuffix(file, ".ru.md")
			own, other := commandPaths(ru), commandPaths(!ru)
			for _, para := range strings.Split(reFence.ReplaceAllString(readRepo(t, file), ""), "\n\n") {
				for _, m := range reCode.FindAllStringSubmatch(para, -1) {
					words := strings.Fields(strings.NewReplacer("[", " ", "]", " ").Replace(m[1]))
					if len(words) == 0 || !strings.HasPrefix(words[0], "/") || !reWord.MatchString(words[0][1:]) {
						continue // not a command ("/tmp/x", a path)
					}
					checked++
					paths := own
					if _, ok := own[words[0]]; !ok {
						if _, ok := other[words[0]]; !ok {
							t.Errorf("%s: %q is no command", file, m[1])
							continue
						}
						twin := otherName(words[0], ru)
						if !strings.Contains(para, "`"+twin) {
							t.Errorf("%s: %q names a command in the other language (%s) outside a table of names", file, m[1], twin)
						}
						paths = other
					}
					path := words[0]
					if len(words) > 1 && paths[path] == nil {
						if _, ok := paths[path+" "+words[1]]; ok {
							path += " " + words[1]
						} else if words[1] != "…" && words[1] != "..." {
							t.Errorf("%s: %q: %q is no subcommand of %s", file, m[1], words[1], path)
							continue
						}
					}
					for _, w := range words[1:] {
						opt, _, isOpt := strings.Cut(w, ":")
						if isOpt && reWord.MatchString(opt) && !paths[path][opt] {
							t.Errorf("%s: %q: %q is no option of %s", file, m[1], opt, path)
						}
					}
				}
			}
		}
	}
	if checked < 100 {
		t.Errorf("only %d commands checked", checked)
	}
}

// otherName is a top-level command's name in the other language.
func otherName(cmd string, ru bool) string {
	for _, c := range bot.Commands() {
		enName, ruName := "/"+c.Name, "/"+(*c.NameLocalizations)[discordgo.Russian]
		if ru && cmd == enName {
			return ruName
		}
		if !ru && cmd == ruName {
			return enName
		}
	}
	return ""
}
