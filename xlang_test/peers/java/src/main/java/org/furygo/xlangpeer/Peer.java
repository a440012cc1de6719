package org.furygo.xlangpeer;

import java.io.IOException;
import java.io.PrintStream;
import java.lang.reflect.Array;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.IntPredicate;
import java.util.function.Supplier;
import org.apache.fory.Fory;
import org.apache.fory.config.Language;
import org.apache.fory.memory.MemoryBuffer;
import org.furygo.xlangpeer.Types.*;

/**
 * Java peer (fory-core 1.6.0) for the fury-go cross-language tests.
 *
 * <pre>
 *   Peer list                  print the case names
 *   Peer describe              print "case\tdescription" lines
 *   Peer write DIR [CASE...]   serialize each case to DIR/case.bin (+ DIR/case.bufN for out-of-band)
 *   Peer verify DIR [CASE...]  deserialize DIR/case.bin, compare with the value this peer builds,
 *                              print "PASS case" / "FAIL case: reason", write DIR/case.out.bin;
 *                              exit status 1 if any case failed
 * </pre>
 *
 * The case names are shared with the Python peer; xlang_test/CASES.md documents each case.
 */
public final class Peer {
  private Peer() {}

  /** One registration: a class by numeric id or by "namespace.name". */
  static final class Reg {
    final Class<?> cls;
    final Integer id;
    final String name;

    Reg(Class<?> cls, int id) {
      this.cls = cls;
      this.id = id;
      this.name = null;
    }

    Reg(Class<?> cls, String name) {
      this.cls = cls;
      this.id = null;
      this.name = name;
    }
  }

  static Reg reg(Class<?> cls, int id) {
    return new Reg(cls, id);
  }

  static Reg reg(Class<?> cls, String name) {
    return new Reg(cls, name);
  }

  /** A test case: how to build the value and how to configure Fory. */
  static final class Case {
    final String name;
    final String desc;
    final Supplier<Object> build;
    List<Reg> regs = List.of();
    List<Reg> readRegs;
    boolean ref;
    boolean compatible = true;
    Supplier<Object> expect;
    IntPredicate oobInBand; // null: no out-of-band buffers

    Case(String name, String desc, Supplier<Object> build) {
      this.name = name;
      this.desc = desc;
      this.build = build;
    }

    Case regs(Reg... r) {
      regs = Arrays.asList(r);
      return this;
    }

    Case readRegs(Reg... r) {
      readRegs = Arrays.asList(r);
      return this;
    }

    Case ref() {
      ref = true;
      return this;
    }

    Case compatible(boolean c) {
      compatible = c;
      return this;
    }

    Case expect(Supplier<Object> e) {
      expect = e;
      return this;
    }

    Case oob(IntPredicate inBand) {
      oobInBand = inBand;
      return this;
    }

    Fory fory(List<Reg> rs) {
      Fory f =
          Fory.builder()
              .withLanguage(Language.XLANG)
              .withRefTracking(ref)
              .withCompatible(compatible)
              .requireClassRegistration(true)
              .suppressClassRegistrationWarnings(true)
              .build();
      for (Reg r : rs) {
        if (r.id != null) {
          f.register(r.cls, r.id);
        } else {
          f.register(r.cls, r.name);
        }
      }
      return f;
    }
  }

  static final Map<String, Case> CASES = new LinkedHashMap<>();

  static Case add(String name, String desc, Supplier<Object> build) {
    if (CASES.containsKey(name)) {
      throw new IllegalStateException("duplicate case " + name);
    }
    Case c = new Case(name, desc, build);
    CASES.put(name, c);
    return c;
  }

  static final String[][] MODES = {{"sc", "false"}, {"compat", "true"}};

  @SafeVarargs
  static <T> List<T> list(T... xs) {
    return new ArrayList<>(Arrays.asList(xs));
  }

  @SafeVarargs
  static <T> Set<T> set(T... xs) {
    return new LinkedHashSet<>(Arrays.asList(xs));
  }

  static <K, V> Map<K, V> map(Object... kv) {
    Map<K, V> m = new LinkedHashMap<>();
    for (int i = 0; i < kv.length; i += 2) {
      @SuppressWarnings("unchecked")
      K k = (K) kv[i];
      @SuppressWarnings("unchecked")
      V v = (V) kv[i + 1];
      m.put(k, v);
    }
    return m;
  }

  static String repeat(String s, int n) {
    return s.repeat(n);
  }

  // ------------------------------------------------------------------------------ values
  static Person person1() {
    Person p = new Person();
    p.name = "Alice";
    p.age = 30;
    p.email = "alice@example.com";
    p.tags = list("a", "b");
    p.scores = map("math", 90, "art", -1);
    return p;
  }

  static Person person2() {
    Person p = new Person();
    p.name = "Bob";
    p.age = -5;
    p.email = null;
    p.tags = list();
    p.scores = map();
    return p;
  }

  static Scalars scalars() {
    Scalars s = new Scalars();
    s.flagTrue = true;
    s.flagFalse = false;
    s.i8Min = Byte.MIN_VALUE;
    s.i8Max = Byte.MAX_VALUE;
    s.i16Min = Short.MIN_VALUE;
    s.i16Max = Short.MAX_VALUE;
    s.i32Min = Integer.MIN_VALUE;
    s.i32Max = Integer.MAX_VALUE;
    s.i64Min = Long.MIN_VALUE;
    s.i64Max = Long.MAX_VALUE;
    s.f32Val = -1.25f;
    s.f32Nan = Float.NaN;
    s.f32Inf = Float.POSITIVE_INFINITY;
    s.f64Val = 1 / 3.0;
    s.f64Nan = Double.NaN;
    s.f64NegInf = Double.NEGATIVE_INFINITY;
    s.f64NegZero = -0.0;
    s.sEmpty = "";
    s.sLatin1 = "h\u00e9llo";
    s.sUtf16 = "\u4f60\u597d";
    s.sEmoji = "\uD83D\uDE00";
    s.binVal = new byte[] {0, (byte) 0xff};
    return s;
  }

