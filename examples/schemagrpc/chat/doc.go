// Package chat is the Go code furygen generates from chat.fdl with -grpc:
// the messages, RegisterTypes, NewCodec, and the Greeter service's
// GreeterServer, UnimplementedGreeterServer, RegisterGreeterServer,
// GreeterClient and NewGreeterClient.
package chat

//go:generate go run github.com/fury-go/fury/cmd/furygen -schema chat.fdl -grpc
