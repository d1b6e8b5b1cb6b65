package discordtest

// OpenAPI validation of every REST request and response of the fake.
//
// The description is Discord's own (testdata/openapi/openapi.json, copied
// verbatim from discord/discord-api-spec, MIT, LICENSE beside it). It is
// OpenAPI 3.1, whose schemas are JSON Schema 2020-12 (type arrays such as
// ["string", "null"], oneOf/anyOf/allOf unions, const discriminants).
//
// Validator: github.com/santhosh-tekuri/jsonschema/v6, over the document's
// own schemas, with the OpenAPI layer (path templates, methods, parameters,
// media types, response codes) written here. Why this one:
//   - it implements JSON Schema 2020-12 completely (it passes the official
//     JSON-Schema-Test-Suite for 2020-12 and is among the most compliant
//     validators in Bowtie's reports), which is what OpenAPI 3.1 schemas
//     are; kin-openapi's validator is built around OpenAPI 3.0 schemas and
//     its 3.1 support is recent and partial;
//   - it is one small, maintained module (its only dependency is
//     golang.org/x/text), where github.com/pb33f/libopenapi-validator brings
//     libopenapi's whole document model, YAML and JSONPath libraries, and
//     itself uses santhosh-tekuri/jsonschema/v6 underneath for the schemas;
//   - schemas are compiled lazily, by JSON pointer into the one parsed
//     document, only for the operations a test uses: the 1.1 MB spec is
//     parsed once per test process (sync.Once) in about 20 ms, and each
//     operation's schemas are compiled once, on first use;
//   - the parts an OpenAPI validator would do for us are the parts where the
//     fake needs its own rules anyway: discordgo sends message bodies with
//     files as multipart/form-data whose JSON is in a payload_json part
//     (validated here against the operation's schema), and path matching
//     must prefer literal segments (/messages/@original over
//     /messages/{message_id}), which is a few lines.
//
// The spec describes /api/v10; discordgo calls /api/v9. The routes the bot
// uses are the same in both, so the version prefix is ignored.

import (
	"bytes"
	"crypto/sha256"
	_ "embed"
	"encoding/json"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

//go:embed testdata/openapi/openapi.json
var openAPIJSON []byte

const specURL = "file:///discord-api-spec/openapi.json"

// apiSpec is the loaded OpenAPI description.
type apiSpec struct {
	doc   map[string]any
	paths []*specPath

	mu    sync.Mutex // guards comp and cache
	comp  *jsonschema.Compiler
	cache map[string]*jsonschema.Schema // by JSON pointer
}

// specPath is one entry of "paths".
type specPath struct {
	template string   // e.g. /channels/{channel_id}/messages
	segs     []string // template segments; "{name}" for parameters
	literals int      // number of literal segments
	item     map[string]any
	ptr      string // JSON pointer of the path item
}

var (
	specOnce     sync.Once
	loadedSpec   *apiSpec
	specLoadErr  error
	specLoadTime time.Duration

	// Process-wide counters, for reports over a whole test run.
	totalValidatedRequests  atomic.Int64
	totalValidatedResponses atomic.Int64
	totalValidationNanos    atomic.Int64
)

// spec returns the OpenAPI description, parsed once per process.
func spec() (*apiSpec, error) {
	specOnce.Do(func() {
		start := time.Now()
		loadedSpec, specLoadErr = parseSpec(openAPIJSON)
		specLoadTime = time.Since(start)
	})
	return loadedSpec, specLoadErr
}

// SpecLoadTime is how long parsing the OpenAPI description took in this
// process (zero before the first Server validated anything).
func SpecLoadTime() time.Duration {
	specOnce.Do(func() {}) // wait for a load under way
	return specLoadTime
}

// TotalValidated is the number of requests and responses validated against
// the OpenAPI description by every Server of this test process.
func TotalValidated() (requests, responses int64) {
	return totalValidatedRequests.Load(), totalValidatedResponses.Load()
}

// TotalValidationTime is the time every Server of this test process spent
// validating requests and responses (compiling schemas on first use
// included; parsing the description is SpecLoadTime).
func TotalValidationTime() time.Duration { return time.Duration(totalValidationNanos.Load()) }

func parseSpec(raw []byte) (*apiSpec, error) {
	docAny, err := jsonschema.UnmarshalJSON(bytes.NewReader(raw))
	if err != nil {
		return nil, fmt.Errorf("openapi.json: %w", err)
	}
	doc, ok := docAny.(map[string]any)
	if !ok {
		return nil, fmt.Errorf("openapi.json: not an object")
	}
	if v, _ := doc["openapi"].(string); !strings.HasPrefix(v, "3.1") {
		return nil, fmt.Errorf("openapi.json: OpenAPI %q, want 3.1", v)
	}
	patchSpec(doc)
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020)
	// OpenAPI's own formats are annotations; the ones the fake must get
	// right are asserted.
	c.AssertFormat()
	for _, f := range []*jsonschema.Format{
		{Name: "snowflake", Validate: func(any) error { return nil }}, // the pattern checks it
		{Name: "nonce", Validate: func(any) error { return nil }},
		{Name: "int32", Validate: intRange(-1<<31, 1<<31-1)},
		{Name: "int64", Validate: func(any) error { return nil }}, // minimum/maximum check it
		{Name: "double", Validate: func(any) error { return nil }},
	} {
		c.RegisterFormat(f)
	}
	if err := c.AddResource(specURL, doc); err != nil {
		return nil, fmt.Errorf("openapi.json: %w", err)
	}
	s := &apiSpec{doc: doc, comp: c, cache: map[string]*jsonschema.Schema{}}
	paths, _ := doc["paths"].(map[string]any)
	for tmpl, item := range paths {
		m, _ := item.(map[string]any)
		p := &specPath{template: tmpl, segs: strings.Split(strings.TrimPrefix(tmpl, "/"), "/"), item: m, ptr: "/paths/" + ptrEscape(tmpl)}
		for _, sg := range p.segs {
			if !isParamSeg(sg) {
				p.literals++
			}
		}
		s.paths = append(s.paths, p)
	}
	sort.Slice(s.paths, func(i, j int) bool { return s.paths[i].template < s.paths[j].template })
	return s, nil
}

