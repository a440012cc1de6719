// # Services
//
// A service needs no .proto file and no hand-written grpc.ServiceDesc:
// declare each method once, with its message types, in a package both sides
// import,
//
//	var SayHello = furygrpc.NewUnary[Greeting, Reply]("example.Greeter", "SayHello")
//
// register the implementations on the server,
//
//	err := furygrpc.RegisterService(srv, SayHello.Handle(sayHello))
//
// and call them from the client:
//
//	reply, err := SayHello.Invoke(ctx, conn, &Greeting{Name: "Ann"})
//
// This is what protoc-gen-go-grpc generates for a .proto service (a
// grpc.ServiceDesc, a handler per method that runs the server's
// interceptors, a client call per method), written once, generically.
// NewServerStream, NewClientStream and NewBidiStream do the same for
// streaming methods.
package furygrpc

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"google.golang.org/grpc"
)

// Unary is a unary method of a gRPC service whose request and response
// messages are the Go values Req and Resp, carried by the fory codec.
type Unary[Req, Resp any] struct {
	service, method string
}

// NewUnary returns the unary method method of service (a fully qualified
// service name such as "example.Greeter": full method name
// "/example.Greeter/SayHello").
func NewUnary[Req, Resp any](service, method string) Unary[Req, Resp] {
	return Unary[Req, Resp]{service: service, method: method}
}

// FullMethod returns the method's full name, "/service/method", as gRPC
// interceptors see it (grpc.UnaryServerInfo.FullMethod).
func (u Unary[Req, Resp]) FullMethod() string { return "/" + u.service + "/" + u.method }

// Invoke calls the method on cc (a *grpc.ClientConn) and returns the
// response. It asks for the fory codec (content-subtype
// application/grpc+fory), so a connection needs no codec option: the
// codec registered under that name (Default, or the one given to Register)
// serves, unless the connection or opts force another (grpc.ForceCodecV2
// with a codec from New).
func (u Unary[Req, Resp]) Invoke(ctx context.Context, cc grpc.ClientConnInterface, in *Req, opts ...grpc.CallOption) (*Resp, error) {
	out := new(Resp)
	if err := cc.Invoke(ctx, u.FullMethod(), in, out, callOptions(opts)...); err != nil {
		return nil, err
	}
	return out, nil
}

// Handle returns fn as the server side of the method, for RegisterService
// or ServiceDesc. The server's unary interceptors run around fn, as they do
// around generated code.
func (u Unary[Req, Resp]) Handle(fn func(context.Context, *Req) (*Resp, error)) Handler {
	full := u.FullMethod()
	return Handler{service: u.service, name: u.method, unary: &grpc.MethodDesc{
		MethodName: u.method,
		Handler: func(srv any, ctx context.Context, dec func(any) error, interceptor grpc.UnaryServerInterceptor) (any, error) {
			in := new(Req)
			if err := dec(in); err != nil {
				return nil, err
			}
			if interceptor == nil {
				return fn(ctx, in)
			}
			info := &grpc.UnaryServerInfo{Server: srv, FullMethod: full}
			return interceptor(ctx, in, info, func(ctx context.Context, req any) (any, error) {
				return fn(ctx, req.(*Req))
			})
		},
	}}
}

// ServerStream is a server-streaming method of a gRPC service: one request
// Req, a stream of responses Resp, carried by the fory codec.
type ServerStream[Req, Resp any] struct {
	service, method string
}

// NewServerStream returns the server-streaming method method of service
// (a fully qualified service name).
func NewServerStream[Req, Resp any](service, method string) ServerStream[Req, Resp] {
	return ServerStream[Req, Resp]{service: service, method: method}
}

// FullMethod returns the method's full name, "/service/method".
func (s ServerStream[Req, Resp]) FullMethod() string { return "/" + s.service + "/" + s.method }

