// Regenerates java_choose.txt and java_with.txt with Java fory-core 1.6.0 (same formats as
// gen_python.py). Build and run with fory-core and janino on the class path:
//   javac -cp $CP -d out Gen.java && java -cp $CP:out org.apache.fory.meta.Gen strings.txt java_choose.txt java_with.txt

package org.apache.fory.meta;

import java.io.*;
import java.nio.charset.StandardCharsets;
import java.nio.file.*;
import java.util.*;

// Lives in org.apache.fory.meta to reach the package-private encoding sets.
public class Gen {
  static String hex(byte[] b) { if (b.length == 0) return "-"; StringBuilder sb = new StringBuilder(); for (byte x : b) sb.append(String.format("%02x", x)); return sb.toString(); }
  static byte[] unhex(String s) { if (s.equals("-")) return new byte[0]; byte[] b = new byte[s.length()/2]; for (int i=0;i<b.length;i++) b[i]=(byte)Integer.parseInt(s.substring(2*i,2*i+2),16); return b; }
  public static void main(String[] args) throws Exception {
    List<String> hexes = Files.readAllLines(Paths.get(args[0]));
    List<String> strs = new ArrayList<>();
    for (String h : hexes) strs.add(new String(unhex(h.trim()), StandardCharsets.UTF_8));
    MetaStringEncoder nsEnc = Encoders.PACKAGE_ENCODER, tEnc = Encoders.TYPE_NAME_ENCODER;
    Object[][] kinds = {
      {"ns_all", nsEnc, MetaString.Encoding.values()},
      {"type_all", tEnc, MetaString.Encoding.values()},
      {"ns", nsEnc, Encoders.pkgEncodings},
      {"type", tEnc, Encoders.typeNameEncodings},
      {"field", Encoders.FIELD_NAME_ENCODER, Encoders.fieldNameEncodings},
    };
    try (PrintWriter w = new PrintWriter(new FileWriter(args[1]))) {
      for (Object[] k : kinds) {
        for (int i = 0; i < strs.size(); i++) {
          String s = strs.get(i);
          try {
            EncodedMetaString e = ((MetaStringEncoder) k[1]).encodeBinary(s, (MetaString.Encoding[]) k[2]);
            long hash = e.bytes.length == 0 ? 0 : EncodedMetaString.computeHash(e.bytes, e.encoding);
            w.printf("%s %s %d %s %016x%n", k[0], hexes.get(i).trim(), e.encoding.getValue(), hex(e.bytes), hash);
          } catch (Exception ex) {
            w.printf("%s %s ERR - -%n", k[0], hexes.get(i).trim());
          }
        }
      }
    }
    try (PrintWriter w = new PrintWriter(new FileWriter(args[2]))) {
      char[][] specials = {{'.', '_'}, {'$', '_'}};
      for (char[] sp : specials) {
        MetaStringEncoder enc = new MetaStringEncoder(sp[0], sp[1]);
        MetaStringDecoder dec = new MetaStringDecoder(sp[0], sp[1]);
        for (int i = 0; i < strs.size(); i++) {
          String s = strs.get(i);
          for (MetaString.Encoding e : MetaString.Encoding.values()) {
            byte[] data;
            try {
              data = enc.encodeBinary(s, e).bytes;
            } catch (Exception ex) {
              w.printf("%c%c %s %d ERR ERR%n", sp[0], sp[1], hexes.get(i).trim(), e.getValue());
              continue;
            }
            String d;
            try { d = hex(dec.decode(data, e).getBytes(StandardCharsets.UTF_8)); } catch (Exception ex) { d = "ERR"; }
            w.printf("%c%c %s %d %s %s%n", sp[0], sp[1], hexes.get(i).trim(), e.getValue(), hex(data), d);
          }
        }
      }
    }
  }
}
