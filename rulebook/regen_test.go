package rulebook

// The generator of rules.tsv. It reads the authoritative English reference
// (RULES.md), the Russian original and the hand-made alignment in testdata/,
// and rewrites rules.tsv. It runs only when asked, because the sources live
// outside the repository:
//
//	GUNBAI_RULEBOOK_REGEN=1 go test ./rulebook/ -run TestRegenerate
//
// GUNBAI_RULES (default /work/shared/rules/RULES.md) and GUNBAI_RULES_RU
// (default /work/shared/seeds/000_8afb3399e640876a.txt) name the sources.

import (
	"bufio"
	"fmt"
	"os"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"
)

const (
	defaultRulesMD = "/work/shared/rules/RULES.md"
	defaultRulesRU = "/work/shared/seeds/000_8afb3399e640876a.txt"
	maxEN          = 600
	maxRU          = 1000
)

func rulesMDPath() string {
	if p := os.Getenv("GUNBAI_RULES"); p != "" {
		return p
	}
	return defaultRulesMD
}

func rulesRUPath() string {
	if p := os.Getenv("GUNBAI_RULES_RU"); p != "" {
		return p
	}
	return defaultRulesRU
}

// ---------------------------------------------------------------- English

var (
	reRuleLine = regexp.MustCompile(`^- \*\*(R-[A-Z]+\.[0-9]+\.[0-9]+)\*\*\s*(.*)$`)
	reDecHead  = regexp.MustCompile(`^### (D-[0-9]+) (.*)$`)
)

// enEntry is one R- rule or D- decision as RULES.md states it.
type enEntry struct {
	id    string
	title string   // decisions only
	head  string   // rules: the heading of their subsection, "IX.4 Mutual fire"
	lines []string // raw markdown lines of the body
}

// parseRulesMD returns the R- and D- entries of RULES.md in document order.
func parseRulesMD(text string) []enEntry {
	var out []enEntry
	var cur *enEntry
	inCode := false
	head := ""
	flush := func() {
		if cur != nil {
			out = append(out, *cur)
			cur = nil
		}
	}
	for _, ln := range strings.Split(text, "\n") {
		if strings.HasPrefix(strings.TrimSpace(ln), "```") {
			inCode = !inCode
			continue
		}
		if inCode {
			continue
		}
		if m := reRuleLine.FindStringSubmatch(ln); m != nil {
			flush()
			cur = &enEntry{id: m[1], head: head, lines: []string{m[2]}}
			continue
		}
		if m := reDecHead.FindStringSubmatch(ln); m != nil {
			flush()
			cur = &enEntry{id: m[1], title: m[2]}
			continue
		}
		if strings.HasPrefix(ln, "#") || strings.TrimSpace(ln) == "---" {
			flush()
			if strings.HasPrefix(ln, "### ") {
				head = ln[4:]
			}
			continue
		}
		if cur == nil {
			continue
		}
		t := strings.TrimSpace(ln)
		if t == "" {
			continue
		}
		// "*Meeting engagement (orig. 4.2):*" and the like introduce the
		// next group of rules; they are not part of the rule above.
		if cur.title == "" && strings.HasPrefix(t, "*") && strings.HasSuffix(t, ":*") {
			flush()
			continue
		}
		if cur.title == "" && !strings.HasPrefix(ln, " ") && !strings.HasPrefix(t, "|") {
			// A plain line after an R- rule is a subsection's introduction
			// for the next rules ("The battle ends when ...").
			flush()
			continue
		}
		cur.lines = append(cur.lines, ln)
	}
	flush()
	return out
}

// idsInRulesMD lists every R- and D- ID that RULES.md defines.
func idsInRulesMD(text string) []string {
	var ids []string
	seen := map[string]bool{}
	for _, ln := range strings.Split(text, "\n") {
		var id string
		if m := reRuleLine.FindStringSubmatch(ln); m != nil {
			id = m[1]
		} else if m := reDecHead.FindStringSubmatch(ln); m != nil {
			id = m[1]
		}
		if id != "" && !seen[id] {
			seen[id] = true
			ids = append(ids, id)
		}
	}
	return ids
}