// Invoke calls the method on cc and returns the stream of responses:
// Recv returns each, then io.EOF after the last. It asks for the fory
// codec as Unary.Invoke does.
func (s ServerStream[Req, Resp]) Invoke(ctx context.Context, cc grpc.ClientConnInterface, in *Req, opts ...grpc.CallOption) (grpc.ServerStreamingClient[Resp], error) {
	desc := &grpc.StreamDesc{StreamName: s.method, ServerStreams: true}
	stream, err := cc.NewStream(ctx, desc, s.FullMethod(), callOptions(opts)...)
	if err != nil {
		return nil, err
	}
	x := &grpc.GenericClientStream[Req, Resp]{ClientStream: stream}
	if err := x.ClientStream.SendMsg(in); err != nil {
		return nil, err
	}
	if err := x.ClientStream.CloseSend(); err != nil {
		return nil, err
	}
	return x, nil
}

// Handle returns fn as the server side of the method: fn receives the
// request and sends the responses on the stream; returning ends the call
// (with fn's error as its status). The server's stream interceptors run
// around fn.
func (s ServerStream[Req, Resp]) Handle(fn func(*Req, grpc.ServerStreamingServer[Resp]) error) Handler {
	return Handler{service: s.service, name: s.method, stream: &grpc.StreamDesc{
		StreamName:    s.method,
		ServerStreams: true,
		Handler: func(_ any, stream grpc.ServerStream) error {
			in := new(Req)
			if err := stream.RecvMsg(in); err != nil {
				return err
			}
			return fn(in, &grpc.GenericServerStream[Req, Resp]{ServerStream: stream})
		},
	}}
}

// ClientStream is a client-streaming method of a gRPC service: a stream
// of requests Req, one response Resp, carried by the fory codec.
type ClientStream[Req, Resp any] struct {
	service, method string
}

// NewClientStream returns the client-streaming method method of service
// (a fully qualified service name).
func NewClientStream[Req, Resp any](service, method string) ClientStream[Req, Resp] {
	return ClientStream[Req, Resp]{service: service, method: method}
}

// FullMethod returns the method's full name, "/service/method".
func (s ClientStream[Req, Resp]) FullMethod() string { return "/" + s.service + "/" + s.method }

// Invoke opens a call of the method on cc: Send each request, then
// CloseAndRecv for the response. It asks for the fory codec as
// Unary.Invoke does.
func (s ClientStream[Req, Resp]) Invoke(ctx context.Context, cc grpc.ClientConnInterface, opts ...grpc.CallOption) (grpc.ClientStreamingClient[Req, Resp], error) {
	desc := &grpc.StreamDesc{StreamName: s.method, ClientStreams: true}
	stream, err := cc.NewStream(ctx, desc, s.FullMethod(), callOptions(opts)...)
	if err != nil {
		return nil, err
	}
	return &grpc.GenericClientStream[Req, Resp]{ClientStream: stream}, nil
}

// Handle returns fn as the server side of the method: fn receives the
// requests with Recv (io.EOF after the last) and answers with
// SendAndClose. The server's stream interceptors run around fn.
func (s ClientStream[Req, Resp]) Handle(fn func(grpc.ClientStreamingServer[Req, Resp]) error) Handler {
	return Handler{service: s.service, name: s.method, stream: &grpc.StreamDesc{
		StreamName:    s.method,
		ClientStreams: true,
		Handler: func(_ any, stream grpc.ServerStream) error {
			return fn(&grpc.GenericServerStream[Req, Resp]{ServerStream: stream})
		},
	}}
}

// BidiStream is a bidirectional-streaming method of a gRPC service:
// streams of requests Req and responses Resp, carried by the fory codec.
type BidiStream[Req, Resp any] struct {
	service, method string
}

// NewBidiStream returns the bidirectional-streaming method method of
// service (a fully qualified service name).
func NewBidiStream[Req, Resp any](service, method string) BidiStream[Req, Resp] {
	return BidiStream[Req, Resp]{service: service, method: method}
}

// FullMethod returns the method's full name, "/service/method".
func (s BidiStream[Req, Resp]) FullMethod() string { return "/" + s.service + "/" + s.method }