// patchSpec corrects, in memory, the places where the description
// disagrees with what Discord really sends and accepts, and where the bot
// depends on the real behaviour. Each is a documented disagreement:
//
//  1. 50035 Invalid Form Body errors: the spec's InnerErrors._errors items
//     are Error objects, whose code is an integer; Discord's real bodies
//     (and the example in its docs, "Error Messages") have string codes
//     such as "BASE_TYPE_MAX_LENGTH".
//  2. default_member_permissions in application command requests: the spec
//     allows an integer or null; Discord documents it as a "?string" (a
//     permission bit set as a decimal string) and discordgo sends a string.
//     A string of digits is accepted too.
//
// Two more are handled in validateRequest: file parts ("files[n]") are
// accepted in every multipart body, although the spec lists them only for
// some operations (not for webhook execute/edit, which Discord documents
// with files), and interaction callbacks may be multipart (multipartGaps).
func patchSpec(doc map[string]any) {
	schemas, _ := doc["components"].(map[string]any)["schemas"].(map[string]any)
	if inner, ok := schemas["InnerErrors"].(map[string]any); ok {
		if props, ok := inner["properties"].(map[string]any); ok {
			props["_errors"] = map[string]any{
				"type": "array",
				"items": map[string]any{
					"type": "object",
					"properties": map[string]any{
						"code":    map[string]any{"type": []any{"string", "integer"}},
						"message": map[string]any{"type": "string"},
					},
					"required": []any{"code", "message"},
				},
			}
		}
	}
	for name, sch := range schemas {
		if !strings.HasPrefix(name, "ApplicationCommand") || !strings.HasSuffix(name, "Request") {
			continue
		}
		props, _ := sch.(map[string]any)["properties"].(map[string]any)
		dmp, _ := props["default_member_permissions"].(map[string]any)
		if types, ok := dmp["type"].([]any); ok {
			dmp["type"] = append(types, "string")
			dmp["pattern"] = "^[0-9]+$"
		}
	}
}

func intRange(lo, hi int64) func(any) error {
	return func(v any) error {
		n, ok := v.(json.Number)
		if !ok {
			return nil
		}
		i, err := n.Int64()
		if err != nil || i < lo || i > hi {
			return fmt.Errorf("%s is out of range [%d, %d]", n, lo, hi)
		}
		return nil
	}
}

func isParamSeg(s string) bool { return strings.HasPrefix(s, "{") && strings.HasSuffix(s, "}") }

func ptrEscape(tok string) string {
	return strings.ReplaceAll(strings.ReplaceAll(tok, "~", "~0"), "/", "~1")
}

