"""Python side of the gRPC schema test (xlang_test/grpc_test.go).

GENDIR holds the modules foryc --grpc wrote from
examples/schemagrpc/chat/chat.fdl (example_chat.py, example_chat_grpc.py).

    grpc_peer.py GENDIR client ADDR   # calls every method of the server at ADDR, prints the replies
    grpc_peer.py GENDIR server        # serves on a loopback port: prints "listening ADDR", stops when stdin closes

Both do what examples/schemagrpc does in Go: the client makes the same calls
and prints the same lines, the server answers as the Go server does, so the
test compares the two sides' output line for line.
"""

import asyncio
import sys

import grpc

GENDIR, CMD = sys.argv[1:3]
sys.path.insert(0, GENDIR)

import example_chat as chat  # noqa: E402
import example_chat_grpc as chat_grpc  # noqa: E402


def q(s):
    """Go's %q for the ASCII strings of the test."""
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def client(addr):
    with grpc.insecure_channel(addr) as channel:
        stub = chat_grpc.GreeterStub(channel)
        r = stub.say(chat.Hello(name="Ann", times=3, mood=chat.Mood.CHEERFUL), timeout=30)
        print("Say: %s %d" % (q(r.text), r.n))
        for r in stub.repeat(chat.Hello(name="Bo", times=3, mood=chat.Mood.CALM), timeout=30):
            print("Repeat: %s %d" % (q(r.text), r.n))
        hellos = [chat.Hello(name=n, times=i + 1, mood=chat.Mood.CALM) for i, n in enumerate(["Cy", "Di", "Ed"])]
        r = stub.collect(iter(hellos), timeout=30)
        print("Collect: %s %d %s" % (q(r.text), r.n, ",".join(r.names)))
        hellos = [chat.Hello(name=n, times=i + 5, mood=chat.Mood.CALM) for i, n in enumerate(["Fay", "Gus"])]
        for r in stub.chat(iter(hellos), timeout=30):
            print("Chat: %s %d" % (q(r.text), r.n))
        for choice in (chat.Choice.text("tea"), chat.Choice.number(41)):
            r = stub.pick(choice, timeout=30)
            if r.is_text():
                print("Pick: text %s" % q(r.text_value()))
            else:
                print("Pick: number %d" % r.number_value())


class Greeter(chat_grpc.GreeterServicer):
    async def say(self, request, context):
        text = "hello " + request.name
        if request.mood == chat.Mood.CHEERFUL:
            text += "!"
        return chat.Reply(text=text, n=request.times, names=[])

    async def repeat(self, request, context):
        for i in range(request.times):
            yield chat.Reply(text=request.name, n=i, names=[])

    async def collect(self, request_iterator, context):
        out = chat.Reply(text="collected", n=0, names=[])
        async for h in request_iterator:
            out.n += h.times
            out.names.append(h.name)
        return out

    async def chat(self, request_iterator, context):
        async for h in request_iterator:
            yield chat.Reply(text="echo " + h.name, n=2 * h.times, names=[])

    async def pick(self, request, context):
        if request.is_text():
            return chat.Choice.text(request.text_value().upper())
        return chat.Choice.number(request.number_value() + 1)


async def server():
    srv = grpc.aio.server()
    chat_grpc.add_servicer(Greeter(), srv)
    port = srv.add_insecure_port("127.0.0.1:0")
    await srv.start()
    print("listening 127.0.0.1:%d" % port, flush=True)
    loop = asyncio.get_running_loop()
    await loop.run_in_executor(None, sys.stdin.read)  # until stdin closes
    await srv.stop(None)


if CMD == "client":
    client(sys.argv[3])
elif CMD == "server":
    asyncio.run(server())
else:
    sys.exit("unknown command %r" % CMD)
