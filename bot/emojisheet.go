package bot

import "github.com/gunbai/gunbai/engine"

// The sheet's menus with the emojis: a unit's option gets its troop's
// counter, an order's its mark (a move, a shot, a banner): the sheet's
// menus (sheetMenus) ask for them by these names in the reader's language
// (emojiIn); with no emojis synced they go without.

// orderMarks are the orders with a mark's emoji.
var orderMarks = map[engine.OrderKind]string{
	engine.OrderMove: "mark:move", engine.OrderRetreat: "mark:move", engine.OrderForcedMarch: "mark:move",
	engine.OrderSidestepLeft: "mark:move", engine.OrderSidestepRight: "mark:move", engine.OrderAdvance: "mark:move",
	engine.OrderGeneralAdvance: "mark:move", engine.OrderGeneralRetreat: "mark:move", engine.OrderWithdraw: "mark:move",
	engine.OrderShoot: "mark:shot", engine.OrderVolley: "mark:shot",
	engine.OrderBanner: "mark:flag",
}