var (
	reBold   = regexp.MustCompile(`\*\*([^*]+)\*\*`)
	reItalic = regexp.MustCompile(`\*([^*\s][^*]*)\*`)
	reSpaces = regexp.MustCompile(`\s+`)
)

// plain strips markdown emphasis and code marks and folds whitespace.
func plain(s string) string {
	s = reBold.ReplaceAllString(s, "$1")
	s = reItalic.ReplaceAllString(s, "$1")
	s = strings.ReplaceAll(s, "`", "")
	s = strings.ReplaceAll(s, "\t", " ")
	return strings.TrimSpace(reSpaces.ReplaceAllString(s, " "))
}

// enText renders an entry as one plain paragraph.
func enText(e enEntry) string {
	var parts []string
	body := e.lines
	if e.title != "" {
		// Decisions: the title, then the decision itself (the problem
		// statement before **DECISION:** is context, left to RULES.md).
		joined := strings.Join(body, "\n")
		if i := strings.Index(joined, "**DECISION:**"); i >= 0 {
			joined = joined[i+len("**DECISION:**"):]
		}
		body = strings.Split(joined, "\n")
		parts = append(parts, plain(e.title)+". Decision:")
	}
	for _, ln := range body {
		t := strings.TrimSpace(ln)
		if t == "" || strings.HasPrefix(t, "|") {
			continue
		}
		t = strings.TrimPrefix(t, "- ")
		parts = append(parts, plain(t))
	}
	return strings.TrimSpace(strings.Join(parts, " "))
}

func runes(s string) int { return utf8.RuneCountInString(s) }

// cutSentence shortens s to at most max characters, ending at a sentence
// end, and marks the cut with " …".
func cutSentence(s string, max int) string {
	if runes(s) <= max {
		return s
	}
	limit := len(s)
	if n := 0; true {
		for i := range s {
			if n == max-2 {
				limit = i
				break
			}
			n++
		}
	}
	best := -1
	for i := 0; i < limit; i++ {
		c := s[i]
		if c != '.' && c != '!' && c != '?' {
			continue
		}
		j := i + 1
		for j < len(s) && (s[j] == ')' || s[j] == ']' || s[j] == '"') {
			j++
		}
		if strings.HasPrefix(s[j:], "»") {
			j += len("»")
		}
		if j >= limit || s[j] != ' ' {
			continue
		}
		r, _ := utf8.DecodeRuneInString(s[j+1:])
		if !(unicode.IsUpper(r) || unicode.IsDigit(r) || r == '(' || r == '[' || r == '«' || r == '"') {
			continue
		}
		if isAbbrev(s[:i+1]) {
			continue
		}
		best = j
	}
	if best < 0 {
		// No sentence end: cut at a word.
		best = strings.LastIndex(s[:limit], " ")
	}
	out := strings.TrimRight(strings.TrimSpace(s[:best]), ":;,")
	return out + " …"
}

func isAbbrev(prefix string) bool {
	for _, a := range []string{"e.g.", "i.e.", "orig.", "т.е.", "см.", "т.д.", "п."} {
		if strings.HasSuffix(prefix, " "+a) || strings.HasSuffix(prefix, "("+a) || prefix == a {
			return true
		}
	}
	// "1." in a numbered list is not a sentence end worth cutting at.
	f := strings.Fields(prefix)
	if len(f) > 0 {
		last := strings.TrimSuffix(f[len(f)-1], ".")
		if _, err := strconv.Atoi(last); err == nil {
			return true
		}
	}
	return false
}

// ---------------------------------------------------------------- Russian

// ruSection is a section of the Russian original.
type ruSection struct {
	roman, prefix, title string
	subs                 []ruSubDef
}

// ruSubDef names a subsection: its key (as the IDs count it), the exact text
// that opens it in the original, its display title, and whether the text
// after the title on the heading line is a point of its own (a rule) rather
// than an introduction.
type ruSubDef struct {
	key, prefix, title string
	headIsPoint        bool
}

