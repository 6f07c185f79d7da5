package door

import "okey/kit/vt"

// term is the tests' terminal: package vt's, which okey load's clients
// read their screens through too.
type term = vt.Term

func newTerm(w, h int) *term { return vt.New(w, h) }
