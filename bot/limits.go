package bot

import (
	"fmt"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"
)

// Bounds of what a person types (issue 25 item 7): every text option of
// every command has a limit, registered with Discord (max_length, so its
// client stops a longer text) and checked again here before the handler
// runs, so a longer one is refused in the caller's language and changes
// nothing. The README lists them.
const (
	maxName = 64   // a name: a battle's, a quick battle's (game.MaxNameLen)
	maxNote = 300  // a note: a fight's reason, what a duel is about
	maxList = 1000 // a list: units, armies, cells, crossings; a value to set
	maxWord = 100  // anything else: a unit, a cell, a leader, a key
	// maxSkill is the longest skill a hero learns after a battle (the
	// aftermath's form).
	maxSkill = 80
)

// optLimits are the options, by name, whose limit is not maxWord.
var optLimits = map[string]int{
	"name": maxName, "reason": maxNote, "about": maxNote,
	"units": maxList, "armies": maxList, "home_units": maxList, "castle_units": maxList, "crossings": maxList,
	"marches": maxList, "garrison": maxList, "besieging": maxList, "join": maxList, "cells": maxList,
	"value": maxList, "order": maxList, "fighters": maxList, "others": maxList,
}

// maxLen is the longest text option s takes, in characters (0: not text).
func (s optSpec) maxLen() int {
	if s.typ != discordgo.ApplicationCommandOptionString {
		return 0
	}
	if n, ok := optLimits[s.name]; ok {
		return n
	}
	return maxWord
}

// tooLong refuses the first text option of a command longer than its
// limit, naming it as the caller reads it.
func tooLong(c *call, r route) error {
	for name, o := range c.opts {
		s, ok := r.opts[name]
		v, isText := o.Value.(string)
		if !ok || !isText {
			continue
		}
		if n := utf8.RuneCountInString(v); s.maxLen() > 0 && n > s.maxLen() {
			return refuse("err.text_long", tr(string(c.lang), fmt.Sprintf("cmd.%s.opt.%s.name", r.cmd, name)), s.maxLen(), n)
		}
	}
	return nil
}