var ruSections = []ruSection{
	{"T", "Терминология", "Терминология", []ruSubDef{{"1", "", "", true}}},
	{"I", "I. Общее.", "I. Общее", []ruSubDef{
		{"1", "1) Поле боя.", "Поле боя", false},
		{"2", "2) Отряды.", "Отряды", false},
		{"3", "3) Порядок ходов.", "Порядок ходов", false},
		{"4", "4) Завершение и исход сражения.", "Завершение и исход сражения", false},
	}},
	{"II", "II. Войска", "II. Войска", []ruSubDef{
		{"1", "1)", "", true},
		{"2", "2) Тяжелая конница (хатамото)", "Тяжелая конница (хатамото)", false},
		{"3", "3) Легкая конница", "Легкая конница", false},
		{"4", "4) Пешие самураи с копьями.", "Пешие самураи с копьями", false},
		{"5", "5) Пешие самураи с луками.", "Пешие самураи с луками", false},
		{"6", "6) Асигару с копьями.", "Асигару с копьями", false},
		{"7", "7) Асигару с тэппо (аркебузами).", "Асигару с тэппо (аркебузами)", false},
		{"8", "8) Ямабуси (воины-монахи).", "Ямабуси (воины-монахи)", false},
		{"9", "9) Переносные щиты", "Переносные щиты", true},
		{"10", "10) Тяжелые потери.", "Тяжелые потери", true},
	}},
	{"III", "III. Ставка полководца и предводители", "III. Ставка полководца и предводители", []ruSubDef{
		{"1", "1) Ставка.", "Ставка", true},
		{"2", "2) Возглавить отряд.", "Возглавить отряд", false},
		{"3", "3) Риски.", "Риски", false},
		{"4", "4) Черты", "Черты", false},
		{"5", "5) Видимость.", "Видимость", true},
		{"6", "6) Саммари по перемещению предводителей между отрядами, резервом и ставкой.", "Саммари по перемещению предводителей", false},
	}},
	{"IV", "IV. Ход расстановки.", "IV. Ход расстановки", []ruSubDef{
		{"1", "1) Правила расстановки.", "Правила расстановки", true},
		{"2", "2) Местность.", "Местность", true},
		{"3", "3) Предводители.", "Предводители", true},
		{"4", "4) Синоби.", "Синоби", true},
		{"5", "5) Фаза изменения плана.", "Фаза изменения плана", true},
	}},
	{"V", "V. Боевой ход - фаза командования", "V. Боевой ход — фаза командования", []ruSubDef{
		{"1", "1) Общее.", "Общее", true},
		{"2", "2) Ставки:", "Ставки", false},
		{"3", "3) Перебросы.", "Перебросы", false},
		{"4", "4) Порядок действий после командного броска.", "Порядок действий после командного броска", false},
		{"5", "5) Дополнительные приказы.", "Дополнительные приказы", false},
		{"6", "6) Синоби.", "Синоби", true},
		{"7", "7) Знамена.", "Знамена", true},
	}},
	{"VI", "VI. Приказы", "VI. Приказы", []ruSubDef{
		{"1", "1) Приказы и фазы.", "Приказы и фазы", true},
		{"1b", "2)", "Приказы делятся на обычные, особые и общие по армии", true},
		{"2", "2) Обычные приказы:", "Обычные приказы", false},
		{"3", "3) Особые приказы:", "Особые приказы", false},
		{"4", "4) Общие приказы", "Общие приказы", false},
		{"5", "5) Действия в порядке инициативы.", "Действия в порядке инициативы", false},
		{"6", "6) Обстрел при отражении атаки.", "Обстрел при отражении атаки", true},
	}},
	{"VII", "VII. Фазы исполнения", "VII. Фазы исполнения", []ruSubDef{
		{"1", "1)", "", true},
		{"2", "2) Приоритет (порядок) исполнения приказов в каждой фазе такой:", "Приоритет (порядок) исполнения приказов", false},
		{"3", "3) Отмена приказов.", "Отмена приказов", false},
		{"4", "4) Равный приоритет.", "Равный приоритет", false},
	}},
	{"VIII", "VIII. Бой", "VIII. Бой", []ruSubDef{
		{"1", "1) Построение.", "Построение", false},
		{"2", "2) Подсчет потерь.", "Подсчет потерь", false},
		{"3", "3) Урон в случае обороны против атаки с фланга или тыла.", "Урон в случае обороны против атаки с фланга или тыла", false},
		{"4", "4) Результат боя.", "Результат боя", false},
		{"4.1", "4.1) В случае, если отряд оборонялся, а его атаковали:", "Результат боя, 4.1) (отряд оборонялся)", false},
		{"4.2", "4.2) В случае, если был встречный бой:", "Результат боя, 4.2) (встречный бой)", false},
		{"4.3", "4.3)", "Результат боя, 4.3)", true},
		{"5", "5) Занятие клетки противника", "Занятие клетки противника", false},
		{"6", "6) Поединки.", "Поединки", false},
	}},
	{"IX", "IX. Обстрел", "IX. Обстрел", []ruSubDef{
		{"1", "1) Перекрестный огонь", "Перекрестный огонь", false},
		{"2", "2) Отступление из-за обстрела.", "Отступление из-за обстрела", false},
		{"3", "3) Обстрел мешает продвижению.", "Обстрел мешает продвижению", false},
		{"4", "4) Взаимный обстрел.", "Взаимный обстрел", false},
		{"5", "5) Обстрел и ближний бой.", "Обстрел и ближний бой", false},
		{"6", "6) Выход из-под обстрела и заградительный огонь.", "Выход из-под обстрела и заградительный огонь", false},
	}},
	{"X", "X. Отступление и бегство", "X. Отступление и бегство", []ruSubDef{
		{"1", "1) Направление при отступлении.", "Направление при отступлении", false},
		{"2", "2) Бегство.", "Бегство", false},
		{"5", "5) Бегущий отряд.", "Бегущий отряд", false},
	}},
	{"XI", "XI. Местность", "XI. Местность", []ruSubDef{
		{"1", "1) Река.", "Река", true},
		{"2", "2) Холмы.", "Холмы", true},
		{"3", "3) Леса.", "Леса", true},
		{"4", "4) Топи.", "Топи", true},
	}},
}