// match finds the path template of an API route (without /api/vN). Literal
// segments win over parameters, leftmost first, as OpenAPI requires
// (/messages/@original before /messages/{message_id}).
func (s *apiSpec) match(route string) (*specPath, map[string]string) {
	segs := strings.Split(strings.TrimPrefix(route, "/"), "/")
	var best *specPath
	var bestParams map[string]string
	bestScore := ""
	for _, p := range s.paths {
		if len(p.segs) != len(segs) {
			continue
		}
		params := map[string]string{}
		score := make([]byte, len(segs))
		ok := true
		for i, sg := range p.segs {
			if isParamSeg(sg) {
				if segs[i] == "" {
					ok = false
					break
				}
				params[sg[1:len(sg)-1]] = segs[i]
				score[i] = '0'
			} else if sg == segs[i] {
				score[i] = '1'
			} else {
				ok = false
				break
			}
		}
		if ok && string(score) > bestScore {
			best, bestParams, bestScore = p, params, string(score)
		}
	}
	return best, bestParams
}

// at follows a JSON pointer in the document.
func (s *apiSpec) at(ptr string) any {
	var v any = s.doc
	for _, tok := range strings.Split(strings.TrimPrefix(ptr, "/"), "/") {
		if ptr == "" {
			break
		}
		tok = strings.ReplaceAll(strings.ReplaceAll(tok, "~1", "/"), "~0", "~")
		switch x := v.(type) {
		case map[string]any:
			v = x[tok]
		case []any:
			i, err := strconv.Atoi(tok)
			if err != nil || i < 0 || i >= len(x) {
				return nil
			}
			v = x[i]
		default:
			return nil
		}
	}
	return v
}

// deref follows OpenAPI-level $refs ("#/components/responses/...") and
// returns the pointer and object reached.
func (s *apiSpec) deref(ptr string) (string, map[string]any) {
	for range 10 {
		m, _ := s.at(ptr).(map[string]any)
		ref, _ := m["$ref"].(string)
		if !strings.HasPrefix(ref, "#/") {
			return ptr, m
		}
		ptr = ref[1:]
	}
	return ptr, nil
}

// schema compiles (once) the schema at a JSON pointer of the document.
func (s *apiSpec) schema(ptr string) (*jsonschema.Schema, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if sch, ok := s.cache[ptr]; ok {
		return sch, nil
	}
	sch, err := s.comp.Compile(specURL + "#" + strings.ReplaceAll(ptr, "%", "%25"))
	if err != nil {
		return nil, fmt.Errorf("compiling %s: %w", ptr, err)
	}
	s.cache[ptr] = sch
	return sch, nil
}

// walkSchema calls visit for a schema and every schema it reaches through
// $refs and oneOf/anyOf/allOf, to a bounded depth.
func (s *apiSpec) walkSchema(ptr string, visit func(m map[string]any)) {
	var walk func(ptr string, depth int)
	walk = func(ptr string, depth int) {
		m, _ := s.at(ptr).(map[string]any)
		if m == nil || depth > 8 {
			return
		}
		if ref, ok := m["$ref"].(string); ok && strings.HasPrefix(ref, "#/") {
			walk(ref[1:], depth+1)
		}
		visit(m)
		for _, k := range []string{"oneOf", "anyOf", "allOf"} {
			if arr, ok := m[k].([]any); ok {
				for i := range arr {
					walk(fmt.Sprintf("%s/%s/%d", ptr, k, i), depth+1)
				}
			}
		}
	}
	walk(ptr, 0)
}

// schemaTypes lists the JSON types a (parameter) schema allows, following
// schema $refs and unions.
func (s *apiSpec) schemaTypes(ptr string) map[string]bool {
	out := map[string]bool{}
	s.walkSchema(ptr, func(m map[string]any) {
		switch t := m["type"].(type) {
		case string:
			out[t] = true
		case []any:
			for _, x := range t {
				if xs, ok := x.(string); ok {
					out[xs] = true
				}
			}
		}
	})
	return out
}

// schemaProps lists the property names a schema declares (following $refs
// and allOf/anyOf/oneOf), for multipart part names.
func (s *apiSpec) schemaProps(ptr string) map[string]bool {
	out := map[string]bool{}
	s.walkSchema(ptr, func(m map[string]any) {
		if props, ok := m["properties"].(map[string]any); ok {
			for k := range props {
				out[k] = true
			}
		}
	})
	return out
}

// specCheck is the result of validating one call.
type specCheck struct {
	template string // matched path template, "" if none
	opPtr    string // JSON pointer of the operation, "" if none
	errs     []string
}