  static SomeClass2 someClass() {
    SomeClass1 obj1 = new SomeClass1();
    obj1.f1 = true;
    obj1.f2 = map((byte) -1, 2);
    SomeClass2 obj = new SomeClass2();
    obj.f1 = obj1;
    obj.f2 = "abc";
    obj.f3 = list("abc", "abc");
    obj.f4 = map((byte) 1, 2);
    obj.f5 = Byte.MAX_VALUE;
    obj.f6 = Short.MAX_VALUE;
    obj.f7 = Integer.MAX_VALUE;
    obj.f8 = Long.MAX_VALUE;
    obj.f9 = 1.0f / 2;
    obj.f10 = 1 / 3.0;
    obj.f11 = new short[] {1, 2};
    obj.f12 = list((short) -1, (short) 4);
    return obj;
  }

  static SomeClass circular() {
    SomeClass obj = new SomeClass();
    obj.f2 = map("k1", "v1", "k2", "v2");
    obj.f1 = obj;
    obj.f3 = obj.f2;
    return obj;
  }

  static EvolveV1 evolveV1() {
    EvolveV1 v = new EvolveV1();
    v.a = 1;
    v.b = "x";
    return v;
  }

  static EvolveV2 evolveV2(long c) {
    EvolveV2 v = new EvolveV2();
    v.a = 1;
    v.b = "x";
    v.c = c;
    return v;
  }

  static ManyFields manyFields() {
    ManyFields m = new ManyFields();
    m.zStr = "z";
    m.yI64 = -2;
    m.xBool = true;
    m.wF32 = 0.5f;
    m.vI8 = -8;
    m.uList = list(1, 2);
    m.tMap = map("k", "v");
    m.sF64 = 2.5;
    m.rI16 = -16;
    m.qI32 = 32;
    m.pOptI32 = 7;
    m.oOptStr = null;
    m.nPoint = new Point(1, 2);
    m.mColor = Color.GREEN;
    m.lDate = LocalDate.of(2000, 1, 1);
    m.kTs = Instant.ofEpochSecond(946684801L);
    m.jBin = new byte[] {7};
    m.iFixedI32 = -32;
    m.hFixedI64 = -64;
    m.gTaggedI64 = 1L << 40;
    m.fI16Arr = new short[] {3};
    m.eSet = set("s");
    m.dOptI64 = null;
    m.cOptF64 = 1.5;
    m.bOptBool = false;
    m.aDur = Duration.ofSeconds(1);
    return m;
  }

  static LongNames longNames() {
    LongNames l = new LongNames();
    l.abcdefghijklmno = 1;
    l.abcdefghijklmnop = 2;
    l.abcdefghijklmnopq = 3;
    l.userNameWithManyCharactersHere = "u";
    return l;
  }

  static Object metaNames() {
    MetaLower a = new MetaLower();
    a.v = 1;
    MetaFirstUpper b = new MetaFirstUpper();
    b.v = 2;
    MetaMixed c = new MetaMixed();
    c.v = 3;
    MetaDigits d = new MetaDigits();
    d.v = 4;
    MetaUtf8 e = new MetaUtf8();
    e.v = 5;
    return list(a, b, c, d, e);
  }

  static Sample sample() {
    Sample s = new Sample();
    s.intValue = 123;
    s.longValue = 1230000;
    s.floatValue = 12.345f;
    s.doubleValue = 1.234567;
    s.shortValue = 12345;
    s.charValue = '!';
    s.booleanValue = true;
    s.intValueBoxed = 321;
    s.longValueBoxed = 3210000L;
    s.floatValueBoxed = 54.321f;
    s.doubleValueBoxed = 7.654321;
    s.shortValueBoxed = 32100;
    s.charValueBoxed = (int) '$';
    s.booleanValueBoxed = false;
    s.intArray = new int[] {-1234, -123, -12, -1, 0, 1, 12, 123, 1234};
    s.longArray = new long[] {-123400, -12300, -1200, -100, 0, 100, 1200, 12300, 123400};
    s.floatArray = new float[] {-12.34f, -12.3f, -12, -1, 0, 1, 12, 12.3f, 12.34f};
    s.doubleArray = new double[] {-1.234, -1.23, -12, -1, 0, 1, 12, 1.23, 1.234};
    s.shortArray = new short[] {-1234, -123, -12, -1, 0, 1, 12, 123, 1234};
    s.charArray = "asdfASDF".chars().toArray();
    s.booleanArray = new boolean[] {true, false, false, true};
    s.string = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
    return s;
  }

  static MediaContent mediaContent() {
    Media media = new Media();
    media.uri = "http://javaone.com/keynote.ogg";
    media.title = null;
    media.width = 641;
    media.height = 481;
    media.format = "video/theora\u1234";
    media.duration = 18000001;
    media.size = 58982401;
    media.bitrate = 0;
    media.hasBitrate = false;
    media.persons = list("Bill Gates, Jr.", "Steven Jobs");
    media.player = Player.FLASH;
    media.copyright = "Copyright (c) 2009, Scooby Dooby Doo";
    MediaContent mc = new MediaContent();
    mc.media = media;
    mc.images =
        list(
            new Image(
                "http://javaone.com/keynote_huge.jpg",
                "Javaone Keynote\u1234",
                32000,
                24000,
                Size.LARGE,
                null),
            new Image("http://javaone.com/keynote_large.jpg", null, 1024, 768, Size.LARGE, null),
            new Image("http://javaone.com/keynote_small.jpg", null, 320, 240, Size.SMALL, null));
    return mc;
  }

  static Object oobValue() {
    return list("str", new byte[] {1, 2, 3}, new int[] {1, 2, 3}, new byte[] {4, 5}, new double[] {1.5});
  }

