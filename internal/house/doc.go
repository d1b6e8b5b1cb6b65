// Package house holds the tests of the house's own rules (issue 26): no
// production function over 100 lines, no type with more than 40 exported
// methods, the texts (render) apart from the pictures (render/field), and no
// table filled by init()s. They read the module's production sources (not
// tests, not testdata) with go/parser, so a rule broken anywhere fails here
// with its place. It has no code of its own.
package house
