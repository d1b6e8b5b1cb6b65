package render

// Texts of the preview of pending orders drawn on a side's field
// (field.Options.Intents): its legend.
var previewTexts = texts{
	"legend.preview":        {"Приказы:", "Orders:"},
	"legend.preview_phase1": {"фаза 1", "phase 1"},
	"legend.preview_phase2": {"фаза 2", "phase 2"},
	"legend.preview_attack": {"атака", "attack"},
	"legend.preview_shot":   {"цель обстрела", "shooting target"},
	"legend.preview_front":  {"новый фронт", "new front"},
}