  static Map<String, Object> mapLargeStrInt() {
    Map<String, Object> m = new LinkedHashMap<>();
    for (int i = 0; i < 300; i++) {
      m.put(String.format("k%03d", i), (long) i);
    }
    return m;
  }

  static Map<String, Object> mapLargeStrStruct() {
    Map<String, Object> m = new LinkedHashMap<>();
    for (int i = 0; i < 300; i++) {
      m.put(String.format("k%03d", i), new Point(i, -i));
    }
    return m;
  }

  // ------------------------------------------------------------------------------ edge values
  static final String[] DECIMAL_EXTREMES = {
    "1E-40", "-9.87654321E+50", "123456789012345678901234567890123456789012345678901234567890",
    "9223372036854775807", "-9223372036854775808", "9223372036854775808",
    "-170141183460469231731687303715884105728", "0.0000", "-1"
  };

  static Unsigned unsigned() {
    Unsigned u = new Unsigned();
    u.u8 = 0xff;
    u.u16 = 0xffff;
    u.u32 = 0xffffffffL;
    u.u64 = -1L;
    u.fu32 = 0xffffffffL;
    u.fu64 = -1L;
    u.tu64 = -1L;
    u.tu64Small = 1;
    return u;
  }

  static Nested nested() {
    Nested n = new Nested();
    n.groups = map("a", list(new Point(1, 2), new Point(3, 4)), "b", list());
    n.matrix = list(list(1, 2), list(), list(3));
    n.lookup = map("x", map("k", "v"), "y", map());
    n.tags = map("t", set("s"));
    return n;
  }

  static Node refGraph() {
    Node a = new Node("a");
    Node b = new Node("b");
    Node c = new Node("c");
    a.children = list(b, c, b);
    b.next = a;
    b.children = list(c);
    c.next = c;
    c.children = list(a);
    return a;
  }

  static EvolveWide evolveWide() {
    EvolveWide w = new EvolveWide();
    w.xList = list("p", "q");
    w.a = 1;
    w.xMap = map("k", new Point(1, 2));
    w.xPoint = new Point(3, 4);
    w.b = "x";
    w.xOpt = "o";
    w.xColor = Color.BLUE;
    w.xNested = map("n", list(1, 2));
    w.xArr = new int[] {5, 6};
    w.xAny = new Point(7, 8);
    return w;
  }

  // ------------------------------------------------------------------------------ probes
  /** Probe: suffix, class, value factory. Order defines the ids (300 + index). */
  static final List<Object[]> PROBES = new ArrayList<>();

  static void probe(String suffix, Class<?> cls, Supplier<Object> value) {
    PROBES.add(new Object[] {suffix, cls, value});
  }

  static {
    probe("bool", PBool.class, () -> { PBool p = new PBool(); p.v = true; return p; });
    probe("int8", PInt8.class, () -> { PInt8 p = new PInt8(); p.v = -100; return p; });
    probe("int16", PInt16.class, () -> { PInt16 p = new PInt16(); p.v = -300; return p; });
    probe("int32", PInt32.class, () -> { PInt32 p = new PInt32(); p.v = -70000; return p; });
    probe("int64", PInt64.class, () -> { PInt64 p = new PInt64(); p.v = -5000000000L; return p; });
    probe("fixed_int32", PFixedInt32.class,
        () -> { PFixedInt32 p = new PFixedInt32(); p.v = -70000; return p; });
    probe("fixed_int64", PFixedInt64.class,
        () -> { PFixedInt64 p = new PFixedInt64(); p.v = -5000000000L; return p; });
    probe("tagged_int64", PTaggedInt64.class,
        () -> { PTaggedInt64 p = new PTaggedInt64(); p.v = -5000000000L; return p; });
    probe("float32", PFloat32.class, () -> { PFloat32 p = new PFloat32(); p.v = 1.5f; return p; });
    probe("float64", PFloat64.class, () -> { PFloat64 p = new PFloat64(); p.v = -2.25; return p; });
    probe("string", PString.class, () -> { PString p = new PString(); p.v = "hello"; return p; });
    probe("binary", PBinary.class,
        () -> { PBinary p = new PBinary(); p.v = new byte[] {1, 2}; return p; });
    probe("list_int32", PListInt32.class,
        () -> { PListInt32 p = new PListInt32(); p.v = list(1, -1); return p; });
    probe("list_string", PListString.class,
        () -> { PListString p = new PListString(); p.v = list("a", "b"); return p; });
    probe("set_string", PSetString.class,
        () -> { PSetString p = new PSetString(); p.v = set("a"); return p; });
    probe("map_string_int32", PMapStringInt32.class,
        () -> { PMapStringInt32 p = new PMapStringInt32(); p.v = map("a", 1); return p; });
    probe("int16_array", PInt16Array.class,
        () -> { PInt16Array p = new PInt16Array(); p.v = new short[] {1, 2}; return p; });
    probe("struct", PStruct.class,
        () -> { PStruct p = new PStruct(); p.v = new Point(1, 2); return p; });
    probe("list_struct", PListStruct.class,
        () -> { PListStruct p = new PListStruct(); p.v = list(new Point(1, 2), new Point(3, 4)); return p; });
    probe("enum", PEnum.class, () -> { PEnum p = new PEnum(); p.v = Color.GREEN; return p; });
    probe("nullable_int32", PNullableInt32.class,
        () -> { PNullableInt32 p = new PNullableInt32(); p.a = 5; p.b = null; return p; });
    probe("nullable_string", PNullableString.class,
        () -> { PNullableString p = new PNullableString(); p.a = "x"; p.b = null; return p; });
    probe("timestamp", PTimestamp.class,
        () -> { PTimestamp p = new PTimestamp(); p.v = Instant.ofEpochSecond(1704164645L, 123456000); return p; });
    probe("date", PDate.class, () -> { PDate p = new PDate(); p.v = LocalDate.of(2024, 1, 2); return p; });
    probe("duration", PDuration.class,
        () -> { PDuration p = new PDuration(); p.v = Duration.ofSeconds(90061, 5000); return p; });
    probe("any", PAny.class, () -> { PAny p = new PAny(); p.v = "str"; return p; });
    probe("empty", PEmpty.class, PEmpty::new);
    probe("boxed_int32", PBoxedInt32.class,
        () -> { PBoxedInt32 p = new PBoxedInt32(); p.v = 7; return p; });
    probe("decimal", PDecimal.class,
        () -> { PDecimal p = new PDecimal(); p.v = new BigDecimal("-3.14"); return p; });
  }

