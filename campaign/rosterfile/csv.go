package rosterfile

import (
	"bytes"
	"encoding/csv"
	"errors"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/gunbai/gunbai/campaign"
)

// Reading an army list (.csv): its header, then each row a unit of an
// army, the army made on its first row (see the top of rosterfile.go).

// The columns of an army list.
var (
	armyListColumns  = []string{"army", "id", "name", "type", "figures", "impetus_mod", "steadiness_mod", "mastery", "promotions", "clan", "kind", "commander", "commander_house"}
	armyListRequired = []string{"army", "id", "type", "figures"}
)

// parseArmyList reads an army list: the header, then the rows, each
// refused at its first mistake; the roster is all or nothing.
func parseArmyList(name string, data []byte) (campaign.Roster, error) {
	cr := csv.NewReader(bytes.NewReader(data))
	cr.Comma = listSeparator(data)
	cr.Comment = '#'
	cr.FieldsPerRecord = -1
	cr.TrimLeadingSpace = true
	l := &listReader{f: &fileCheck{name: name, ids: map[string]pos{}}, cr: cr,
		given: map[string]map[string]pos{}, house: map[string]bool{}}
	if err := l.readHeader(); err != nil {
		return campaign.Roster{}, err
	}
	for {
		row, err := cr.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			return campaign.Roster{}, l.csvErr(err)
		}
		line, _ := cr.FieldPos(0)
		if !slices.ContainsFunc(row, func(s string) bool { return strings.TrimSpace(s) != "" }) {
			continue // a row of empty cells, as spreadsheets write
		}
		if len(row) != len(l.header) {
			return campaign.Roster{}, l.f.fail(pos{line, min(len(row), len(l.header)) + 1}, "csv_fields", len(row), len(l.header))
		}
		if err := l.row(listRow{l: l, line: line, cells: row}); err != nil {
			return campaign.Roster{}, err
		}
	}
	if err := l.commandersHouse(); err != nil {
		return campaign.Roster{}, err
	}
	return l.r, nil
}

// houseValues are what a commander_house cell may say: the commander is of
// the clan's house, or a general who serves it (E1-K0).
var houseValues = map[string]bool{"true": true, "yes": true, "да": true, "1": true, "false": false, "no": false, "нет": false, "0": false}

// commandersHouse turns each army's commander_house into the roster's word
// on its commander (E1-K0): a character carrying only his id and House,
// which Merge writes on the roster's character. The commander must be named
// in the file, on a row of the same army.
func (l *listReader) commandersHouse() error {
	for _, a := range l.r.Armies {
		v, ok := l.house[a.ID]
		if !ok {
			continue
		}
		p := l.given[a.ID]["commander_house"]
		if a.Commander == "" {
			return l.f.fail(p, "csv_house_commander", a.ID)
		}
		if have, ok := l.r.Person(a.Commander); ok {
			if *have.House != v {
				return l.f.fail(p, "csv_house_twice", a.Commander)
			}
			continue
		}
		l.r.Characters = append(l.r.Characters, campaign.Person{Character: campaign.Character{ID: a.Commander}, House: &v})
	}
	return nil
}

// listReader is an army list being read: where each column is, the roster
// so far, and where each army's clan, kind and commander were given.
type listReader struct {
	f      *fileCheck
	cr     *csv.Reader
	header []string
	col    map[string]int
	r      campaign.Roster
	given  map[string]map[string]pos // army -> column -> where its clan, kind or commander was given
	house  map[string]bool           // army -> its commander_house, where given (E1-K0)
}

func (l *listReader) csvErr(err error) error {
	var pe *csv.ParseError
	if errors.As(err, &pe) {
		return l.f.fail(pos{pe.Line, pe.Column}, "csv_syntax", pe.Err.Error())
	}
	return refuse("err.roster_file.broken", l.f.name, err.Error())
}

// readHeader reads the header row: known columns, each once, the required
// ones all there.
func (l *listReader) readHeader() error {
	header, err := l.cr.Read()
	if err == io.EOF {
		return refuse("err.roster_file.csv_empty", l.f.name)
	}
	if err != nil {
		return l.csvErr(err)
	}
	headerLine, _ := l.cr.FieldPos(0)
	col := map[string]int{}
	for i, h := range header {
		h = strings.ToLower(strings.TrimSpace(h))
		p := pos{headerLine, i + 1}
		if !slices.Contains(armyListColumns, h) {
			return l.f.fail(p, "csv_column", header[i], strings.Join(armyListColumns, ", "))
		}
		if _, ok := col[h]; ok {
			return l.f.fail(p, "csv_column_twice", h)
		}
		col[h] = i
	}
	for _, c := range armyListRequired {
		if _, ok := col[c]; !ok {
			return l.f.fail(pos{headerLine, len(header) + 1}, "csv_no_column", c)
		}
	}
	l.header, l.col = header, col
	return nil
}

// listRow is one row of an army list (not empty, as long as the header).
type listRow struct {
	l     *listReader
	line  int
	cells []string
}