// ruPoint is one point of a subsection: the heading's own text, a "- "
// line, or a plain line that starts a subsection, with the "- - " lines and
// plain lines that continue it.
type ruPoint struct {
	n    int // 1-based number within the subsection
	text string
}

type ruSub struct {
	sec    *ruSection
	def    ruSubDef
	body   string // the subsection's whole text after its heading
	points []ruPoint
}

func (s *ruSub) place() string {
	p := s.sec.title
	if s.sec.roman == "T" {
		return p
	}
	num := s.def.key
	if num == "1b" {
		return p + ", первый п. 2) " + s.def.title
	}
	if strings.HasPrefix(num, "4.") {
		return p + ", п. 4) " + s.def.title
	}
	p += ", п. " + num + ")"
	if s.def.title != "" {
		p += " " + s.def.title
	}
	return p
}

// parseRU splits the Russian original into subsections keyed "VIII.4.1",
// "II.2", "T.1" and so on.
func parseRU(text string) (map[string]*ruSub, error) {
	text = strings.ReplaceAll(text, "\r", "")
	subs := map[string]*ruSub{}
	pos := 0
	type mark struct {
		at, bodyAt int
		sub        *ruSub
	}
	var marks []mark
	for si := range ruSections {
		sec := &ruSections[si]
		i := strings.Index(text[pos:], sec.prefix)
		if i < 0 {
			return nil, fmt.Errorf("section %s (%q) not found", sec.roman, sec.prefix)
		}
		secAt := pos + i
		pos = secAt + len(sec.prefix)
		if len(marks) > 0 {
			marks = append(marks, mark{at: secAt, bodyAt: -1})
		}
		for _, d := range sec.subs {
			at := pos
			if d.prefix != "" {
				j := strings.Index(text[pos:], d.prefix)
				if j < 0 {
					return nil, fmt.Errorf("subsection %s.%s (%q) not found", sec.roman, d.key, d.prefix)
				}
				at = pos + j
			}
			s := &ruSub{sec: sec, def: d}
			subs[sec.roman+"."+d.key] = s
			marks = append(marks, mark{at: at, bodyAt: at + len(d.prefix), sub: s})
			pos = at + len(d.prefix)
		}
	}
	end := strings.LastIndex(text, "\n|")
	if end < pos {
		end = len(text)
	}
	marks = append(marks, mark{at: end, bodyAt: -1})
	for k := 0; k+1 < len(marks); k++ {
		m := marks[k]
		if m.sub == nil {
			continue
		}
		m.sub.body = text[m.bodyAt:marks[k+1].at]
		m.sub.points = splitPoints(m.sub.body, m.sub.def.headIsPoint)
	}
	return subs, nil
}