  // ------------------------------------------------------------------------------ cases
  static {
    add("bool_true", "bool true", () -> true);
    add("bool_false", "bool false", () -> false);
    add("int64_small", "int 1 (Python int / Java Long: varint64)", () -> 1L);
    add("int64_neg", "int -1 (varint64)", () -> -1L);
    add("int64_300", "int 300 (varint64, 2 bytes)", () -> 300L);
    add("int64_max", "int64 max (varint64, 9 bytes)", () -> Long.MAX_VALUE);
    add("int64_min", "int64 min (varint64, 9 bytes)", () -> Long.MIN_VALUE);
    add("narrow_ints_list", "list [127, 32767, 2147483647, -2147483648, 1.5]",
        () -> list((byte) 127, (short) 32767, Integer.MAX_VALUE, Integer.MIN_VALUE, 1.5f));
    add("float64_pi", "float64 pi", () -> Math.PI);
    add("float64_nan", "float64 NaN", () -> Double.NaN);
    add("float64_inf", "float64 +Inf", () -> Double.POSITIVE_INFINITY);
    add("float64_neg_inf", "float64 -Inf", () -> Double.NEGATIVE_INFINITY);
    add("float64_neg_zero", "float64 -0.0", () -> -0.0);
    add("str_empty", "empty string", () -> "");
    add("str_ascii", "ASCII string", () -> "hello");
    add("str_latin1", "latin1 string", () -> "h\u00e9llo w\u00f6rld");
    add("str_utf16", "BMP string", () -> "\u4f60\u597d\uff0c\u4e16\u754c");
    add("str_emoji", "astral string", () -> "emoji \uD83D\uDE00\uD83C\uDF89");
    add("str_long", "300-char ASCII string", () -> repeat("abc", 100));
    add("binary_empty", "empty binary", () -> new byte[0]);
    add("binary", "binary 00 01 fe ff", () -> new byte[] {0, 1, (byte) 0xfe, (byte) 0xff});

    add("bool_array", "bool_array", () -> new boolean[] {true, false, true});
    add("int8_array", "int8_array (Java byte[] is binary)", () -> new byte[] {-128, 0, 127});
    add("int16_array", "int16_array", () -> new short[] {Short.MIN_VALUE, 0, Short.MAX_VALUE});
    add("int32_array", "int32_array", () -> new int[] {Integer.MIN_VALUE, 0, Integer.MAX_VALUE});
    add("int64_array", "int64_array", () -> new long[] {Long.MIN_VALUE, 0, Long.MAX_VALUE});
    add("float32_array", "float32_array",
        () -> new float[] {1.5f, Float.NaN, Float.NEGATIVE_INFINITY});
    add("float64_array", "float64_array",
        () -> new double[] {Math.PI, Double.NaN, Double.NEGATIVE_INFINITY});
    add("int32_array_empty", "empty int32_array", () -> new int[0]);

    add("list_empty", "empty list", () -> list());
    add("list_int64", "list [1,2,3]", () -> list(1L, 2L, 3L));
    add("list_str", "list of strings", () -> list("a", "h\u00e9llo", "\u4f60\u597d"));
    add("list_mixed_nulls", "list [1,'a',null,2.5,true]", () -> list(1L, "a", null, 2.5, true));
    add("list_all_null", "list [null,null]", () -> list(null, null));
    add("list_str_nulls", "list ['a',null,'b']", () -> list("a", null, "b"));
    add("list_nested", "list [[1,2],[3],[]]", () -> list(list(1L, 2L), list(3L), list()));
    add("list_nested_mixed", "list [['a',null],[1],[[true]]]",
        () -> list(list("a", null), list(1L), list(list(true))));

    add("map_empty", "empty map", () -> map());
    add("map_str_int", "map {'a':1,'b':2}", () -> map("a", 1L, "b", 2L));
    add("map_int_str", "map {1:'a',2:'b'}", () -> map(1L, "a", 2L, "b"));
    add("map_null_value", "map {'a':null,'b':1}", () -> map("a", null, "b", 1L));
    add("map_null_key", "map {null:1,'a':2}", () -> map(null, 1L, "a", 2L));
    add("map_mixed_values", "map {'i':1,'s':'x','f':1.5,'b':true}",
        () -> map("i", 1L, "s", "x", "f", 1.5, "b", true));
    add("map_large_str_int", "map of 300 entries", Peer::mapLargeStrInt);
    add("map_list_values", "map {'a':[1,2],'b':[]}", () -> map("a", list(1L, 2L), "b", list()));

    add("set_empty", "empty set", () -> set());
    add("set_int", "set {1,2,3}", () -> set(1L, 2L, 3L));
    add("set_str", "set {'a','b'}", () -> set("a", "b"));

    add("date", "date 2024-01-02", () -> LocalDate.of(2024, 1, 2));
    add("date_pre_epoch", "date 1960-06-15", () -> LocalDate.of(1960, 6, 15));
    add("timestamp", "timestamp 2024-01-02T03:04:05.123456Z",
        () -> Instant.ofEpochSecond(1704164645L, 123456000));
    add("timestamp_pre_epoch", "timestamp 1969-12-31T23:59:59.5Z",
        () -> Instant.ofEpochSecond(-1, 500000000));
    add("duration", "duration 86402 s 3000 ns", () -> Duration.ofSeconds(86402, 3000));
    add("duration_negative", "duration -1.5 s", () -> Duration.ofMillis(-1500));

    add("decimal", "decimal 12.50 (scale 2 kept)", () -> new BigDecimal("12.50"));
    add("decimal_big", "decimal -123456789012345678901234567890.12 (big form)",
        () -> new BigDecimal("-123456789012345678901234567890.12"));
    add("decimal_exponent", "decimal 1E+5 (scale -5)", () -> new BigDecimal("1E+5"));
    add("decimal_list", "list of decimals [0, -0.001, 18446744073709551616]",
        () -> list(new BigDecimal("0"), new BigDecimal("-0.001"), new BigDecimal("18446744073709551616")));

    for (String[] m : MODES) {
      String mode = m[0];
      boolean compat = Boolean.parseBoolean(m[1]);
      add("struct_by_id_" + mode, "Person id 103", Peer::person1)
          .regs(reg(Person.class, 103)).compatible(compat);
      add("struct_by_name_" + mode, "Person example.Person", Peer::person1)
          .regs(reg(Person.class, "example.Person")).compatible(compat);
      add("struct_null_field_" + mode, "Person id 103, null email", Peer::person2)
          .regs(reg(Person.class, 103)).compatible(compat);
    }
    for (String[] m : MODES) {
      add("scalars_" + m[0], "Scalars", Peer::scalars)
          .regs(reg(Scalars.class, "example.Scalars")).compatible(Boolean.parseBoolean(m[1]));
    }
    for (String[] m : MODES) {
      boolean compat = Boolean.parseBoolean(m[1]);
      add("enum_by_id_" + m[0], "Color.BLUE id 101", () -> Color.BLUE)
          .regs(reg(Color.class, 101)).compatible(compat);
      add("enum_by_name_" + m[0], "Color.BLUE example.Color", () -> Color.BLUE)
          .regs(reg(Color.class, "example.Color")).compatible(compat);
    }
    add("enum_list", "list of Color", () -> list(Color.RED, Color.BLUE, Color.BLUE))
        .regs(reg(Color.class, 101));
    for (String[] m : MODES) {
      add("some_class_" + m[0], "reference SomeClass2", Peer::someClass)
          .regs(reg(SomeClass1.class, "example.SomeClass1"), reg(SomeClass2.class, "example.SomeClass2"))
          .compatible(Boolean.parseBoolean(m[1]));
    }
    for (String[] m : MODES) {
      add("circular_ref_" + m[0], "reference SomeClass circular", Peer::circular)
          .regs(reg(SomeClass.class, "example.SomeClass")).ref().compatible(Boolean.parseBoolean(m[1]));
    }
    add("evolve_v2_to_v1", "EvolveV2 -> EvolveV1", () -> evolveV2(99))
        .regs(reg(EvolveV2.class, "example.Evolve"))
        .readRegs(reg(EvolveV1.class, "example.Evolve"))
        .expect(Peer::evolveV1);
    add("evolve_v1_to_v2", "EvolveV1 -> EvolveV2", Peer::evolveV1)
        .regs(reg(EvolveV1.class, "example.Evolve"))
        .readRegs(reg(EvolveV2.class, "example.Evolve"))
        .expect(() -> evolveV2(0));
    for (String[] m : MODES) {
      boolean compat = Boolean.parseBoolean(m[1]);
      add("many_fields_" + m[0], "ManyFields", Peer::manyFields)
          .regs(reg(ManyFields.class, "example.ManyFields"), reg(Point.class, "example.Point"),
              reg(Color.class, "example.Color"))
          .compatible(compat);
      add("long_names_" + m[0], "LongNames", Peer::longNames)
          .regs(reg(LongNames.class, "example.LongNames")).compatible(compat);
    }
    for (String[] m : MODES) {
      add("meta_names_" + m[0], "meta-string encodings", Peer::metaNames)
          .regs(
              reg(MetaLower.class, "example.lower_name"),
              reg(MetaFirstUpper.class, "example.Firstupper"),
              reg(MetaMixed.class, "org.FuryGo_NS.MixedCaseTypeName"),
              reg(MetaDigits.class, "ns2.Type2Digits_X9"),
              reg(MetaUtf8.class, "my-ns.Type-With-Dash"))
          .compatible(Boolean.parseBoolean(m[1]));
    }
    for (String[] m : MODES) {
      boolean compat = Boolean.parseBoolean(m[1]);
      add("sample_" + m[0], "Sample", Peer::sample)
          .regs(reg(Sample.class, "example.Sample")).compatible(compat);
      add("media_content_" + m[0], "MediaContent", Peer::mediaContent)
          .regs(
              reg(MediaContent.class, "example.MediaContent"),
              reg(Media.class, "example.Media"),
              reg(Image.class, "example.Image"),
              reg(Player.class, "example.Player"),
              reg(Size.class, "example.Size"))
          .compatible(compat);
      add("list_of_structs_" + m[0], "list of Point", () -> list(new Point(1, 2), new Point(3, 4)))
          .regs(reg(Point.class, 102)).compatible(compat);
      add("map_int_struct_" + m[0], "map int -> Point",
          () -> map(1L, new Point(1, 2), 2L, new Point(3, 4)))
          .regs(reg(Point.class, 102)).compatible(compat);
      add("map_large_str_struct_" + m[0], "map of 300 str -> Point", Peer::mapLargeStrStruct)
          .regs(reg(Point.class, 102)).compatible(compat);
    }
    add("ref_shared_list", "[l, l]", () -> { List<Object> l = list(1L); return list(l, l); }).ref();
    add("ref_shared_map", "[m, m]", () -> { Map<String, Object> mm = map("a", 1L); return list(mm, mm); })
        .ref();
    add("ref_shared_struct_sc", "[p, p] sc", () -> { Point p = new Point(1, 2); return list(p, p); })
        .regs(reg(Point.class, 102)).ref().compatible(false);
    add("ref_shared_struct_compat", "[p, p] compat",
        () -> { Point p = new Point(1, 2); return list(p, p); })
        .regs(reg(Point.class, 102)).ref().compatible(true);
    add("ref_shared_string", "[s, s]", () -> { String s = "shared"; return list(s, s); }).ref();
    add("ref_list_mixed", "[1,'a',null,[2]] ref on", () -> list(1L, "a", null, list(2L))).ref();
    add("oob_buffers", "out-of-band, all buffers out of band", Peer::oobValue).oob(i -> false);
    add("oob_bytes_only", "out-of-band: ['str', bytes 01 02 03, bytes 04 05], all out of band",
        () -> list("str", new byte[] {1, 2, 3}, new byte[] {4, 5})).oob(i -> false);
    add("oob_mixed", "out-of-band, buffer #0 out of band", Peer::oobValue).oob(i -> i != 0);

    for (int idx = 0; idx < PROBES.size(); idx++) {
      Object[] p = PROBES.get(idx);
      String suffix = (String) p[0];
      Class<?> cls = (Class<?>) p[1];
      @SuppressWarnings("unchecked")
      Supplier<Object> value = (Supplier<Object>) p[2];
      for (String[] m : MODES) {
        boolean compat = Boolean.parseBoolean(m[1]);
        add("probe_" + suffix + "_" + m[0] + "_name", "probe " + cls.getSimpleName(), value)
            .regs(reg(cls, "probe." + cls.getSimpleName()), reg(Point.class, "example.Point"),
                reg(Color.class, "example.Color"))
            .compatible(compat);
        add("probe_" + suffix + "_" + m[0] + "_id", "probe " + cls.getSimpleName(), value)
            .regs(reg(cls, 300 + idx), reg(Point.class, 102), reg(Color.class, 101))
            .compatible(compat);
      }
    }

    // ---- edge cases
    add("str_long_64k", "70000-char ASCII string", () -> repeat("abcdefg", 10000));
    add("str_long_utf16_64k", "BMP string of 40000 chars", () -> repeat("\u4f60\u597d", 20000));
    add("str_long_emoji_64k", "surrogate pairs, > 64 KiB", () -> repeat("\uD83D\uDE00a", 25000));
    add("str_astral_list", "astral / NUL / U+FFFF / U+10FFFF strings",
        () -> list("\uD834\uDD1E", "a\uD83D\uDE00b", "\u0000nul", "\u00e9\uD83D\uDE00", "\uffff",
            "\uDBFF\uDFFF"));
    add("binary_large", "binary of 100000 bytes i % 256", () -> {
      byte[] b = new byte[100000];
      for (int i = 0; i < b.length; i++) {
        b[i] = (byte) i;
      }
      return b;
    });
    add("float64_extremes", "list of float64 extremes",
        () -> list(Double.MAX_VALUE, -Double.MAX_VALUE, Double.MIN_VALUE, Double.MIN_NORMAL, -0.0,
            Double.NaN, Double.POSITIVE_INFINITY));
    add("timestamp_extremes", "list of far timestamps",
        () -> list(Instant.parse("0001-01-01T00:00:00Z"), Instant.parse("9999-12-31T23:59:59Z"),
            Instant.parse("1900-01-01T00:00:00.000001Z"), Instant.parse("1969-12-31T23:59:59.999999Z")));
    add("timestamp_nanos", "timestamp 1969-12-31T23:59:59.999999999Z",
        () -> Instant.ofEpochSecond(-1, 999999999));
    add("date_extremes", "list of far dates",
        () -> list(LocalDate.of(1, 1, 1), LocalDate.of(9999, 12, 31), LocalDate.of(1970, 1, 1),
            LocalDate.of(1969, 12, 31)));
    add("decimal_extremes", "list of extreme decimals", () -> {
      List<Object> l = new ArrayList<>();
      for (String s : DECIMAL_EXTREMES) {
        l.add(new BigDecimal(s));
      }
      return l;
    });
    for (String[] m : MODES) {
      boolean compat = Boolean.parseBoolean(m[1]);
      add("enum_extremes_" + m[0], "list of BigEnum",
          () -> list(BigEnum.V0, BigEnum.V127, BigEnum.V128, BigEnum.V129))
          .regs(reg(BigEnum.class, 110)).compatible(compat);
      add("unsigned_" + m[0], "Unsigned at maxima", Peer::unsigned)
          .regs(reg(Unsigned.class, 112)).compatible(compat);
      add("nested_generics_" + m[0], "Nested generic fields", Peer::nested)
          .regs(reg(Nested.class, 111), reg(Point.class, 102)).compatible(compat);
      add("map_str_list_struct_" + m[0], "map str -> list<Point>",
          () -> map("a", list(new Point(1, 2), new Point(3, 4)), "b", list(), "c", list(new Point(5, 6))))
          .regs(reg(Point.class, 102)).compatible(compat);
      add("list_any_structs_" + m[0], "list [Point, null, 'x', Point, 7]",
          () -> list(new Point(1, 2), null, "x", new Point(3, 4), 7L))
          .regs(reg(Point.class, 102)).compatible(compat);
      add("list_10k_structs_" + m[0], "list of 10000 Points", () -> {
        List<Object> l = new ArrayList<>();
        for (int i = 0; i < 10000; i++) {
          l.add(new Point(i, -i));
        }
        return l;
      }).regs(reg(Point.class, 102)).compatible(compat);
      add("list_empty_structs_" + m[0], "list of 3 PEmpty",
          () -> list(new PEmpty(), new PEmpty(), new PEmpty()))
          .regs(reg(PEmpty.class, 326)).compatible(compat);
    }
    add("collections_empty", "list [[], {}, '', b'', set()]",
        () -> list(list(), map(), "", new byte[0], set()));
    for (String[] m : MODES) {
      boolean compat = Boolean.parseBoolean(m[1]);
      add("ref_graph_" + m[0], "Node graph", Peer::refGraph)
          .regs(reg(Node.class, 113)).ref().compatible(compat);
      add("ref_empty_children_" + m[0], "Node with an empty children list", () -> {
        Node e = new Node("e");
        e.children = list();
        return e;
      }).regs(reg(Node.class, 113)).ref().compatible(compat);
      add("ref_map_values_" + m[0], "{'a': p, 'b': p, 'c': Point(1,2)}", () -> {
        Point p = new Point(1, 2);
        return map("a", p, "b", p, "c", new Point(1, 2));
      }).regs(reg(Point.class, 102)).ref().compatible(compat);
    }
    add("evolve_skip_complex", "EvolveWide -> EvolveNarrow", Peer::evolveWide)
        .regs(reg(EvolveWide.class, "example.EvolveX"), reg(Point.class, 102), reg(Color.class, 101))
        .readRegs(reg(EvolveNarrow.class, "example.EvolveX"), reg(Point.class, 102), reg(Color.class, 101))
        .expect(() -> {
          EvolveNarrow n = new EvolveNarrow();
          n.a = 1;
          n.b = "x";
          return n;
        });
  }

