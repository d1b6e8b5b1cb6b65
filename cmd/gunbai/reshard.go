package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/gunbai/gunbai/bot/config"
	"github.com/gunbai/gunbai/render"
	"github.com/gunbai/gunbai/store"
)

// Re-sharding (issue 18): gunbai reshard builds the store of one process
// of a new shard layout from the stores of the old one, by guild.

func reshardHelp(l render.Lang) string { return render.T(l, "cli.help.reshard") }

func reshardMain(args []string, stdout, stderr io.Writer) int {
	flags := newFlags("reshard", stderr)
	count := flags.Int("shards", 0, "the new shard count")
	ids := flags.String("ids", "", "the shards the new process runs (\"\" for all)")
	lang := flags.String("lang", string(envLang()), "language of the report: ru or en")
	pos, code, ok := parseArgs(flags, args, reshardHelp, stdout, stderr)
	if !ok {
		return code
	}
	if len(pos) < 2 || *count < 1 {
		fmt.Fprint(stderr, "gunbai reshard: want -shards N, NEW and at least one OLD store\n\n"+reshardHelp(argsLang(args)))
		return 2
	}
	shardIDs, err := config.ParseShardIDs(*ids, *count)
	if err != nil {
		fmt.Fprintln(stderr, "gunbai reshard: -ids:", err)
		return 2
	}
	l, ok := parseLang("reshard", *lang, stderr)
	if !ok {
		return 2
	}
	text, err := reshard(l, store.Served{Shards: *count, IDs: shardIDs}, pos[0], pos[1:])
	if err != nil {
		return fail(stderr, "reshard", l, err)
	}
	fmt.Fprintln(stdout, text)
	return 0
}

// reshard writes the store dst for the guilds sv serves out of olds, and
// returns the report.
func reshard(l render.Lang, sv store.Served, dst string, olds []string) (string, error) {
	if _, err := os.Stat(dst); err == nil {
		return "", fmt.Errorf("%s exists: give a new file", dst)
	}
	tmp := dst + ".reshard"
	os.Remove(tmp) // a leftover of a failed run
	out, err := store.Open(tmp, store.Options{})
	if err != nil {
		return "", err
	}
	var lines []string
	guilds := 0
	err = func() error {
		for _, old := range olds {
			text, n, err := reshardFrom(l, out, sv, old)
			if err != nil {
				return err
			}
			lines, guilds = append(lines, text...), guilds+n
		}
		return out.SetServed(sv) // what the new process will serve
	}()
	if cerr := out.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp, dst)
	}
	if err != nil {
		os.Remove(tmp)
		return "", err
	}
	battles, err := checkCopy(dst)
	if err != nil {
		return "", fmt.Errorf("the new store %s: %w", dst, err)
	}
	lines = append(lines, render.T(l, "reshard.written", dst, servedText(l, sv), guilds, battles))
	return strings.Join(lines, "\n"), nil
}

// reshardFrom copies into out what it takes from the store old, and
// reports it.
func reshardFrom(l render.Lang, out *store.Store, sv store.Served, old string) ([]string, int, error) {
	if same, _ := sameFile(old, out.Path()); same {
		return nil, 0, errors.New(old + " is the new store itself")
	}
	src, err := store.Open(old, store.Options{ReadOnly: true})
	if err != nil {
		return nil, 0, err
	}
	defer src.Close()
	was, err := src.Served()
	if err != nil {
		return nil, 0, err
	}
	rep, err := out.CopyGuilds(src, sv.Serves)
	if err != nil {
		return nil, 0, err
	}
	lines := []string{render.T(l, "reshard.source", old, servedText(l, was), len(rep.Guilds), rep.Posts, rep.Lives, rep.Sheets)}
	if len(rep.Skipped) > 0 {
		lines = append(lines, render.T(l, "reshard.skipped", strings.Join(rep.Skipped, ", ")))
	}
	if rep.Dropped > 0 {
		lines = append(lines, render.T(l, "reshard.dropped", rep.Dropped))
	}
	if rep.Players > 0 {
		lines = append(lines, render.T(l, "reshard.players", rep.Players))
	}
	return lines, len(rep.Guilds), nil
}

// servedText says which guilds a store's process served.
func servedText(l render.Lang, sv store.Served) string {
	if sv.Shards < 2 {
		return render.T(l, "reshard.served_all")
	}
	ids := sv.IDs
	if ids == nil {
		for i := range sv.Shards {
			ids = append(ids, i)
		}
	}
	// shard_ids is one shard or a range.
	r := strconv.Itoa(ids[0])
	if len(ids) > 1 {
		r += "-" + strconv.Itoa(ids[len(ids)-1])
	}
	return render.T(l, "reshard.served", r, sv.Shards)
}

func sameFile(a, b string) (bool, error) {
	sa, err := os.Stat(a)
	if err != nil {
		return false, err
	}
	sb, err := os.Stat(b)
	if err != nil {
		return false, err
	}
	return os.SameFile(sa, sb), nil
}
