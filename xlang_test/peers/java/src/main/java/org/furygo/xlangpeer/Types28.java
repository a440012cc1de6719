package org.furygo.xlangpeer;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.apache.fory.Fory;
import org.apache.fory.annotation.ForyField;
import org.apache.fory.annotation.ForyStruct;
import org.apache.fory.annotation.Nullable;
import org.apache.fory.annotation.Ref;
import org.apache.fory.annotation.UInt8Type;
import org.apache.fory.collection.Float16List;
import org.apache.fory.config.Language;
import org.apache.fory.serializer.UnionSerializer;
import org.apache.fory.type.BFloat16;
import org.apache.fory.type.BFloat16Array;
import org.apache.fory.type.Float16;
import org.apache.fory.type.Float16Array;
import org.apache.fory.type.Types;
import org.apache.fory.type.union.Union;

/**
 * Java (fory-core 1.6.0) side of xlang_test/types28_test.go: unions, float16/bfloat16, evolving=false types and
 * reference tracking by the field rules. The types mirror xlang_test/peers/python/types28_peer.py (same ids and
 * names); only the cases fory-core supports are here.
 *
 * <pre>
 *   Types28 write DIR    writes DIR/case.mode.bin for every case and mode
 *   Types28 verify DIR   reads the Go-written DIR/case.mode.bin files, prints "PASS case.mode" or
 *                        "FAIL case.mode: why" (a value read must serialize as the value built here does)
 * </pre>
 */
public final class Types28 {
  private Types28() {}

  @ForyStruct
  public static class Dog {
    @ForyField(id = 1)
    public String name = "";

    @ForyField(id = 2)
    public int age;

    public Dog() {}

    Dog(String name, int age) {
      this.name = name;
      this.age = age;
    }
  }

  /** union Animal { Dog dog = 1; string note = 2; int32 count = 3; }. */
  public static final class Animal extends Union {
    public Animal(int caseId, Object value) {
      super(caseId, value, typeIdOf(caseId));
    }

    static int typeIdOf(int caseId) {
      switch (caseId) {
        case 1:
          return Types.STRUCT;
        case 2:
          return Types.STRING;
        case 3:
          return Types.VARINT32;
        case 5:
          return Types.FLOAT16;
        default:
          throw new IllegalArgumentException("Animal has no case " + caseId);
      }
    }
  }

  @ForyStruct
  public static class UHolder {
    @ForyField(id = 1)
    public Animal pet;

    @ForyField(id = 2)
    public int x;

    @ForyField(id = 3)
    public List<@Ref(enable = false) Animal> pets = new ArrayList<>();

    @ForyField(id = 4)
    public @Nullable Animal opt;

    @ForyField(id = 5)
    public Map<String, @Ref(enable = false) Animal> byname = new LinkedHashMap<>();
  }

  @ForyStruct
  public static class Halfs {
    @ForyField(id = 1)
    public Float16 h;

    @ForyField(id = 2)
    public BFloat16 b;

    @ForyField(id = 3)
    public Float16Array ha;

    @ForyField(id = 4)
    public BFloat16Array ba;

    @ForyField(id = 5)
    public Float16List hs;

    @ForyField(id = 6)
    public @UInt8Type byte[] u8;

    @ForyField(id = 7)
    public byte[] bin;
  }

  @ForyStruct(evolving = false)
  public static class Plain {
    @ForyField(id = 1)
    public int a;

    @ForyField(id = 2)
    public String s = "";

    public Plain() {}

    Plain(int a, String s) {
      this.a = a;
      this.s = s;
    }
  }

  @ForyStruct
  public static class Item {
    @ForyField(id = 1)
    public String name = "";

    public Item() {}

    Item(String name) {
      this.name = name;
    }
  }

  @ForyStruct
  public static class Bag {
    @ForyField(id = 1)
    public List<@Ref(enable = false) Item> items = new ArrayList<>();

    @ForyField(id = 2)
    public Map<String, @Ref(enable = false) Item> by = new LinkedHashMap<>();

    @ForyField(id = 3)
    public @Nullable Item one;

    @ForyField(id = 4)
    @Ref
    public @Nullable Item shared;

    @ForyField(id = 5)
    @Ref
    public @Nullable Item again;

    @ForyField(id = 6)
    public List<String> names = new ArrayList<>();

    @ForyField(id = 7)
    public @Nullable String note;
  }

  static final class Case {
    final String name;
    final Supplier<Object> build;
    final boolean named;

    Case(String name, boolean named, Supplier<Object> build) {
      this.name = name;
      this.build = build;
      this.named = named;
    }
  }