  // ------------------------------------------------------------------------------ equality
  static String deq(Object a, Object b, String path, IdentityHashMap<Object, Object> seen) {
    if (a == null || b == null) {
      return a == null && b == null ? null : path + ": " + show(a) + " != " + show(b);
    }
    if (a instanceof BigDecimal || b instanceof BigDecimal) {
      // BigDecimal is a Number: compare it before the numeric branch, exactly (value and scale,
      // 12.50 != 12.5). Reflection into java.math fails on JDK 17.
      return a.equals(b) ? null : path + ": " + show(a) + " != " + show(b);
    }
    if (a instanceof Number && b instanceof Number) {
      Number x = (Number) a;
      Number y = (Number) b;
      boolean fa = a instanceof Float || a instanceof Double;
      boolean fb = b instanceof Float || b instanceof Double;
      if (fa || fb) {
        if (!(fa && fb)) {
          return path + ": " + show(a) + " != " + show(b);
        }
        double dx = x.doubleValue();
        double dy = y.doubleValue();
        if (Double.isNaN(dx) && Double.isNaN(dy)) {
          return null;
        }
        if (dx == dy && (dx != 0 || Double.doubleToRawLongBits(dx) == Double.doubleToRawLongBits(dy))) {
          return null;
        }
        if ((a instanceof Float || b instanceof Float) && (float) dx == (float) dy) {
          return null;
        }
        return path + ": " + show(a) + " != " + show(b);
      }
      return x.longValue() == y.longValue() ? null : path + ": " + show(a) + " != " + show(b);
    }
    if (a.getClass().isArray() || b.getClass().isArray()) {
      if (!a.getClass().isArray() || !b.getClass().isArray()) {
        return path + ": " + show(a) + " != " + show(b);
      }
      int n = Array.getLength(a);
      if (n != Array.getLength(b)) {
        return path + ": length " + n + " != " + Array.getLength(b);
      }
      for (int i = 0; i < n; i++) {
        String r = deq(Array.get(a, i), Array.get(b, i), path + "[" + i + "]", seen);
        if (r != null) {
          return r;
        }
      }
      return null;
    }
    if (a instanceof List && b instanceof List) {
      List<?> la = (List<?>) a;
      List<?> lb = (List<?>) b;
      if (la.size() != lb.size()) {
        return path + ": length " + la.size() + " != " + lb.size();
      }
      for (int i = 0; i < la.size(); i++) {
        String r = deq(la.get(i), lb.get(i), path + "[" + i + "]", seen);
        if (r != null) {
          return r;
        }
      }
      return null;
    }
    if (a instanceof Set && b instanceof Set) {
      Set<?> sa = (Set<?>) a;
      Set<?> sb = (Set<?>) b;
      if (sa.size() != sb.size()) {
        return path + ": size " + sa.size() + " != " + sb.size();
      }
      for (Object x : sa) {
        if (find(sb, x, seen) == NOT_FOUND) {
          return path + ": element " + show(x) + " missing in " + show(b);
        }
      }
      return null;
    }
    if (a instanceof Map && b instanceof Map) {
      Map<?, ?> ma = (Map<?, ?>) a;
      Map<?, ?> mb = (Map<?, ?>) b;
      if (ma.size() != mb.size()) {
        return path + ": size " + ma.size() + " != " + mb.size();
      }
      for (Map.Entry<?, ?> e : ma.entrySet()) {
        Object kb = find(mb.keySet(), e.getKey(), seen);
        if (kb == NOT_FOUND) {
          return path + ": key " + show(e.getKey()) + " missing";
        }
        String r = deq(e.getValue(), mb.get(kb), path + "[" + show(e.getKey()) + "]", seen);
        if (r != null) {
          return r;
        }
      }
      return null;
    }
    if (a instanceof String || a instanceof Boolean || a instanceof Enum || a instanceof Instant
        || a instanceof LocalDate || a instanceof Duration || a instanceof Character) {
      return a.equals(b) ? null : path + ": " + show(a) + " != " + show(b);
    }
    if (a.getClass() != b.getClass()) {
      return path + ": class " + a.getClass().getName() + " != " + b.getClass().getName()
          + " (" + show(b) + ")";
    }
    if (seen.get(a) == b) {
      return null;
    }
    seen.put(a, b);
    for (Class<?> c = a.getClass(); c != null && c != Object.class; c = c.getSuperclass()) {
      for (Field f : c.getDeclaredFields()) {
        if (Modifier.isStatic(f.getModifiers())) {
          continue;
        }
        f.setAccessible(true);
        try {
          String r = deq(f.get(a), f.get(b), path + "." + f.getName(), seen);
          if (r != null) {
            return r;
          }
        } catch (IllegalAccessException ex) {
          return path + "." + f.getName() + ": " + ex;
        }
      }
    }
    return null;
  }

