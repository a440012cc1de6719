package furygrpc_test

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/mem"
	"google.golang.org/grpc/status"

	"github.com/fury-go/fury/fury"
	"github.com/fury-go/fury/furygrpc"
)

// The load test: a grpc-go server with the default furygrpc codec, in a
// process of its own (so that what it allocates is all that its RSS
// shows), under many concurrent clients sending hostile requests, while
// another client keeps making valid calls.
//
// Short (in go test): 32 clients × 2 hostile 2.6 KB requests each, all at
// once; the server's peak RSS (VmHWM) may rise less than 64 MiB over its
// RSS before them, and every valid call made meanwhile succeeds. Before
// the decode budget was bounded by the input, this made the server
// allocate 4 GiB and grow to 2 GB. Long: FURYGRPC_LOAD=long runs 50 such
// rounds back to back (3,200 hostile requests), with the same bound:
//
//	FURYGRPC_LOAD=long go test ./furygrpc -run TestServerMemoryUnderHostileLoad -v

const loadService = "furygrpc.test.Load"

// loadOrder is the service's request: no interface field anywhere.
type loadOrder struct {
	ID       int64
	Customer string
	Items    []loadItem
	Tags     map[string]string
}

type loadItem struct {
	SKU      string
	Quantity int32
}

type loadReceipt struct {
	OrderID int64
	Lines   int32
}

var loadDesc = grpc.ServiceDesc{
	ServiceName: loadService,
	HandlerType: (*any)(nil),
	Methods: []grpc.MethodDesc{{
		MethodName: "Place",
		Handler: func(_ any, _ context.Context, dec func(any) error, _ grpc.UnaryServerInterceptor) (any, error) {
			var in loadOrder
			if err := dec(&in); err != nil {
				return nil, err
			}
			return &loadReceipt{OrderID: in.ID, Lines: int32(len(in.Items))}, nil
		},
	}},
}

// TestLoadServer is the server process's body: it runs only when the load
// test starts the test binary again with FURYGRPC_LOAD_SERVER set. It
// prints its address and serves until its standard input closes.
func TestLoadServer(t *testing.T) {
	if os.Getenv("FURYGRPC_LOAD_SERVER") == "" {
		t.Skip("the load test's server process")
	}
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := grpc.NewServer() // the default codec: furygrpc's, registered by import
	srv.RegisterService(&loadDesc, nil)
	go func() { _ = srv.Serve(lis) }()
	fmt.Printf("ADDR %s\n", lis.Addr())
	_, _ = io.Copy(io.Discard, os.Stdin)
	srv.Stop()
}

// hostileRequests returns two requests of about 2.6 KB for Place, each
// written by a client whose loadOrder (a type of the same name, so of the
// same auto name: the server reads it as its own) differs: one has a field
// the server lacks, holding 400 lists of 8192 empty structs (no bytes
// each); the other has Items as a list of such lists, which the server's
// []loadItem does not convert from, but which it must read to find out.
func hostileRequests(t *testing.T) [][]byte {
	type loadOrder struct {
		ID       int64
		Customer string
		Extra    [][]struct{}
	}
	extra := make([][]struct{}, 400)
	for i := range extra {
		extra[i] = make([]struct{}, 8192)
	}
	f := fury.New()
	a, err := f.Marshal(&loadOrder{ID: 1, Extra: extra})
	require.NoError(t, err)
	a, err = f.Marshal(&loadOrder{ID: 1, Customer: strings.Repeat("x", 2600-len(a)), Extra: extra})
	require.NoError(t, err)

	type loadOrder2 = struct {
		ID       int64
		Customer string
		Items    []any
	}
	items := make([]any, 400)
	for i := range items {
		items[i] = make([]struct{}, 8192)
	}
	// Named loadOrder too (a type declared in a function of the same
	// name as the server's has its auto name).
	b := func() []byte {
		type loadOrder loadOrder2
		g := fury.New()
		b, err := g.Marshal(&loadOrder{ID: 2, Items: items})
		require.NoError(t, err)
		b, err = g.Marshal(&loadOrder{ID: 2, Customer: strings.Repeat("y", max(0, 2600-len(b))), Items: items})
		require.NoError(t, err)
		return b
	}()
	return [][]byte{a, b}
}

// foryRawCodec sends pre-encoded request bytes as they are, as content
// subtype fory.
type foryRawCodec struct{}

func (foryRawCodec) Marshal(v any) (mem.BufferSlice, error) {
	return mem.BufferSlice{mem.SliceBuffer(v.([]byte))}, nil
}
func (foryRawCodec) Unmarshal(data mem.BufferSlice, v any) error {
	*v.(*[]byte) = data.Materialize()
	return nil
}
func (foryRawCodec) Name() string { return furygrpc.Name }

func procStatus(t *testing.T, pid int, field string) int64 {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	require.NoError(t, err)
	sc := bufio.NewScanner(bytes.NewReader(b))
	for sc.Scan() {
		if rest, ok := strings.CutPrefix(sc.Text(), field+":"); ok {
			kb, err := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 10, 64)
			require.NoError(t, err)
			return kb << 10
		}
	}
	t.Fatalf("no %s in /proc/%d/status", field, pid)
	return 0
}