func (sc *specCheck) errorf(format string, args ...any) {
	sc.errs = append(sc.errs, fmt.Sprintf(format, args...))
}

// validateRequest checks a call's route, method, parameters and body.
func (s *apiSpec) validateRequest(c *Call) specCheck {
	var sc specCheck
	p, pathParams := s.match(c.Route)
	if p == nil {
		sc.errorf("no path of the OpenAPI description matches %s", c.Route)
		return sc
	}
	sc.template = p.template
	method := strings.ToLower(c.Method)
	if _, ok := p.item[method].(map[string]any); !ok || method == "parameters" {
		sc.errorf("%s is not an operation of %s", c.Method, p.template)
		return sc
	}
	sc.opPtr = p.ptr + "/" + method

	// Parameters: path-level, overridden by operation-level.
	type param struct {
		name, in string
		required bool
		ptr      string // schema pointer
	}
	params := map[string]param{}
	for _, base := range []string{p.ptr + "/parameters", sc.opPtr + "/parameters"} {
		arr, _ := s.at(base).([]any)
		for i := range arr {
			pp, m := s.deref(fmt.Sprintf("%s/%d", base, i))
			name, _ := m["name"].(string)
			in, _ := m["in"].(string)
			req, _ := m["required"].(bool)
			params[in+":"+name] = param{name, in, req, pp + "/schema"}
		}
	}
	for name, v := range pathParams {
		pr, ok := params["path:"+name]
		if !ok {
			continue
		}
		s.validateParam(&sc, "path parameter "+name, v, pr.ptr)
	}
	for name, vs := range c.Query {
		pr, ok := params["query:"+name]
		if !ok {
			sc.errorf("query parameter %q is not a parameter of %s %s", name, c.Method, p.template)
			continue
		}
		for _, v := range vs {
			s.validateParam(&sc, "query parameter "+name, v, pr.ptr)
		}
	}
	for _, pr := range params {
		if pr.in == "query" && pr.required && c.Query.Get(pr.name) == "" {
			sc.errorf("required query parameter %q is missing", pr.name)
		}
	}

	// Body.
	bodyPtr, body := s.deref(sc.opPtr + "/requestBody")
	if body == nil {
		if len(bytes.TrimSpace(c.Body)) > 0 {
			sc.errorf("%s %s takes no request body, got %d bytes (%s)", c.Method, p.template, len(c.Body), c.ContentType)
		}
		return sc
	}
	if len(c.Body) == 0 {
		if req, _ := body["required"].(bool); req {
			sc.errorf("%s %s requires a request body", c.Method, p.template)
		}
		return sc
	}
	content, _ := body["content"].(map[string]any)
	mt, _, _ := mime.ParseMediaType(c.ContentType)
	mediaPtr := bodyPtr + "/content/" + ptrEscape(mt)
	switch {
	case content[mt] != nil && mt == "multipart/form-data":
		s.validateMultipart(&sc, c, mediaPtr+"/schema")
	case content[mt] != nil && mt == "application/json":
		s.validateJSON(&sc, "request body", c.Body, mediaPtr+"/schema")
	case mt == "multipart/form-data" && content["application/json"] != nil && multipartGaps[p.template]:
		// Discord accepts files with these operations although the spec
		// lists only JSON: the payload_json part is the JSON body.
		s.validateMultipart(&sc, c, bodyPtr+"/content/application~1json/schema")
	default:
		var mts []string
		for k := range content {
			mts = append(mts, k)
		}
		sort.Strings(mts)
		sc.errorf("%s %s: content type %q is not one of %v", c.Method, p.template, c.ContentType, mts)
	}
	return sc
}

// multipartGaps are operations that Discord documents and accepts with
// multipart/form-data (files) but whose requestBody in the spec lists only
// application/json: interaction callbacks with attachments ("Uploading
// Files" in the interactions docs; discordgo's InteractionRespond sends
// multipart when the response data has Files).
var multipartGaps = map[string]bool{
	"/interactions/{interaction_id}/{interaction_token}/callback": true,
}

func (s *apiSpec) validateParam(sc *specCheck, what, v, schemaPtr string) {
	types := s.schemaTypes(schemaPtr)
	var inst any = v
	switch {
	case (types["integer"] || types["number"]) && isNumber(v):
		inst = json.Number(v)
	case types["boolean"] && (v == "true" || v == "false"):
		inst = v == "true"
	}
	sch, err := s.schema(schemaPtr)
	if err != nil {
		sc.errorf("%s: %v", what, err)
		return
	}
	if err := sch.Validate(inst); err != nil {
		sc.errorf("%s %q: %s", what, v, compactErr(err))
	}
}