  static final Object NOT_FOUND = new Object();

  static Object find(Collection<?> c, Object x, IdentityHashMap<Object, Object> seen) {
    if (c.contains(x)) {
      return x;
    }
    for (Object y : c) {
      if (deq(x, y, "", new IdentityHashMap<>(seen)) == null) {
        return y;
      }
    }
    return NOT_FOUND;
  }

  static String show(Object o) {
    if (o == null) {
      return "null";
    }
    String s;
    if (o.getClass().isArray()) {
      StringBuilder sb = new StringBuilder("[");
      int n = Math.min(Array.getLength(o), 20);
      for (int i = 0; i < n; i++) {
        sb.append(i > 0 ? "," : "").append(Array.get(o, i));
      }
      s = sb.append(Array.getLength(o) > 20 ? ",...]" : "]").toString();
    } else if (o instanceof Collection || o instanceof Map || o instanceof String
        || o instanceof Number || o instanceof Boolean || o instanceof Enum) {
      s = String.valueOf(o);
    } else {
      s = o.getClass().getSimpleName() + "@" + Integer.toHexString(System.identityHashCode(o));
    }
    if (s.length() > 200) {
      s = s.substring(0, 200) + "...";
    }
    return s + " (" + o.getClass().getSimpleName() + ")";
  }

