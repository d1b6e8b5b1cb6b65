package rosterfile

import (
	"slices"

	"github.com/gunbai/gunbai/campaign"
)

// Merging an upload into a campaign's roster: a roster file replaces whole
// clans, an army list the units of its armies.

// Merge applies an upload (Parse's result) to a campaign's
// roster. A roster file replaces the clans it names, each whole: the clan
// (its Discord role and channel kept), its characters and its armies; the
// other clans stay as they are. An army list (an upload without clans)
// replaces the units of the armies it names and adds the armies the roster
// does not have; where it gives an army's clan, kind or commander they
// change, the rest of the army stays; where it says whether an army's
// commander is of the clan's house (commander_house, E1-K0), his House
// changes. The turn and the subphase change when
// the upload gives them. Records, aftermaths and healing marks stay. The
// result passes Roster.Check, or the merge is refused saying what is wrong.
func Merge(old, upload campaign.Roster) (campaign.Roster, error) {
	out := old
	out.Clans = slices.Clone(old.Clans)
	out.Characters = slices.Clone(old.Characters)
	out.Armies = slices.Clone(old.Armies)
	if upload.Turn > 0 {
		out.Turn = upload.Turn
	}
	if upload.Subphase != "" {
		out.Subphase = upload.Subphase
	}
	if len(upload.Clans) > 0 {
		named := map[string]bool{}
		for _, c := range upload.Clans {
			named[c.ID] = true
			if have, ok := out.Clan(c.ID); ok {
				c.Role, c.Channel = have.Role, have.Channel
				*have = c
			} else {
				out.Clans = append(out.Clans, c)
			}
		}
		out.Characters = slices.DeleteFunc(out.Characters, func(p campaign.Person) bool { return named[p.Clan] })
		out.Characters = append(out.Characters, upload.Characters...)
		out.Armies = slices.DeleteFunc(out.Armies, func(a campaign.Army) bool { return named[a.Clan] })
		out.Armies = append(out.Armies, upload.Armies...)
	} else {
		for _, a := range upload.Armies {
			have, ok := out.Army(a.ID)
			if !ok {
				if a.Clan == "" {
					return old, refuse("err.roster_merge.army_clan", a.ID)
				}
				if a.Kind == "" {
					a.Kind = campaign.KindArmy
				}
				if a.State == "" {
					a.State = campaign.InOrder
				}
				out.Armies = append(out.Armies, a)
				continue
			}
			have.Units = slices.Clone(a.Units)
			if a.Clan != "" {
				have.Clan = a.Clan
			}
			if a.Kind != "" {
				have.Kind = a.Kind
			}
			if a.Commander != "" {
				have.Commander = a.Commander
			}
		}
		// The commanders an army list says are (or are not) of the house
		// (E1-K0); one the roster lacks is refused below as a leader.
		for _, c := range upload.Characters {
			if p, ok := out.Person(c.ID); ok {
				p.House = c.House
			}
		}
	}
	if err := mergeCheck(&out); err != nil {
		return old, err
	}
	if err := out.Check(); err != nil {
		return old, refuse("err.roster_merge.invalid", err.Error())
	}
	return out, nil
}

// mergeCheck words what a merge most often breaks: an id taken by another
// clan's character, army or unit, a reference to a clan or a character the
// roster does not have.
func mergeCheck(r *campaign.Roster) error {
	seen := map[string]bool{}
	unique := func(id string) error {
		if seen[id] {
			return refuse("err.roster_merge.duplicate", id)
		}
		seen[id] = true
		return nil
	}
	for _, c := range r.Clans {
		if err := unique(c.ID); err != nil {
			return err
		}
	}
	for _, p := range r.Characters {
		if err := unique(p.ID); err != nil {
			return err
		}
		if _, ok := r.Clan(p.Clan); !ok {
			return refuse("err.roster_merge.character_clan", p.ID, p.Clan)
		}
		if _, ok := r.Clan(p.Captor); p.Captor != "" && !ok {
			return refuse("err.roster_merge.captor", p.ID, p.Captor)
		}
	}
	for _, a := range r.Armies {
		if err := unique(a.ID); err != nil {
			return err
		}
		if _, ok := r.Clan(a.Clan); !ok {
			return refuse("err.roster_merge.army_no_clan", a.ID, a.Clan)
		}
		for _, id := range append([]string{a.Commander}, a.Generals...) {
			if id == "" {
				continue
			}
			if p, ok := r.Person(id); !ok || p.Clan != a.Clan {
				return refuse("err.roster_merge.leader", a.ID, id, a.Clan)
			}
		}
		for _, u := range a.Units {
			if err := unique(u.ID); err != nil {
				return err
			}
		}
	}
	return nil
}