func splitPoints(body string, headIsPoint bool) []ruPoint {
	lines := strings.Split(body, "\n")
	var pts []ruPoint
	add := func(t string) {
		pts = append(pts, ruPoint{n: len(pts) + 1, text: t})
	}
	head := strings.TrimSpace(lines[0])
	sawBullet := false
	if head != "" && headIsPoint {
		add(head)
	}
	for _, ln := range lines[1:] {
		t := strings.TrimSpace(ln)
		switch {
		case t == "":
		case strings.HasPrefix(t, "- - "):
			if len(pts) == 0 {
				add(strings.TrimPrefix(t, "- - "))
			} else {
				pts[len(pts)-1].text += "\n" + strings.TrimPrefix(t, "- - ")
			}
		case strings.HasPrefix(t, "- "):
			sawBullet = true
			add(strings.TrimPrefix(t, "- "))
		default:
			if !sawBullet || len(pts) == 0 {
				add(t)
			} else {
				pts[len(pts)-1].text += "\n" + t
			}
		}
	}
	return pts
}

// ruFlat makes one paragraph of a Russian passage.
func ruFlat(s string) string {
	s = strings.ReplaceAll(s, "\n- - ", " ")
	s = strings.ReplaceAll(s, "\n- ", " ")
	s = reSpaces.ReplaceAllString(s, " ")
	s = strings.TrimSpace(s)
	s = strings.TrimPrefix(s, "- ")
	return s
}

// ---------------------------------------------------------------- alignment

// alignLine is one line of testdata/align.txt:
//
//	ID | selector [| flag ...]
//
// selector: "#k" or "#k-m" (points k to m of the ID's subsection), "@SUB#k"
// (points of another subsection, e.g. "@VI.1b#2"), "start…end" (the passage
// of the ID's subsection, or of "@SUB start…end", that begins with start and
// ends with end, possibly across points; an empty end runs to the end of the
// point), or "=" (the text written for this rule in ru_written.txt, for
// rules the original does not state). Flags: "near=selector" (with "=": the
// nearest passage of the original, quoted after the text), "derived" and
// "xref" (a derived rule or a cross-reference of the reference: marked as
// such), "approx" (an uncertain alignment: the closest point, marked),
// "term=Name" and "sub=Name" (named in the place), "place=..." (the place
// as given).
type alignLine struct {
	id, sel string
	flags   map[string]string
}

func readAlign(path string) (map[string]alignLine, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	out := map[string]alignLine{}
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	n := 0
	for sc.Scan() {
		n++
		ln := strings.TrimSpace(sc.Text())
		if ln == "" || strings.HasPrefix(ln, "//") {
			continue
		}
		parts := strings.Split(ln, " | ")
		if len(parts) < 2 {
			return nil, fmt.Errorf("%s:%d: want ID | selector", path, n)
		}
		a := alignLine{id: strings.TrimSpace(parts[0]), sel: strings.TrimSpace(parts[1]), flags: map[string]string{}}
		for _, fl := range parts[2:] {
			k, v, _ := strings.Cut(strings.TrimSpace(fl), "=")
			a.flags[k] = v
		}
		if _, dup := out[a.id]; dup {
			return nil, fmt.Errorf("%s:%d: %s twice", path, n, a.id)
		}
		out[a.id] = a
	}
	return out, sc.Err()
}

// readTranslations reads testdata/decisions_ru.txt: blocks that start with a
// line "D-nn" and hold the Russian text on the following lines.
func readTranslations(path string) (map[string]string, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	out := map[string]string{}
	var id string
	var buf []string
	flush := func() {
		if id != "" {
			out[id] = strings.TrimSpace(reSpaces.ReplaceAllString(strings.Join(buf, " "), " "))
		}
		buf = nil
	}
	for _, ln := range strings.Split(string(b), "\n") {
		t := strings.TrimSpace(ln)
		if reBlockID.MatchString(t) {
			flush()
			id = t
			continue
		}
		if strings.HasPrefix(t, "//") {
			continue
		}
		buf = append(buf, t)
	}
	flush()
	return out, nil
}