func TestServerMemoryUnderHostileLoad(t *testing.T) {
	if _, err := os.Stat("/proc/self/status"); err != nil {
		t.Skip("reads the server's RSS from /proc")
	}
	if os.Getenv("FURYGRPC_LOAD_SERVER") != "" {
		t.Skip("in the server process")
	}
	rounds := 1
	if os.Getenv("FURYGRPC_LOAD") == "long" {
		rounds = 50
	}
	const clients, perClient = 32, 2

	cmd := exec.Command(os.Args[0], "-test.run=^TestLoadServer$")
	cmd.Env = append(os.Environ(), "FURYGRPC_LOAD_SERVER=1")
	stdin, err := cmd.StdinPipe()
	require.NoError(t, err)
	stdout, err := cmd.StdoutPipe()
	require.NoError(t, err)
	cmd.Stderr = os.Stderr
	require.NoError(t, cmd.Start())
	defer func() {
		_ = stdin.Close()
		_ = cmd.Wait()
	}()
	var addr string
	sc := bufio.NewScanner(stdout)
	for sc.Scan() {
		if a, ok := strings.CutPrefix(sc.Text(), "ADDR "); ok {
			addr = a
			break
		}
	}
	require.NotEmpty(t, addr, "the server process did not start")
	go func() { _, _ = io.Copy(io.Discard, stdout) }()
	pid := cmd.Process.Pid

	dial := func() *grpc.ClientConn {
		cc, err := grpc.NewClient(addr, grpc.WithTransportCredentials(insecure.NewCredentials()))
		require.NoError(t, err)
		return cc
	}
	valid := dial()
	defer valid.Close()
	place := func(ctx context.Context, cc *grpc.ClientConn, id int64) error {
		var out loadReceipt
		in := &loadOrder{ID: id, Customer: "c", Items: []loadItem{{"a", 1}, {"b", 2}}, Tags: map[string]string{"k": "v"}}
		if err := cc.Invoke(ctx, "/"+loadService+"/Place", in, &out, grpc.CallContentSubtype(furygrpc.Name)); err != nil {
			return err
		}
		if out.OrderID != id || out.Lines != 2 {
			return fmt.Errorf("receipt %+v for order %d", out, id)
		}
		return nil
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	for i := range 50 { // warm the server: connections, pools, plans
		require.NoError(t, place(ctx, valid, int64(i)))
	}
	base := procStatus(t, pid, "VmRSS")

	hostile := hostileRequests(t)
	for _, h := range hostile {
		require.InDelta(t, 2600, len(h), 100)
	}
	conns := make([]*grpc.ClientConn, clients)
	for i := range conns {
		conns[i] = dial()
		defer conns[i].Close()
	}

	// Valid calls all along.
	var validOK, validBad atomic.Int64
	var firstBad atomic.Value
	stop := make(chan struct{})
	var validDone sync.WaitGroup
	validDone.Add(1)
	go func() {
		defer validDone.Done()
		for id := int64(1000); ; id++ {
			select {
			case <-stop:
				return
			default:
			}
			if err := place(ctx, valid, id); err != nil {
				validBad.Add(1)
				firstBad.CompareAndSwap(nil, err.Error())
			} else {
				validOK.Add(1)
			}
		}
	}()

	start := time.Now()
	var refused atomic.Int64
	for range rounds {
		var wg sync.WaitGroup
		gate := make(chan struct{})
		for c := range clients {
			wg.Add(1)
			go func(cc *grpc.ClientConn) {
				defer wg.Done()
				<-gate
				for k := range perClient {
					var out []byte
					err := cc.Invoke(ctx, "/"+loadService+"/Place", hostile[k%len(hostile)], &out,
						grpc.ForceCodecV2(foryRawCodec{}))
					if k%len(hostile) == 0 {
						// The extra field is skipped: the call succeeds.
						if err != nil {
							firstBad.CompareAndSwap(nil, "hostile extra field: "+err.Error())
							validBad.Add(1)
						}
						continue
					}
					if status.Code(err) == codes.Internal && strings.Contains(err.Error(), "exceeds limit") ||
						status.Code(err) == codes.Internal && strings.Contains(err.Error(), "type mismatch") {
						refused.Add(1)
					} else {
						firstBad.CompareAndSwap(nil, fmt.Sprintf("hostile items: %v", err))
						validBad.Add(1)
					}
				}
			}(conns[c])
		}
		before := validOK.Load()
		close(gate)
		wg.Wait()
		if validOK.Load() == before {
			// The valid client made no call in the time the hostile
			// ones took: make one now, with the server just out of it.
			require.NoError(t, place(ctx, valid, -1))
		}
	}
	took := time.Since(start)
	close(stop)
	validDone.Wait()

	peak := procStatus(t, pid, "VmHWM")
	now := procStatus(t, pid, "VmRSS")
	t.Logf("%d round(s) of %d clients × %d hostile requests (%d refused) in %v; %d valid calls meanwhile; server RSS %d MiB before, peak %d MiB, now %d MiB",
		rounds, clients, perClient, refused.Load(), took, validOK.Load(), base>>20, peak>>20, now>>20)
	if v := firstBad.Load(); v != nil {
		t.Fatalf("%d calls went wrong; the first: %s", validBad.Load(), v)
	}
	require.EqualValues(t, rounds*clients*perClient/2, refused.Load())
	require.Positive(t, validOK.Load())
	require.Less(t, peak-base, int64(64<<20), "the server's RSS grew by %d MiB", (peak-base)>>20)
}
