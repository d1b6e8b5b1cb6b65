package render

import (
	"fmt"
	"maps"
	"slices"
)

// msg is one text in both languages. Both must have the same fmt verbs in
// the same order (TestPlaceholders checks it).
type msg struct{ ru, en string }

// texts is a table of texts by key: one file's share of the catalogue
// (each file of texts declares its own, named for its topic).
type texts map[string]msg

// table is a table of texts and its name, for a refusal to say where a
// key was defined.
type table struct {
	name  string
	texts texts
}

// tables are every table of texts the catalogue is built from, in one
// place: a new file's table is added here.
func tables() []table {
	return []table{
		{"baseTexts", baseTexts},
		{"botTexts", botTexts},
		{"calcTexts", calcTexts},
		{"campaignCmdTexts", campaignCmdTexts},
		{"campaignTexts", campaignTexts},
		{"cardTexts", cardTexts},
		{"cliHelpTexts", cliHelpTexts},
		{"cliTexts", cliTexts},
		{"tokenFileTexts", tokenFileTexts},
		{"clockTexts", clockTexts},
		{"requestTexts", requestTexts},
		{"commandTexts", commandTexts},
		{"completeTexts", completeTexts},
		{"duelTexts", duelTexts},
		{"doctorTexts", doctorTexts},
		{"endingTexts", endingTexts},
		{"formTexts", formTexts},
		{"fixTexts", fixTexts},
		{"gameTexts", gameTexts},
		{"lastSeenTexts", lastSeenTexts},
		{"nudgeTexts", nudgeTexts},
		{"aiSeatTexts", aiSeatTexts},
		{"whyTexts", whyTexts},
		{"unseenTexts", unseenTexts},
		{"oddsTexts", oddsTexts},
		{"previewTexts", previewTexts},
		{"highlightTexts", highlightTexts},
		{"quickTexts", quickTexts},
		{"retryTexts", retryTexts},
		{"rosterTexts", rosterTexts},
		{"ruleTexts", ruleTexts},
		{"sheetTexts", sheetTexts},
		{"sheetV2Texts", sheetV2Texts},
		{"skirmishTexts", skirmishTexts},
		{"skirmishLogTexts", skirmishLogTexts},
		{"skirmishCmdTexts", skirmishCmdTexts},
		{"statsTexts", statsTexts},
		{"substituteTexts", substituteTexts},
		{"absentTexts", absentTexts},
		{"aiTexts", aiTexts},
		{"arenaTexts", arenaTexts},
		{"fieldTexts", fieldTexts},
		{"trustTexts", trustTexts},
		{"turnPostTexts", turnPostTexts},
		{"threadTexts", threadTexts},
		{"turnTexts", turnTexts},
		{"verifyTexts", verifyTexts},
		{"dmTexts", dmTexts},
		{"wingTexts", wingTexts},
	}
}

// catalogue holds every user-visible text of the package, by key. A key
// defined in two tables stops the program at load (the tests load it
// first: TestCatalogueBuilds), rather than one table's text silently
// winning over the other's.
var catalogue = mustBuild(buildCatalogue(tables()))

// buildCatalogue merges the tables into one catalogue, refusing a key
// that two of them define (the error names the key and both tables).
func buildCatalogue(tables []table) (map[string]msg, error) {
	out := map[string]msg{}
	from := map[string]string{} // key -> the table that defined it
	for _, t := range tables {
		for _, k := range slices.Sorted(maps.Keys(t.texts)) {
			if first, ok := from[k]; ok {
				return nil, fmt.Errorf("render: the text %q is defined twice, in %s and in %s", k, first, t.name)
			}
			from[k], out[k] = t.name, t.texts[k]
		}
	}
	return out, nil
}

// mustBuild is the catalogue built, or a panic with the reason it was not.
func mustBuild(c map[string]msg, err error) map[string]msg {
	if err != nil {
		panic(err)
	}
	return c
}