var reBlockID = regexp.MustCompile(`^[RD]-[A-Z0-9.]+$`)

var reRID = regexp.MustCompile(`^R-([A-Z]+)\.([0-9]+)\.([0-9]+)$`)

// subKeyOf gives the subsection of the original that an R- ID lives in by
// default, and the point number.
func subKeyOf(id string) (string, int) {
	m := reRID.FindStringSubmatch(id)
	sec, sub := m[1], m[2]
	k, _ := strconv.Atoi(m[3])
	if sec == "T" {
		return "T.1", k
	}
	if sec == "VIII" && sub == "4" {
		switch {
		case k <= 6:
			return "VIII.4.1", k
		case k <= 9:
			return "VIII.4.2", k - 6
		default:
			return "VIII.4.3", k - 9
		}
	}
	return sec + "." + sub, k
}

// passage is a resolved piece of the original: its text, its subsection and
// the points it spans.
type passage struct {
	text     string
	sub      *ruSub
	from, to int
}

// resolve finds the passage a selector names; def is the subsection to use
// when the selector does not name one.
func resolve(id, sel, def string, subs map[string]*ruSub) (passage, error) {
	key := def
	if strings.HasPrefix(sel, "@") {
		sp := strings.IndexAny(sel, "# ")
		if sp < 0 {
			return passage{}, fmt.Errorf("%s: bad selector %q", id, sel)
		}
		key = sel[1:sp]
		sel = strings.TrimSpace(sel[sp:])
	}
	s := subs[key]
	if s == nil {
		return passage{}, fmt.Errorf("%s: no subsection %s", id, key)
	}
	p := passage{sub: s}
	if strings.HasPrefix(sel, "#") {
		a, b, _ := strings.Cut(sel[1:], "-")
		var err error
		if p.from, err = strconv.Atoi(a); err != nil {
			return passage{}, fmt.Errorf("%s: bad selector %q", id, sel)
		}
		p.to = p.from
		if b != "" {
			if p.to, err = strconv.Atoi(b); err != nil {
				return passage{}, fmt.Errorf("%s: bad selector %q", id, sel)
			}
		}
		if p.from < 1 || p.to > len(s.points) || p.from > p.to {
			return passage{}, fmt.Errorf("%s: %s has %d points, not %s", id, key, len(s.points), sel)
		}
		var texts []string
		for _, q := range s.points[p.from-1 : p.to] {
			texts = append(texts, q.text)
		}
		p.text = ruFlat(strings.Join(texts, "\n"))
		return p, nil
	}
	start, endm, ok := strings.Cut(sel, "…")
	if !ok {
		return passage{}, fmt.Errorf("%s: bad selector %q", id, sel)
	}
	found := false
	for _, q := range s.points {
		i := strings.Index(q.text, start)
		if i < 0 {
			continue
		}
		if found || strings.Contains(q.text[i+1:], start) {
			return passage{}, fmt.Errorf("%s: %q twice in %s", id, start, key)
		}
		found = true
		p.from, p.to = q.n, q.n
		rest := q.text[i:]
		if endm != "" {
			j := strings.Index(rest, endm)
			if j < 0 {
				// The passage may run into the next points.
				acc := rest
				for n := q.n; n < len(s.points); n++ {
					acc += "\n" + s.points[n].text
					if j = strings.Index(acc, endm); j >= 0 {
						p.to = s.points[n].n
						break
					}
				}
				if j < 0 {
					return passage{}, fmt.Errorf("%s: end %q not found after %q", id, endm, start)
				}
				rest = acc
			}
			rest = rest[:j+len(endm)]
		}
		p.text = ruFlat(rest)
	}
	if !found {
		return passage{}, fmt.Errorf("%s: %q not in %s", id, start, key)
	}
	if r, _ := utf8.DecodeLastRuneInString(p.text); !strings.ContainsRune(".!?:)»\"", r) {
		p.text += "…"
	}
	return p, nil
}

func (p passage) place() string {
	pl := p.sub.place()
	if p.sub.sec.roman == "T" || p.from == 0 {
		return pl
	}
	if p.from == p.to {
		return pl + ", абзац " + strconv.Itoa(p.from)
	}
	return pl + ", абзацы " + strconv.Itoa(p.from) + "–" + strconv.Itoa(p.to)
}