func isNumber(v string) bool {
	_, err := strconv.ParseFloat(v, 64)
	return err == nil && v != "" && !strings.ContainsAny(v, "eEnN+")
}

func (s *apiSpec) validateJSON(sc *specCheck, what string, data []byte, schemaPtr string) {
	key := acceptedKey{schemaPtr, sha256.Sum256(data)}
	if _, ok := accepted.Load(key); ok {
		return // these very bytes already passed this schema
	}
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
	if err != nil {
		sc.errorf("%s is not JSON: %v", what, err)
		return
	}
	if s.validateValue(sc, what, inst, schemaPtr) {
		accepted.Store(key, struct{}{})
	}
}

// accepted remembers, for the test process, the bodies a schema already
// accepted: tests send and get the same bytes again and again (a status
// edited to the same text, a channel read, a refusal), and validating
// each again was a quarter of the bot tests' CPU (half of it under
// -race). Only acceptances are kept, so a violation is reported every
// time it is made; the same bytes against the same schema cannot pass
// once and fail later.
var accepted sync.Map // acceptedKey → struct{}

type acceptedKey struct {
	schema string
	body   [sha256.Size]byte
}

// validateValue checks inst against the schema at schemaPtr, reporting a
// violation to sc; it says whether inst passed.
func (s *apiSpec) validateValue(sc *specCheck, what string, inst any, schemaPtr string) bool {
	sch, err := s.schema(schemaPtr)
	if err != nil {
		sc.errorf("%s: %v", what, err)
		return false
	}
	if err := sch.Validate(inst); err != nil {
		sc.errorf("%s: %s", what, compactErr(err))
		return false
	}
	return true
}

// validateMultipart checks a multipart/form-data body: the payload_json
// part against the schema, every other part's name against the schema's
// properties (files[n]).
func (s *apiSpec) validateMultipart(sc *specCheck, c *Call, schemaPtr string) {
	_, params, err := mime.ParseMediaType(c.ContentType)
	if err != nil || params["boundary"] == "" {
		sc.errorf("multipart body without boundary (%q)", c.ContentType)
		return
	}
	props := s.schemaProps(schemaPtr)
	mr := multipart.NewReader(bytes.NewReader(c.Body), params["boundary"])
	var payload []byte // payload_json's bytes, nil if none
	for {
		part, err := mr.NextPart()
		if err == io.EOF {
			break
		}
		if err != nil {
			sc.errorf("multipart body: %v", err)
			return
		}
		name := part.FormName()
		data, _ := io.ReadAll(part)
		if name == "payload_json" {
			payload = data
			continue
		}
		if !props[name] && !filePart.MatchString(name) {
			sc.errorf("multipart part %q is not a field of the request body", name)
		}
	}
	if payload == nil {
		s.validateValue(sc, "payload_json", map[string]any{}, schemaPtr)
		return
	}
	s.validateJSON(sc, "payload_json", payload, schemaPtr)
}

// filePart is the name of a multipart file part.
var filePart = regexp.MustCompile(`^files\[[0-9]\]$`)

// validateResponse checks the status, headers and body the fake answered.
// Statuses of 500 and more are outside the spec (it describes none) and
// are not checked.
func (s *apiSpec) validateResponse(sc *specCheck, c *Call, h http.Header) bool {
	if sc.opPtr == "" || c.Status >= 500 {
		return false
	}
	code := strconv.Itoa(c.Status)
	respsPtr := sc.opPtr + "/responses"
	resps, _ := s.at(respsPtr).(map[string]any)
	key := ""
	for _, k := range []string{code, code[:1] + "XX", "default"} {
		if resps[k] != nil {
			key = k
			break
		}
	}
	if key == "" {
		var ks []string
		for k := range resps {
			ks = append(ks, k)
		}
		sort.Strings(ks)
		sc.errorf("response status %d is not one of %v", c.Status, ks)
		return true
	}
	rPtr, r := s.deref(respsPtr + "/" + ptrEscape(key))
	if hs, ok := r["headers"].(map[string]any); ok {
		for name := range hs {
			v := h.Get(name)
			if v == "" {
				continue
			}
			hp, _ := s.deref(rPtr + "/headers/" + ptrEscape(name))
			s.validateParam(sc, "response header "+name, v, hp+"/schema")
		}
	}
	content, _ := r["content"].(map[string]any)
	switch {
	case content == nil && len(c.Response) > 0 && c.Status != http.StatusNoContent:
		sc.errorf("response %d has no body in the spec, got %d bytes", c.Status, len(c.Response))
	case content != nil && len(c.Response) == 0:
		sc.errorf("response %d has a body in the spec, got none", c.Status)
	case content != nil:
		if content["application/json"] == nil {
			sc.errorf("response %d is not JSON in the spec", c.Status)
			break
		}
		s.validateJSON(sc, fmt.Sprintf("response %d body", c.Status), c.Response, rPtr+"/content/application~1json/schema")
	}
	return true
}