  // ------------------------------------------------------------------------------ commands
  static void writeCase(Case c, Path dir, Object obj, String suffix, Fory fory) throws IOException {
    List<byte[]> bufs = new ArrayList<>();
    byte[] data;
    if (c.oobInBand == null) {
      data = fory.serialize(obj);
    } else {
      int[] count = {0};
      data =
          fory.serialize(
              obj,
              bo -> {
                int i = count[0]++;
                boolean inBand = c.oobInBand.test(i);
                if (!inBand) {
                  MemoryBuffer mb = bo.toBuffer();
                  bufs.add(mb.getBytes(0, mb.size()));
                }
                return inBand;
              });
    }
    Files.write(dir.resolve(c.name + suffix + ".bin"), data);
    for (int i = 0; i < bufs.size(); i++) {
      Files.write(dir.resolve(c.name + suffix + ".buf" + i), bufs.get(i));
    }
  }

  static String verifyCase(Case c, Path dir) throws IOException {
    byte[] data = Files.readAllBytes(dir.resolve(c.name + ".bin"));
    List<Reg> rr = c.readRegs != null ? c.readRegs : c.regs;
    Fory fory = c.fory(rr);
    Object obj;
    if (data.length > 0 && (data[0] & 0x02) != 0) {
      List<MemoryBuffer> bufs = new ArrayList<>();
      for (int i = 0; Files.exists(dir.resolve(c.name + ".buf" + i)); i++) {
        bufs.add(MemoryBuffer.fromByteArray(Files.readAllBytes(dir.resolve(c.name + ".buf" + i))));
      }
      obj = fory.deserialize(data, bufs);
    } else {
      obj = fory.deserialize(data);
    }
    Object expected = (c.expect != null ? c.expect : c.build).get();
    String diff = deq(expected, obj, "$", new IdentityHashMap<>());
    try {
      writeCase(c, dir, obj, ".out", c.fory(rr));
    } catch (RuntimeException e) {
      return diff != null ? diff : "re-serialization failed: " + e;
    }
    return diff;
  }

