package gogen

import (
	"fmt"
	"strings"

	"github.com/fury-go/fury/internal/schema"
)

// codecFunc names the codec constructor that goes with registration
// function reg: NewCodec for RegisterTypes, NewXCodec for RegisterX.
func codecFunc(reg string) string {
	if rest, ok := strings.CutPrefix(reg, "Register"); ok && rest != "Types" {
		return "New" + rest + "Codec"
	}
	if reg == "RegisterTypes" {
		return "NewCodec"
	}
	return "New" + exported(reg) + "Codec"
}

// rpc is a method as the generated code spells it.
type rpc struct {
	m          *schema.Method
	goName     string
	req, resp  string // Go types of the messages (without *)
	kind       string // furygrpc's method type: Unary, ServerStream, ClientStream, BidiStream
	server     string // the server interface's method signature (after the name)
	client     string // the client interface's method signature (after the name)
	unimpl     string // the Unimplemented method's body
	clientBody string
}

// services writes the gRPC code of the services of files.
func (g *gen) services(files []*schema.File, reg string) {
	var svcs []*schema.Service
	for _, f := range files {
		svcs = append(svcs, f.Services...)
	}
	if len(svcs) == 0 {
		return
	}
	codec := codecFunc(reg)
	g.declare(codec, schema.Pos{File: "-register"}, "the codec constructor")
	g.imports["github.com/fury-go/fury/furygrpc"] = ""
	g.imports["github.com/fury-go/fury/fury"] = ""
	g.p("\n// %s returns a furygrpc codec for the schema's services: Fory configured\n", codec)
	g.p("// as the peers' generated code configures it (xlang, compatible mode,\n")
	g.p("// reference tracking of the fields the schema marks ref), with the schema's\n")
	g.p("// types registered by %s. opts come after and may add to that. Give\n", reg)
	g.p("// it to the server (grpc.ForceServerCodecV2) and the client\n")
	g.p("// (grpc.WithDefaultCallOptions(grpc.ForceCodecV2(c))), or make it the\n")
	g.p("// process-wide fory codec with furygrpc.Register.\n")
	g.p("func %s(opts ...furygrpc.Option) (*furygrpc.Codec, error) {\n", codec)
	g.p("\treturn furygrpc.New(append([]furygrpc.Option{furygrpc.WithFuryOptions(fury.WithRefTracking(true)), furygrpc.WithSetup(%s)}, opts...)...)\n}\n", reg)
	methods := 0
	for _, svc := range svcs {
		g.service(svc)
		methods += len(svc.Methods)
	}
	if methods == 0 {
		// No method uses the imports of the Unimplemented methods and the
		// clients.
		g.p("\nvar _ = []any{context.Background, codes.OK, status.Error}\n")
	}
}

// messageType returns the Go type of an rpc's request or response: the
// message's struct, or the union's interface (a *U in the signatures, as
// furygrpc passes messages by pointer; nil is no value).
func (g *gen) messageType(t *schema.TypeRef) string {
	if t.Decl == nil {
		return "any"
	}
	return g.useDecl(t.Decl)
}