// compactErr shortens a validation error to its most useful lines.
func compactErr(err error) string {
	msg := err.Error()
	if len(msg) > 4000 {
		msg = msg[:4000] + " …"
	}
	return msg
}

// Violation is a request or response that the OpenAPI description does not
// allow.
type Violation struct {
	// Method and Route of the call (Route without /api/vN).
	Method, Route string
	// Template is the spec's path template matched ("" if none).
	Template string
	// Response is true for a response of the fake, false for a request of
	// the client.
	Response bool
	Errors   []string
}

func (v Violation) String() string {
	kind := "request"
	if v.Response {
		kind = "response"
	}
	t := v.Template
	if t == "" {
		t = "no path"
	}
	return fmt.Sprintf("%s %s (%s): OpenAPI %s violation: %s", v.Method, v.Route, t, kind, strings.Join(v.Errors, "; "))
}

// Violations returns the requests and responses the OpenAPI description
// rejected, in order. Each was also reported with t.Errorf, unless
// AllowViolations was called.
func (s *Server) Violations() []Violation {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Violation(nil), s.violations...)
}

// SkipSpec turns the OpenAPI checks off for this Server, and the scan of
// the bot's texts with them: a benchmark that measures the bot's latency
// must not measure the checks (several ms a call) with it. Tests keep them
// on.
func (s *Server) SkipSpec() {
	s.mu.Lock()
	s.skipSpec = true
	s.mu.Unlock()
	s.Checks().SkipTexts()
}

// AllowViolations makes OpenAPI violations recorded only (Violations),
// not reported with t.Errorf: for tests that send invalid requests on
// purpose.
func (s *Server) AllowViolations() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.allowViolations = true
}

// Validated returns how many requests and responses of this Server were
// validated against the OpenAPI description. Responses with a status of 500
// or more are not (the spec describes none), nor responses to requests
// whose route or method is not in the spec.
func (s *Server) Validated() (requests, responses int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.validatedReqs, s.validatedResps
}

// specChecker is the fake's Checker: it validates every call against the
// OpenAPI description and records what it found on its Server.
type specChecker struct{ s *Server }

// Request validates the request; the function it returns validates the
// response and records both.
func (k specChecker) Request(c *Call) func(*Call, http.Header) []string {
	s := k.s
	sp, _ := spec()
	s.mu.Lock()
	skip := s.skipSpec
	s.mu.Unlock()
	if sp == nil || skip {
		return nil
	}
	start := time.Now()
	check := sp.validateRequest(c)
	c.Template = check.template
	spent := time.Since(start)
	return func(c *Call, h http.Header) []string {
		reqErrs := len(check.errs)
		start := time.Now()
		respChecked := sp.validateResponse(&check, c, h)
		totalValidationNanos.Add(int64(spent + time.Since(start)))
		var vs []Violation
		if reqErrs > 0 {
			vs = append(vs, Violation{Method: c.Method, Route: c.Route, Template: check.template, Errors: check.errs[:reqErrs]})
		}
		if len(check.errs) > reqErrs {
			vs = append(vs, Violation{Method: c.Method, Route: c.Route, Template: check.template, Response: true, Errors: check.errs[reqErrs:]})
		}
		s.recordValidation(respChecked, vs)
		return check.errs
	}
}

// recordValidation counts a validated call and reports its violations.
func (s *Server) recordValidation(respChecked bool, vs []Violation) {
	totalValidatedRequests.Add(1)
	if respChecked {
		totalValidatedResponses.Add(1)
	}
	s.mu.Lock()
	s.validatedReqs++
	if respChecked {
		s.validatedResps++
	}
	s.violations = append(s.violations, vs...)
	allow := s.allowViolations
	s.mu.Unlock()
	if !allow {
		for _, v := range vs {
			s.rep.Errorf("discordtest: %s", v)
		}
	}
}