// cell is the trimmed value of column c and where it is; a column the
// header does not have is empty, at the row's start.
func (w listRow) cell(c string) (string, pos) {
	i, ok := w.l.col[c]
	if !ok {
		return "", pos{w.line, 1}
	}
	return strings.TrimSpace(w.cells[i]), pos{w.line, i + 1}
}

// number is column c as a number, 0 if empty.
func (w listRow) number(c string) (int, error) {
	s, p := w.cell(c)
	if s == "" {
		return 0, nil
	}
	n, err := strconv.Atoi(s)
	if err != nil {
		return 0, w.l.f.fail(p, "csv_int", c, s)
	}
	return n, nil
}

// row adds the row's unit to its army, made if new, and the army's clan,
// kind and commander where the row gives them.
func (l *listReader) row(w listRow) error {
	armyID, p := w.cell("army")
	if armyID == "" {
		return l.f.fail(p, "missing", "army")
	}
	army, ok := l.r.Army(armyID)
	if !ok {
		if err := l.f.id(p, armyID, "army"); err != nil {
			return err
		}
		l.r.Armies = append(l.r.Armies, campaign.Army{ID: armyID})
		army = &l.r.Armies[len(l.r.Armies)-1]
		l.given[armyID] = map[string]pos{}
	}
	if err := l.armyFields(w, armyID, army); err != nil {
		return err
	}
	u, err := l.unit(w)
	if err != nil {
		return err
	}
	army.Units = append(army.Units, u)
	return nil
}

// armyFields sets the army's clan, kind and commander from the row, and
// notes whether its commander is of the house (E1-K0); a value other than
// the one an earlier row gave is refused.
func (l *listReader) armyFields(w listRow, armyID string, army *campaign.Army) error {
	if v, p := w.cell("commander_house"); v != "" {
		b, ok := houseValues[strings.ToLower(v)]
		if !ok {
			return l.f.fail(p, "value", "commander_house", v, "true, false, yes, no, да, нет, 1, 0")
		}
		if first, ok := l.given[armyID]["commander_house"]; ok && l.house[armyID] != b {
			return l.f.fail(p, "csv_conflict", "commander_house", v, strconv.FormatBool(l.house[armyID]), first.line)
		}
		l.given[armyID]["commander_house"], l.house[armyID] = p, b
	}
	for _, c := range []string{"clan", "kind", "commander"} {
		v, p := w.cell(c)
		if v == "" {
			continue
		}
		if c == "kind" {
			var err error
			if v, err = l.f.oneOf(p, "kind", v, "", armyKinds...); err != nil {
				return err
			}
		}
		field := map[string]*string{"clan": &army.Clan, "commander": &army.Commander}[c]
		old := string(army.Kind)
		if field != nil {
			old = *field
		}
		if first, ok := l.given[armyID][c]; ok && old != v {
			return l.f.fail(p, "csv_conflict", c, v, old, first.line)
		}
		l.given[armyID][c] = p
		if field != nil {
			*field = v
		} else {
			army.Kind = campaign.ArmyKind(v)
		}
	}
	return nil
}

// unit reads the row's unit.
func (l *listReader) unit(w listRow) (campaign.Unit, error) {
	f := l.f
	id, p := w.cell("id")
	if err := f.id(p, id, "id"); err != nil {
		return campaign.Unit{}, err
	}
	typ, p := w.cell("type")
	t, err := f.unitType(p, typ)
	if err != nil {
		return campaign.Unit{}, err
	}
	figs, p := w.cell("figures")
	if figs == "" {
		return campaign.Unit{}, f.fail(p, "missing", "figures")
	}
	n, err := w.number("figures")
	if err != nil {
		return campaign.Unit{}, err
	}
	if err := f.figures(p, n); err != nil {
		return campaign.Unit{}, err
	}
	unitName, _ := w.cell("name")
	u := campaign.Unit{ID: id, Name: unitName, Type: t, Figures: n}
	for _, m := range []struct {
		c string
		v *int
	}{{"impetus_mod", &u.ImpetusMod}, {"steadiness_mod", &u.SteadinessMod}, {"mastery", &u.Mastery}} {
		if *m.v, err = w.number(m.c); err != nil {
			return campaign.Unit{}, err
		}
	}
	promos, p := w.cell("promotions")
	for _, s := range strings.FieldsFunc(promos, func(r rune) bool { return r == ' ' || r == '|' || r == ',' || r == ';' }) {
		pr, err := f.promotion(p, s)
		if err != nil {
			return campaign.Unit{}, err
		}
		u.Promotions = append(u.Promotions, pr)
	}
	return u, nil
}

// listSeparator is ';' if the header line (the first line not a comment)
// has more semicolons than commas, else ','.
func listSeparator(data []byte) rune {
	for len(data) > 0 {
		line := data
		if i := bytes.IndexByte(data, '\n'); i >= 0 {
			line, data = data[:i], data[i+1:]
		} else {
			data = nil
		}
		t := bytes.TrimSpace(line)
		if len(t) == 0 || t[0] == '#' {
			continue
		}
		if bytes.Count(t, []byte(";")) > bytes.Count(t, []byte(",")) {
			return ';'
		}
		return ','
	}
	return ','
}
