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
}