// ruFor finds the Russian passage and its place for an R- rule.
func ruFor(id string, subs map[string]*ruSub, al map[string]alignLine, written map[string]string) (ru, full, place, kind string, err error) {
	key, k := subKeyOf(id)
	a, has := al[id]
	sel := "#" + strconv.Itoa(k)
	if has {
		sel = a.sel
	}
	kind = "exact"
	if sel == "=" {
		ru = written[id]
		if ru == "" {
			return "", "", "", "", fmt.Errorf("%s: no text in testdata/ru_written.txt", id)
		}
		place = subs[key].place()
		kind = "written"
		if near, ok := a.flags["near"]; ok {
			p, err := resolve(id, near, key, subs)
			if err != nil {
				return "", "", "", "", err
			}
			quote := p.text
			if room := maxRU - 200 - runes(ru); runes(quote) > room {
				quote = cutSentence(quote, room)
			}
			ru += " Ближайшее место оригинала: «" + quote + "»"
			if p.sub == subs[key] {
				place = p.place()
			} else {
				place += " (ср. " + p.place() + ")"
			}
		}
	} else {
		p, err := resolve(id, sel, key, subs)
		if err != nil {
			return "", "", "", "", err
		}
		ru, place = p.text, p.place()
		if strings.Contains(sel, "…") || p.sub.def.key != strings.TrimPrefix(key, p.sub.sec.roman+".") {
			kind = "part"
		}
	}
	for _, f := range []string{"term", "sub"} {
		if t := a.flags[f]; t != "" {
			place += ", «" + t + "»"
		}
	}
	if _, ok := a.flags["approx"]; ok {
		kind = "approx"
		ru += " [ближайший пункт оригинала; точного соответствия нет]"
	}
	if _, ok := a.flags["derived"]; ok {
		kind = "derived"
		ru = "[Производное правило: в оригинале прямо не сказано, справочник вывел его из правил.] " + ru
		place = strings.Replace(place, " (ср. ", " (производное правило; ср. ", 1)
		if !strings.Contains(place, "производное") {
			place += " (производное правило)"
		}
	}
	if _, ok := a.flags["xref"]; ok {
		kind = "xref"
		ru = "[Сводная отсылка справочника к другим пунктам.] " + ru
		place = strings.Replace(place, " (ср. ", " (отсылка; ср. ", 1)
		if !strings.Contains(place, "отсылка") {
			place += " (отсылка)"
		}
	}
	if p := a.flags["place"]; p != "" {
		place = p
	}
	full = ru
	if runes(ru) > maxRU {
		ru = cutSentence(ru, maxRU)
	}
	return ru, full, place, kind, nil
}

var reRefs = regexp.MustCompile(`R-([A-Z]+)\.([0-9]+)(?:\.([0-9]+))?`)

var reRefTag = regexp.MustCompile(`\[→[^\]]*\]`)

// decisionPlace names the subsections of the original that a decision's
// title refers to; the decision itself is the reference's own.
func decisionPlace(title string, subs map[string]*ruSub) string {
	var ps []string
	seen := map[string]bool{}
	for _, m := range reRefs.FindAllStringSubmatch(title, -1) {
		key := m[1] + "." + m[2]
		if m[1] == "T" {
			key = "T.1"
		} else if m[3] != "" {
			key, _ = subKeyOf("R-" + m[1] + "." + m[2] + "." + m[3])
			if k, _ := strconv.Atoi(m[3]); key == "VI.1" && k >= 5 {
				key = "VI.1b" // R-VI.1.5–8 are the original's first "2)" (D-35)
			}
		}
		s := subs[key]
		if s == nil {
			continue
		}
		if p := s.place(); !seen[p] {
			seen[p] = true
			ps = append(ps, p)
		}
	}
	const own = "Решение справочника (в оригинале нет)"
	if len(ps) == 0 {
		return own
	}
	return own + "; к пунктам: " + strings.Join(ps, "; ")
}

// ---------------------------------------------------------------- the test