  static final String[] MODES = {"cr", "cn", "sr", "sn"};

  static List<Case> cases() {
    List<Case> cs = new ArrayList<>();
    cs.add(
        new Case(
            "union_holder",
            false,
            () -> {
              UHolder h = new UHolder();
              h.pet = new Animal(1, new Dog("rex", 3));
              h.x = -1;
              h.pets.add(new Animal(2, "a"));
              h.pets.add(new Animal(3, 300));
              h.byname.put("k", new Animal(2, "v"));
              return h;
            }));
    cs.add(new Case("union_root", false, () -> new Animal(2, "hi")));
    cs.add(
        new Case(
            "union_named",
            true,
            () -> {
              UHolder h = new UHolder();
              h.pet = new Animal(2, "n");
              h.pets.add(new Animal(3, 1));
              return h;
            }));
    cs.add(new Case("union_named_root", true, () -> new Animal(3, 42)));
    cs.add(new Case("union_root_dog", false, () -> new Animal(1, new Dog("rex", 3))));
    cs.add(
        new Case(
            "halfs_java",
            false,
            () -> {
              Halfs h = new Halfs();
              h.h = Float16.valueOf(1.5f);
              h.b = BFloat16.valueOf(-2f);
              h.ha = Float16Array.of(1f, 65504f, -0.000060975551605224609375f);
              h.ba = new BFloat16Array(new BFloat16[] {BFloat16.valueOf(0.5f), BFloat16.valueOf(3.0e38f)});
              h.hs = new Float16List();
              h.hs.add(Float16.valueOf(0.25f));
              h.hs.add(Float16.valueOf(Float.POSITIVE_INFINITY));
              h.u8 = new byte[] {1, (byte) 255};
              h.bin = new byte[] {7};
              return h;
            }));
    cs.add(new Case("plain", false, () -> new Plain(7, "p")));
    cs.add(new Case("plain_named", true, () -> new Plain(-7, "q")));
    cs.add(
        new Case(
            "ref_rule_bag",
            false,
            () -> {
              Bag b = new Bag();
              b.items.add(new Item("a"));
              b.items.add(new Item("b"));
              b.by.put("k", new Item("v"));
              b.one = new Item("o");
              b.shared = new Item("s");
              b.again = b.shared;
              b.names.addAll(Arrays.asList("x", "y"));
              b.note = "n";
              return b;
            }));
    return cs;
  }

  static Fory fory(String mode, boolean named) {
    Fory f =
        Fory.builder()
            .withLanguage(Language.XLANG)
            .withCompatible(mode.charAt(0) == 'c')
            .withRefTracking(mode.charAt(1) == 'r')
            .requireClassRegistration(true)
            .suppressClassRegistrationWarnings(true)
            .build();
    Object[][] types = {
      {Dog.class, "Dog", 101}, {UHolder.class, "UHolder", 103}, {Halfs.class, "Halfs", 110},
      {Plain.class, "Plain", 105}, {Item.class, "Item", 107}, {Bag.class, "Bag", 108}
    };
    if (named) {
      f.registerUnion(Animal.class, "demo", "Animal", new UnionSerializer(f.getTypeResolver(), Animal.class));
    } else {
      f.registerUnion(Animal.class, 102, new UnionSerializer(f.getTypeResolver(), Animal.class));
    }
    for (Object[] t : types) {
      if (named) {
        f.register((Class<?>) t[0], "demo", (String) t[1]);
      } else {
        f.register((Class<?>) t[0], (Integer) t[2]);
      }
    }
    return f;
  }

  public static void main(String[] args) throws Exception {
    String sub = args[0];
    Path dir = Paths.get(args[1]);
    boolean failed = false;
    for (Case c : cases()) {
      for (String mode : MODES) {
        String key = c.name + "." + mode;
        Path path = dir.resolve(key + ".bin");
        try {
          Fory f = fory(mode, c.named);
          Object want = c.build.get();
          if (sub.equals("write")) {
            Files.write(path, f.serialize(want));
            continue;
          }
          Object got = f.deserialize(Files.readAllBytes(path));
          byte[] a = f.serialize(got);
          byte[] b = f.serialize(want);
          if (!Arrays.equals(a, b)) {
            throw new AssertionError("read a value that serializes differently from the one built here");
          }
          System.out.println("PASS " + key);
        } catch (Throwable e) {
          failed = true;
          System.out.println(("FAIL " + key + ": " + e).replace('\n', ' '));
        }
      }
    }
    System.exit(failed ? 1 : 0);
  }
}
