package bot

// ComponentRouted reports whether a custom ID reaches its handler with its
// values parsed (componentRoutes); modal: a form's submit.
func ComponentRouted(id string, modal bool) bool {
	_, _, ok, found := componentRoute(id, modal)
	return ok && found
}
