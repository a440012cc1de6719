package org.furygo.grpcpeer;

import example.chat.Choice;
import example.chat.GreeterGrpc;
import example.chat.Hello;
import example.chat.Mood;
import example.chat.Reply;
import io.grpc.ManagedChannel;
import io.grpc.ManagedChannelBuilder;
import io.grpc.Server;
import io.grpc.ServerBuilder;
import io.grpc.stub.StreamObserver;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * The Java side of the gRPC schema test (xlang_test/grpc_java_test.go), on the stubs foryc --grpc
 * generates from chat.fdl. {@code server} serves the Greeter as examples/schemagrpc's Go server
 * answers, prints "listening ADDR" and stops when stdin closes; {@code client ADDR} makes the
 * calls examples/schemagrpc's client makes and prints the replies the same way.
 */
public final class Peer {
  private Peer() {}

  public static void main(String[] args) throws Exception {
    if (args.length == 1 && args[0].equals("server")) {
      serve();
    } else if (args.length == 2 && args[0].equals("client")) {
      call(args[1]);
    } else {
      System.err.println("usage: Peer server | Peer client ADDR");
      System.exit(2);
    }
  }

  static Reply reply(String text, int n, List<String> names) {
    Reply r = new Reply();
    r.setText(text);
    r.setN(n);
    r.setNames(names);
    return r;
  }

  static Hello hello(String name, int times, Mood mood) {
    Hello h = new Hello();
    h.setName(name);
    h.setTimes(times);
    h.setMood(mood);
    return h;
  }

  static final class Greeter extends GreeterGrpc.GreeterImplBase {
    @Override
    public void say(Hello in, StreamObserver<Reply> out) {
      String text = "hello " + in.getName() + (in.getMood() == Mood.CHEERFUL ? "!" : "");
      out.onNext(reply(text, in.getTimes(), new ArrayList<>()));
      out.onCompleted();
    }

    @Override
    public void repeat(Hello in, StreamObserver<Reply> out) {
      for (int i = 0; i < in.getTimes(); i++) {
        out.onNext(reply(in.getName(), i, new ArrayList<>()));
      }
      out.onCompleted();
    }

    @Override
    public StreamObserver<Hello> collect(StreamObserver<Reply> out) {
      List<String> names = new ArrayList<>();
      int[] n = {0};
      return new StreamObserver<Hello>() {
        @Override
        public void onNext(Hello h) {
          n[0] += h.getTimes();
          names.add(h.getName());
        }

        @Override
        public void onError(Throwable t) {}

        @Override
        public void onCompleted() {
          out.onNext(reply("collected", n[0], names));
          out.onCompleted();
        }
      };
    }

    @Override
    public StreamObserver<Hello> chat(StreamObserver<Reply> out) {
      return new StreamObserver<Hello>() {
        @Override
        public void onNext(Hello h) {
          out.onNext(reply("echo " + h.getName(), 2 * h.getTimes(), new ArrayList<>()));
        }

        @Override
        public void onError(Throwable t) {}

        @Override
        public void onCompleted() {
          out.onCompleted();
        }
      };
    }

    @Override
    public void pick(Choice in, StreamObserver<Choice> out) {
      if (in.getChoiceCase() == Choice.ChoiceCase.TEXT) {
        out.onNext(Choice.ofText(in.getText().toUpperCase()));
      } else {
        out.onNext(Choice.ofNumber(in.getNumber() + 1));
      }
      out.onCompleted();
    }
  }

  static void serve() throws Exception {
    Server s = ServerBuilder.forPort(0).addService(new Greeter()).build().start();
    System.out.println("listening 127.0.0.1:" + s.getPort());
    System.out.flush();
    while (System.in.read() >= 0) {
      // serve until stdin closes
    }
    s.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
  }

  /** Collects a stream's replies; {@code null} marks its end. */
  static final class Sink implements StreamObserver<Reply> {
    final LinkedBlockingQueue<Object> q = new LinkedBlockingQueue<>();

    @Override
    public void onNext(Reply r) {
      q.add(r);
    }

    @Override
    public void onError(Throwable t) {
      q.add(t);
    }

    @Override
    public void onCompleted() {
      q.add(Boolean.TRUE);
    }

    /** The next reply, or null at the end of the stream. */
    Reply next() throws Exception {
      Object o = q.poll(60, TimeUnit.SECONDS);
      if (o instanceof Reply) {
        return (Reply) o;
      }
      if (o instanceof Throwable) {
        throw new Exception((Throwable) o);
      }
      if (o == null) {
        throw new Exception("no reply within 60s");
      }
      return null;
    }
  }

  static String quote(String s) {
    return "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
  }

  static void call(String addr) throws Exception {
    ManagedChannel ch = ManagedChannelBuilder.forTarget(addr).usePlaintext().build();
    try {
      GreeterGrpc.GreeterBlockingStub blocking = GreeterGrpc.newBlockingStub(ch);
      GreeterGrpc.GreeterStub async = GreeterGrpc.newStub(ch);
      Reply r = blocking.say(hello("Ann", 3, Mood.CHEERFUL));
      System.out.println("Say: " + quote(r.getText()) + " " + r.getN());
      Iterator<Reply> it = blocking.repeat(hello("Bo", 3, Mood.CALM));
      while (it.hasNext()) {
        Reply x = it.next();
        System.out.println("Repeat: " + quote(x.getText()) + " " + x.getN());
      }
      Sink collected = new Sink();
      StreamObserver<Hello> cs = async.collect(collected);
      String[] names = {"Cy", "Di", "Ed"};
      for (int i = 0; i < names.length; i++) {
        cs.onNext(hello(names[i], i + 1, Mood.CALM));
      }
      cs.onCompleted();
      r = collected.next();
      System.out.println("Collect: " + quote(r.getText()) + " " + r.getN() + " " + String.join(",", r.getNames()));
      Sink chat = new Sink();
      StreamObserver<Hello> bs = async.chat(chat);
      String[] chatNames = {"Fay", "Gus"};
      for (int i = 0; i < chatNames.length; i++) {
        bs.onNext(hello(chatNames[i], i + 5, Mood.CALM));
        r = chat.next();
        System.out.println("Chat: " + quote(r.getText()) + " " + r.getN());
      }
      bs.onCompleted();
      if (chat.next() != null) {
        throw new Exception("Chat: a reply after the client closed");
      }
      Choice c = blocking.pick(Choice.ofText("tea"));
      System.out.println("Pick: text " + quote(c.getText()));
      c = blocking.pick(Choice.ofNumber(41));
      System.out.println("Pick: number " + c.getNumber());
    } finally {
      ch.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
    }
  }
}
