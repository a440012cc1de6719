package org.furygo.xlangpeer;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.fory.annotation.Int32Type;
import org.apache.fory.annotation.Int64Type;
import org.apache.fory.annotation.Nullable;
import org.apache.fory.annotation.Ref;
import org.apache.fory.annotation.UInt16Type;
import org.apache.fory.annotation.UInt32Type;
import org.apache.fory.annotation.UInt64Type;
import org.apache.fory.annotation.UInt8Type;
import org.apache.fory.config.Int32Encoding;
import org.apache.fory.config.Int64Encoding;

/**
 * Types used by the Java peer's cases. Each has a twin in the Python peer (types_def.py) and is
 * documented in xlang_test/CASES.md. Java camelCase field names travel as snake_case
 * (every upper-case letter becomes '_' + lower case; digits are kept: i8Min -> i8_min).
 */
public final class Types {
  private Types() {}

  public enum Color { RED, GREEN, BLUE }

  public enum Player { JAVA, FLASH }

  public enum Size { SMALL, LARGE }

  public static class Point {
    public int x;
    public int y;

    public Point() {}

    public Point(int x, int y) {
      this.x = x;
      this.y = y;
    }
  }

  public static class Person {
    public String name;
    public int age;
    @Nullable public String email;
    public List<String> tags;
    public Map<String, Integer> scores;
  }

  public static class Scalars {
    public boolean flagTrue;
    public boolean flagFalse;
    public byte i8Min;
    public byte i8Max;
    public short i16Min;
    public short i16Max;
    public int i32Min;
    public int i32Max;
    public long i64Min;
    public long i64Max;
    public float f32Val;
    public float f32Nan;
    public float f32Inf;
    public double f64Val;
    public double f64Nan;
    public double f64NegInf;
    public double f64NegZero;
    public String sEmpty;
    public String sLatin1;
    public String sUtf16;
    public String sEmoji;
    public byte[] binVal;
  }

  public static class SomeClass1 {
    public Object f1;
    public Map<Byte, Integer> f2;
  }

  public static class SomeClass2 {
    public Object f1;
    public String f2;
    public List<String> f3;
    public Map<Byte, Integer> f4;
    public byte f5;
    public short f6;
    public int f7;
    public long f8;
    public float f9;
    public double f10;
    public short[] f11;
    public List<Short> f12;
  }

  public static class SomeClass {
    @Ref @Nullable public SomeClass f1;
    @Ref public Map<String, String> f2;
    @Ref public Map<String, String> f3;
  }

  public static class EvolveV1 {
    public int a;
    public String b;
  }

  public static class EvolveV2 {
    public int a;
    public String b;
    public long c;
  }

  public static class ManyFields {
    public String zStr;
    public long yI64;
    public boolean xBool;
    public float wF32;
    public byte vI8;
    public List<Integer> uList;
    public Map<String, String> tMap;
    public double sF64;
    public short rI16;
    public int qI32;
    @Nullable public Integer pOptI32;
    @Nullable public String oOptStr;
    public Point nPoint;
    public Color mColor;
    public LocalDate lDate;
    public Instant kTs;
    public byte[] jBin;
    public @Int32Type(encoding = Int32Encoding.FIXED) int iFixedI32;
    public @Int64Type(encoding = Int64Encoding.FIXED) long hFixedI64;
    public @Int64Type(encoding = Int64Encoding.TAGGED) long gTaggedI64;
    public short[] fI16Arr;
    public Set<String> eSet;
    @Nullable public Long dOptI64;
    @Nullable public Double cOptF64;
    @Nullable public Boolean bOptBool;
    public Duration aDur;
  }

  public static class LongNames {
    public int abcdefghijklmno;
    public int abcdefghijklmnop;
    public int abcdefghijklmnopq;
    public String userNameWithManyCharactersHere;
  }

  public static class MetaLower { public int v; }

  public static class MetaFirstUpper { public int v; }

  public static class MetaMixed { public int v; }

  public static class MetaDigits { public int v; }

  public static class MetaUtf8 { public int v; }

  public static class Sample {
    public int intValue;
    public long longValue;
    public float floatValue;
    public double doubleValue;
    public short shortValue;
    public int charValue;
    public boolean booleanValue;
    public int intValueBoxed;
    public long longValueBoxed;
    public float floatValueBoxed;
    public double doubleValueBoxed;
    public short shortValueBoxed;
    public int charValueBoxed;
    public boolean booleanValueBoxed;
    public int[] intArray;
    public long[] longArray;
    public float[] floatArray;
    public double[] doubleArray;
    public short[] shortArray;
    public int[] charArray;
    public boolean[] booleanArray;
    public String string;
  }

  public static class Media {
    public String uri;
    @Nullable public String title;
    public int width;
    public int height;
    public String format;
    public long duration;
    public long size;
    public int bitrate;
    public boolean hasBitrate;
    public List<String> persons;
    public Player player;
    @Nullable public String copyright;
  }