  public static void main(String[] args) throws Exception {
    PrintStream out = new PrintStream(System.out, true, StandardCharsets.UTF_8);
    if (args.length == 0) {
      System.err.println("usage: Peer list|describe|write DIR [CASE...]|verify DIR [CASE...]");
      System.exit(2);
    }
    String cmd = args[0];
    if (cmd.equals("list") || cmd.equals("describe")) {
      for (Case c : CASES.values()) {
        out.println(cmd.equals("list") ? c.name : c.name + "\t" + c.desc);
      }
      return;
    }
    if (!cmd.equals("write") && !cmd.equals("verify") || args.length < 2) {
      System.err.println("usage: Peer list|describe|write DIR [CASE...]|verify DIR [CASE...]");
      System.exit(2);
    }
    Path dir = Paths.get(args[1]);
    Files.createDirectories(dir);
    List<Case> selected = new ArrayList<>();
    List<String> names = Arrays.asList(args).subList(2, args.length);
    for (String n : names) {
      Case c = CASES.get(n);
      if (c == null) {
        System.err.println("unknown case " + n);
        System.exit(2);
      }
      selected.add(c);
    }
    if (names.isEmpty()) {
      selected.addAll(CASES.values());
    }
    int failed = 0;
    for (Case c : selected) {
      if (cmd.equals("write")) {
        try {
          writeCase(c, dir, c.build.get(), "", c.fory(c.regs));
        } catch (Throwable t) {
          failed++;
          out.println("FAIL " + c.name + ": write: " + oneLine(t));
        }
        continue;
      }
      if (!Files.exists(dir.resolve(c.name + ".bin"))) {
        if (!names.isEmpty()) {
          failed++;
          out.println("FAIL " + c.name + ": " + dir.resolve(c.name + ".bin") + " missing");
        }
        continue;
      }
      String r;
      try {
        r = verifyCase(c, dir);
      } catch (Throwable t) {
        r = oneLine(t);
      }
      if (r != null) {
        failed++;
        out.println("FAIL " + c.name + ": " + r);
      } else {
        out.println("PASS " + c.name);
      }
    }
    out.flush();
    System.exit(failed > 0 ? 1 : 0);
  }

  static String oneLine(Throwable t) {
    String s = t.toString().replace('\n', ' ');
    return s.length() > 400 ? s.substring(0, 400) + "..." : s;
  }
}