// generate builds rules.tsv (and a review listing) from the sources.
func generate(rulesMD, rulesRU string) (tsv, review string, err error) {
	mdb, err := os.ReadFile(rulesMD)
	if err != nil {
		return "", "", err
	}
	rub, err := os.ReadFile(rulesRU)
	if err != nil {
		return "", "", err
	}
	subs, err := parseRU(string(rub))
	if err != nil {
		return "", "", err
	}
	al, err := readAlign("testdata/align.txt")
	if err != nil {
		return "", "", err
	}
	tr, err := readTranslations("testdata/decisions_ru.txt")
	if err != nil {
		return "", "", err
	}
	written, err := readTranslations("testdata/ru_written.txt")
	if err != nil {
		return "", "", err
	}
	enOver, err := readTranslations("testdata/en_override.txt")
	if err != nil {
		return "", "", err
	}
	var b, rv strings.Builder
	b.WriteString("# id\tplace\tkind\tsection\ten\tru\ten_full\tru_full\n")
	b.WriteString("# Generated by TestRegenerate (regen_test.go) from RULES.md, the Russian original and testdata/; do not edit.\n")
	var errs []string
	used := map[string]bool{}
	for _, e := range parseRulesMD(string(mdb)) {
		used[e.id] = true
		enFull := enText(e)
		en := cutSentence(enFull, maxEN)
		if o := enOver[e.id]; o != "" {
			en, enFull = o, o
		}
		var ru, ruFull, place, kind string
		if strings.HasPrefix(e.id, "D-") {
			// The translation is the whole decision; its summary for
			// Discord is cut like the passages of the original.
			ruFull = tr[e.id]
			ru = cutSentence(ruFull, maxRU)
			if ruFull == "" {
				errs = append(errs, e.id+": no translation in testdata/decisions_ru.txt")
				continue
			}
			if strings.HasSuffix(ruFull, "…") {
				errs = append(errs, e.id+": the translation in testdata/decisions_ru.txt is cut short, not the whole decision")
			}
			place = decisionPlace(e.title, subs)
			kind = "translation"
		} else {
			ru, ruFull, place, kind, err = ruFor(e.id, subs, al, written)
			if err != nil {
				errs = append(errs, err.Error())
				continue
			}
		}
		for _, f := range []string{en, ru, place, enFull, ruFull} {
			if f == "" || strings.ContainsAny(f, "\t\n") {
				errs = append(errs, e.id+": empty field, or a tab or newline in one")
			}
		}
		// The whole texts, for the reference in docs/, where a summary was
		// cut short for Discord; empty where it was not.
		if enFull == en {
			enFull = ""
		}
		if ruFull == ru {
			ruFull = ""
		}
		section := ""
		if e.head != "" {
			// "VIII.4 Combat result  [→ D-15, D-50, D-51]" -> "Combat result"
			section = plain(reRefTag.ReplaceAllString(e.head, ""))
			if _, rest, ok := strings.Cut(section, " "); ok {
				section = rest
			}
		}
		fmt.Fprintf(&b, "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n", e.id, place, kind, section, en, ru, enFull, ruFull)
		fmt.Fprintf(&rv, "== %s [%s] %s\nEN: %s\nRU: %s\n\n", e.id, kind, place, en, ru)
	}
	for _, m := range []map[string]string{tr, written, enOver} {
		for id := range m {
			if !used[id] {
				errs = append(errs, "testdata: "+id+" is not in RULES.md")
			}
		}
	}
	for id := range al {
		if !used[id] {
			errs = append(errs, "align.txt: "+id+" is not in RULES.md")
		}
	}
	if len(errs) > 0 {
		sort.Strings(errs)
		return "", rv.String(), fmt.Errorf("%s", strings.Join(errs, "\n"))
	}
	return b.String(), rv.String(), nil
}

func TestRegenerate(t *testing.T) {
	if os.Getenv("GUNBAI_RULEBOOK_REGEN") == "" {
		t.Skip("set GUNBAI_RULEBOOK_REGEN=1 to rewrite rules.tsv from RULES.md and the Russian original")
	}
	tsv, review, err := generate(rulesMDPath(), rulesRUPath())
	if p := os.Getenv("GUNBAI_RULEBOOK_REVIEW"); p != "" {
		_ = os.WriteFile(p, []byte(review), 0o644)
	}
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile("rules.tsv", []byte(tsv), 0o644); err != nil {
		t.Fatal(err)
	}
}