  public static class Image {
    public String uri;
    @Nullable public String title;
    public int width;
    public int height;
    public Size size;
    @Nullable public Media media;

    public Image() {}

    public Image(String uri, String title, int width, int height, Size size, Media media) {
      this.uri = uri;
      this.title = title;
      this.width = width;
      this.height = height;
      this.size = size;
      this.media = media;
    }
  }

  public static class MediaContent {
    public Media media;
    public List<Image> images;
  }

  // ---- probes: one struct per field type (field `v`; nullable probes have `a` set and `b` null).
  public static class PBool { public boolean v; }

  public static class PInt8 { public byte v; }

  public static class PInt16 { public short v; }

  public static class PInt32 { public int v; }

  public static class PInt64 { public long v; }

  public static class PFixedInt32 { public @Int32Type(encoding = Int32Encoding.FIXED) int v; }

  public static class PFixedInt64 { public @Int64Type(encoding = Int64Encoding.FIXED) long v; }

  public static class PTaggedInt64 { public @Int64Type(encoding = Int64Encoding.TAGGED) long v; }

  public static class PFloat32 { public float v; }

  public static class PFloat64 { public double v; }

  public static class PString { public String v; }

  public static class PBinary { public byte[] v; }

  public static class PListInt32 { public List<Integer> v; }

  public static class PListString { public List<String> v; }

  public static class PSetString { public Set<String> v; }

  public static class PMapStringInt32 { public Map<String, Integer> v; }

  public static class PInt16Array { public short[] v; }

  public static class PStruct { public Point v; }

  public static class PListStruct { public List<Point> v; }

  public static class PEnum { public Color v; }

  public static class PNullableInt32 {
    @Nullable public Integer a;
    @Nullable public Integer b;
  }

  public static class PNullableString {
    @Nullable public String a;
    @Nullable public String b;
  }

  public static class PTimestamp { public Instant v; }

  public static class PDate { public LocalDate v; }

  public static class PDuration { public Duration v; }

  public static class PAny { public Object v; }

  public static class PEmpty {}

  /** Boxed Integer without annotations: same bytes as int, but nullable in the struct hash. */
  public static class PBoxedInt32 { public Integer v; }

  public static class PDecimal { public BigDecimal v; }

  // ---- edge cases added after the probes (CASES.md, "Edge-case types").

  /** 130 values: ordinals from 128 take two varuint bytes. */
  public enum BigEnum {
    V0, V1, V2, V3, V4, V5, V6, V7, V8, V9, V10, V11, V12, V13, V14, V15, V16, V17, V18, V19,
    V20, V21, V22, V23, V24, V25, V26, V27, V28, V29, V30, V31, V32, V33, V34, V35, V36, V37,
    V38, V39, V40, V41, V42, V43, V44, V45, V46, V47, V48, V49, V50, V51, V52, V53, V54, V55,
    V56, V57, V58, V59, V60, V61, V62, V63, V64, V65, V66, V67, V68, V69, V70, V71, V72, V73,
    V74, V75, V76, V77, V78, V79, V80, V81, V82, V83, V84, V85, V86, V87, V88, V89, V90, V91,
    V92, V93, V94, V95, V96, V97, V98, V99, V100, V101, V102, V103, V104, V105, V106, V107,
    V108, V109, V110, V111, V112, V113, V114, V115, V116, V117, V118, V119, V120, V121, V122,
    V123, V124, V125, V126, V127, V128, V129
  }

  /** Unsigned integers at their maxima, in every unsigned encoding (Java holds the bits). */
  public static class Unsigned {
    public @UInt8Type int u8;
    public @UInt16Type int u16;
    public @UInt32Type(encoding = Int32Encoding.VARINT) long u32;
    public @UInt64Type(encoding = Int64Encoding.VARINT) long u64;
    public @UInt32Type(encoding = Int32Encoding.FIXED) long fu32;
    public @UInt64Type(encoding = Int64Encoding.FIXED) long fu64;
    public @UInt64Type(encoding = Int64Encoding.TAGGED) long tu64;
    public @UInt64Type(encoding = Int64Encoding.TAGGED) long tu64Small;
  }

  public static class Nested {
    public Map<String, List<Point>> groups;
    public List<List<Integer>> matrix;
    public Map<String, Map<String, String>> lookup;
    public Map<String, Set<String>> tags;
  }

  public static class Node {
    public String name;
    @Ref @Nullable public Node next;
    @Ref public List<Node> children;

    public Node() {}

    public Node(String name) {
      this.name = name;
    }
  }

  public static class EvolveNarrow {
    public int a;
    public String b;
  }

  public static class EvolveWide {
    public List<String> xList;
    public int a;
    public Map<String, Point> xMap;
    public Point xPoint;
    public String b;
    @Nullable public String xOpt;
    public Color xColor;
    public Map<String, List<Integer>> xNested;
    public int[] xArr;
    public Object xAny;
  }
}