func (g *gen) service(svc *schema.Service) {
	name := exported(svc.Name)
	full := svc.QualifiedName()
	for _, id := range []string{name + "Server", "Unimplemented" + name + "Server", "Register" + name + "Server", name + "Client", "New" + name + "Client"} {
		g.declare(id, svc.Pos, "service "+svc.Name)
	}
	g.imports["context"] = ""
	g.imports["google.golang.org/grpc"] = ""
	g.imports["google.golang.org/grpc/codes"] = ""
	g.imports["google.golang.org/grpc/status"] = ""
	methods := "furyService" + name
	client := "furyClient" + name

	var rpcs []rpc
	goNames := map[string]*schema.Method{}
	for _, m := range svc.Methods {
		r := rpc{m: m, goName: exported(m.Name)}
		if !isIdentifier(r.goName) {
			g.errorf(m.Pos, "rpc %s.%s: %q is not a Go identifier; rename it", svc.Name, m.Name, r.goName)
		}
		if prev, ok := goNames[r.goName]; ok {
			g.errorf(m.Pos, "rpcs %s and %s of service %s are both Go method %s; rename one", prev.Name, m.Name, svc.Name, r.goName)
		}
		goNames[r.goName] = m
		r.req = g.messageType(m.Request)
		r.resp = g.messageType(m.Response)
		notImpl := fmt.Sprintf("status.Error(codes.Unimplemented, %q)", "method "+m.Name+" not implemented")
		call := fmt.Sprintf("%s.%s.Invoke", methods, r.goName)
		switch {
		case !m.ClientStreaming && !m.ServerStreaming:
			r.kind = "Unary"
			r.server = fmt.Sprintf("(context.Context, *%s) (*%s, error)", r.req, r.resp)
			r.client = fmt.Sprintf("(ctx context.Context, in *%s, opts ...grpc.CallOption) (*%s, error)", r.req, r.resp)
			r.unimpl = "return nil, " + notImpl
			r.clientBody = call + "(ctx, c.cc, in, opts...)"
		case !m.ClientStreaming:
			r.kind = "ServerStream"
			r.server = fmt.Sprintf("(*%s, grpc.ServerStreamingServer[%s]) error", r.req, r.resp)
			r.client = fmt.Sprintf("(ctx context.Context, in *%s, opts ...grpc.CallOption) (grpc.ServerStreamingClient[%s], error)", r.req, r.resp)
			r.unimpl = "return " + notImpl
			r.clientBody = call + "(ctx, c.cc, in, opts...)"
		case !m.ServerStreaming:
			r.kind = "ClientStream"
			r.server = fmt.Sprintf("(grpc.ClientStreamingServer[%s, %s]) error", r.req, r.resp)
			r.client = fmt.Sprintf("(ctx context.Context, opts ...grpc.CallOption) (grpc.ClientStreamingClient[%s, %s], error)", r.req, r.resp)
			r.unimpl = "return " + notImpl
			r.clientBody = call + "(ctx, c.cc, opts...)"
		default:
			r.kind = "BidiStream"
			r.server = fmt.Sprintf("(grpc.BidiStreamingServer[%s, %s]) error", r.req, r.resp)
			r.client = fmt.Sprintf("(ctx context.Context, opts ...grpc.CallOption) (grpc.BidiStreamingClient[%s, %s], error)", r.req, r.resp)
			r.unimpl = "return " + notImpl
			r.clientBody = call + "(ctx, c.cc, opts...)"
		}
		rpcs = append(rpcs, r)
	}

	g.p("\n// %sServer is the server side of service %s. An implementation embeds\n", name, full)
	g.p("// Unimplemented%sServer, so that methods added to the schema later\n", name)
	g.p("// answer codes.Unimplemented until it implements them.\n")
	g.p("type %sServer interface {\n", name)
	for _, r := range rpcs {
		g.p("\t// %s is rpc %s (%s).\n\t%s%s\n", r.goName, r.m.Name, r.kind, r.goName, r.server)
	}
	g.p("}\n")

	g.p("\n// Unimplemented%sServer answers every method of %sServer with\n// codes.Unimplemented.\n", name, name)
	g.p("type Unimplemented%sServer struct{}\n", name)
	for _, r := range rpcs {
		g.p("\n// %s answers codes.Unimplemented.\nfunc (Unimplemented%sServer) %s%s {\n\t%s\n}\n", r.goName, name, r.goName, r.server, r.unimpl)
	}

	if len(rpcs) > 0 {
		g.p("\n// %s holds the methods of %s.\nvar %s = struct {\n", methods, full, methods)
		for _, r := range rpcs {
			g.p("\t%s furygrpc.%s[%s, %s]\n", r.goName, r.kind, r.req, r.resp)
		}
		g.p("}{\n")
		for _, r := range rpcs {
			g.p("\t%s: furygrpc.New%s[%s, %s](%q, %q),\n", r.goName, r.kind, r.req, r.resp, full, r.m.Name)
		}
		g.p("}\n")
	}

	g.p("\n// Register%sServer registers srv on s as service %s.\n", name, full)
	g.p("func Register%sServer(s grpc.ServiceRegistrar, srv %sServer) error {\n", name, name)
	if len(rpcs) == 0 {
		g.p("\t// The service has no methods: every call answers codes.Unimplemented.\n\treturn nil\n}\n")
	} else {
		g.p("\treturn furygrpc.RegisterService(s,\n")
		for _, r := range rpcs {
			g.p("\t\t%s.%s.Handle(srv.%s),\n", methods, r.goName, r.goName)
		}
		g.p("\t)\n}\n")
	}

	g.p("\n// %sClient is the client side of service %s.\n", name, full)
	g.p("type %sClient interface {\n", name)
	for _, r := range rpcs {
		g.p("\t// %s calls rpc %s (%s).\n\t%s%s\n", r.goName, r.m.Name, r.kind, r.goName, r.client)
	}
	g.p("}\n")
	g.p("\ntype %s struct{ cc grpc.ClientConnInterface }\n", client)
	g.p("\n// New%sClient returns the client of service %s on cc (a\n// *grpc.ClientConn).\n", name, full)
	g.p("func New%sClient(cc grpc.ClientConnInterface) %sClient { return %s{cc} }\n", name, name, client)
	for _, r := range rpcs {
		g.p("\nfunc (c %s) %s%s {\n\treturn %s\n}\n", client, r.goName, r.client, r.clientBody)
	}
}
