package xlang_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// peer is one reference implementation the tests talk to: a program with the
// batch commands `write DIR [CASE...]` and `verify DIR [CASE...]` (see
// CASES.md).
type peer struct {
	name string   // "python", "java" or "rust"
	argv []string // the command before the sub-command
	env  []string // extra environment
}

// repoRoot finds the module root (the directory holding go.mod) from the
// working directory of the test.
func repoRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("go.mod not found above the working directory")
		}
		dir = parent
	}
}

// inCI reports whether the tests run in CI, where a missing peer is a
// failure rather than a skip.
func inCI() bool {
	v := strings.ToLower(os.Getenv("CI"))
	return v != "" && v != "0" && v != "false"
}

// setupPeer runs scripts/setup-peers.sh for one peer (the script is
// idempotent and quick when the peer is installed) and returns the peer's
// command line.
func setupPeer(root, name string) (*peer, error) {
	script := filepath.Join(root, "scripts", "setup-peers.sh")
	cmd := exec.Command("bash", script)
	cmd.Dir = root
	switch name {
	case "python":
		cmd.Env = append(os.Environ(), "SKIP_JAVA=1", "SKIP_RUST=1")
	case "java":
		cmd.Env = append(os.Environ(), "SKIP_PYTHON=1", "SKIP_RUST=1")
	case "rust":
		cmd.Env = append(os.Environ(), "SKIP_PYTHON=1", "SKIP_JAVA=1")
	default:
		return nil, fmt.Errorf("unknown peer %q", name)
	}
	var out bytes.Buffer
	cmd.Stdout = &out
	cmd.Stderr = &out
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("scripts/setup-peers.sh for %s failed: %v\n%s", name, err, tail(out.String(), 2000))
	}
	switch name {
	case "python":
		venv := os.Getenv("FURY_PEER_VENV")
		if venv == "" {
			venv = filepath.Join(root, ".venv")
		}
		py := filepath.Join(venv, "bin", "python")
		if _, err := os.Stat(py); err != nil {
			return nil, fmt.Errorf("python peer: %v after setup", err)
		}
		return &peer{name: name, argv: []string{py, filepath.Join(root, "xlang_test", "peers", "python", "peer.py")},
			env: []string{"PYTHONHASHSEED=0"}}, nil
	case "rust":
		return rustPeer(root)
	default:
		cp, err := os.ReadFile(filepath.Join(root, "xlang_test", "peers", "java", "target", "classpath.txt"))
		if err != nil {
			return nil, fmt.Errorf("java peer: %v after setup", err)
		}
		java := "java"
		if home := os.Getenv("JAVA_HOME"); home != "" {
			if _, err := os.Stat(filepath.Join(home, "bin", "java")); err == nil {
				java = filepath.Join(home, "bin", "java")
			}
		}
		return &peer{name: name, argv: []string{java, "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-Xshare:auto",
			"-cp", strings.TrimSpace(string(cp)), "org.furygo.xlangpeer.Peer"}}, nil
	}
}

// pythonPeer returns the repository root and the Python peer, set up; a
// peer that cannot be set up fails the test in CI and skips it elsewhere.
func pythonPeer(t *testing.T) (string, *peer) {
	t.Helper()
	root, err := repoRoot()
	if err != nil {
		t.Fatal(err)
	}
	p, err := setupPeer(root, "python")
	if err != nil {
		if inCI() {
			t.Fatal(err)
		}
		t.Skipf("python peer not available: %v", err)
	}
	return root, p
}

// peerRun is the outcome of one batch command.
type peerRun struct {
	results map[string]string // case -> "" (PASS) or the FAIL reason
	err     error             // the process failed to run or exited abnormally
	stderr  string
	elapsed time.Duration
}

// run executes `peer <sub> dir cases...` and parses its PASS/FAIL lines.
// Exit status 1 is the normal "some case failed" status of the peers.
func (p *peer) run(sub, dir string, cases []string) peerRun {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	args := append(append(append([]string(nil), p.argv[1:]...), sub, dir), cases...)
	cmd := exec.CommandContext(ctx, p.argv[0], args...)
	cmd.Env = append(os.Environ(), p.env...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout = &stdout
	cmd.Stderr = &stderr
	start := time.Now()
	err := cmd.Run()
	r := peerRun{stderr: stderr.String(), elapsed: time.Since(start)}
	var ee *exec.ExitError
	if err != nil && !(errors.As(err, &ee) && ee.ExitCode() == 1) {
		r.err = fmt.Errorf("%s %s: %v\n%s", p.name, sub, err, tail(stderr.String(), 2000))
	}
	r.results = verdicts(stdout.String())
	return r
}

// verdicts parses a peer's "PASS <case>" and "FAIL <case>: <reason>"
// lines: case -> "" (PASS) or the reason.
func verdicts(out string) map[string]string {
	results := map[string]string{}
	for _, line := range strings.Split(out, "\n") {
		switch {
		case strings.HasPrefix(line, "PASS "):
			results[strings.TrimSpace(line[5:])] = ""
		case strings.HasPrefix(line, "FAIL "):
			name, reason, _ := strings.Cut(line[5:], ": ")
			if reason == "" {
				reason = "failed (no reason given)"
			}
			results[name] = reason
		}
	}
	return results
}

func tail(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return "..." + s[len(s)-n:]
}