// Invoke opens a call of the method on cc: Send requests and Recv
// responses (io.EOF after the last) in any order, CloseSend after the last
// request. It asks for the fory codec as Unary.Invoke does.
func (s BidiStream[Req, Resp]) Invoke(ctx context.Context, cc grpc.ClientConnInterface, opts ...grpc.CallOption) (grpc.BidiStreamingClient[Req, Resp], error) {
	desc := &grpc.StreamDesc{StreamName: s.method, ClientStreams: true, ServerStreams: true}
	stream, err := cc.NewStream(ctx, desc, s.FullMethod(), callOptions(opts)...)
	if err != nil {
		return nil, err
	}
	return &grpc.GenericClientStream[Req, Resp]{ClientStream: stream}, nil
}

// Handle returns fn as the server side of the method: fn receives the
// requests with Recv (io.EOF once the client closed its side) and sends
// responses with Send; returning ends the call. The server's stream
// interceptors run around fn.
func (s BidiStream[Req, Resp]) Handle(fn func(grpc.BidiStreamingServer[Req, Resp]) error) Handler {
	return Handler{service: s.service, name: s.method, stream: &grpc.StreamDesc{
		StreamName:    s.method,
		ClientStreams: true,
		ServerStreams: true,
		Handler: func(_ any, stream grpc.ServerStream) error {
			return fn(&grpc.GenericServerStream[Req, Resp]{ServerStream: stream})
		},
	}}
}

// Handler is the server side of one method, made by the Handle method of
// Unary, ServerStream, ClientStream or BidiStream.
type Handler struct {
	service, name string
	unary         *grpc.MethodDesc
	stream        *grpc.StreamDesc
}

// ServiceDesc returns the grpc.ServiceDesc of the service the handlers
// implement, for grpc.Server.RegisterService(desc, nil). The handlers must
// all be of one service and name each method once.
func ServiceDesc(handlers ...Handler) (*grpc.ServiceDesc, error) {
	if len(handlers) == 0 {
		return nil, errors.New("furygrpc: a service needs at least one method")
	}
	desc := &grpc.ServiceDesc{
		ServiceName: handlers[0].service,
		HandlerType: (*any)(nil),
	}
	seen := make(map[string]bool, len(handlers))
	for _, h := range handlers {
		switch {
		case h.unary == nil && h.stream == nil:
			return nil, errors.New("furygrpc: a zero Handler (make one with the Handle method of a Unary, ServerStream, ClientStream or BidiStream)")
		case h.service != desc.ServiceName:
			return nil, fmt.Errorf("furygrpc: method %s is of service %q, the first one's is %q: one service per ServiceDesc",
				h.name, h.service, desc.ServiceName)
		case h.service == "" || h.name == "" || strings.Contains(h.service, "/") || strings.Contains(h.name, "/"):
			return nil, fmt.Errorf("furygrpc: invalid service or method name %q/%q (both non-empty, without '/')", h.service, h.name)
		case seen[h.name]:
			return nil, fmt.Errorf("furygrpc: method %s of service %s given twice", h.name, h.service)
		}
		seen[h.name] = true
		if h.unary != nil {
			desc.Methods = append(desc.Methods, *h.unary)
		} else {
			desc.Streams = append(desc.Streams, *h.stream)
		}
	}
	return desc, nil
}

// RegisterService registers on s (a *grpc.Server) the service the
// handlers implement (see ServiceDesc). The server decodes requests with
// the codec registered for their content-subtype ("fory": Default, or the
// one given to Register) unless grpc.ForceServerCodecV2 gave it another.
func RegisterService(s grpc.ServiceRegistrar, handlers ...Handler) error {
	desc, err := ServiceDesc(handlers...)
	if err != nil {
		return err
	}
	s.RegisterService(desc, nil)
	return nil
}

// callOptions puts the fory content-subtype before opts, which may
// override it.
func callOptions(opts []grpc.CallOption) []grpc.CallOption {
	return append([]grpc.CallOption{grpc.CallContentSubtype(Name)}, opts...)
}
