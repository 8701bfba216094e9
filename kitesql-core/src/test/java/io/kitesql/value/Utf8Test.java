package io.kitesql.value;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Random;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.Test;

class Utf8Test {
  // Byte-at-a-time reference implementations, written from the UTF-8 definition.
  private static boolean refIsAscii(byte[] b, int from, int to) {
    for (int i = from; i < to; i++) {
      if (b[i] < 0) {
        return false;
      }
    }
    return true;
  }

  private static int refCodePoints(byte[] b, int from, int to) {
    int n = 0;
    for (int i = from; i < to; i++) {
      int u = b[i] & 0xFF;
      if (u < 0x80 || u >= 0xC0) {
        n++;
      }
    }
    return n;
  }

  private static int refUtf16(byte[] b, int from, int to) {
    int n = refCodePoints(b, from, to);
    for (int i = from; i < to; i++) {
      int u = b[i] & 0xFF;
      if (u >= 0xF0 && u <= 0xF7) {
        n++;
      }
    }
    return n;
  }

  @Test
  void kernelsMatchByteReferenceOnValidUtf8AtUnalignedOffsets() {
    var rnd = new Random(42);
    try (var arena = Arena.ofConfined()) {
      for (int iter = 0; iter < 3000; iter++) {
        String s = RandomStrings.mixed(rnd, 40);
        byte[] utf8 = s.getBytes(StandardCharsets.UTF_8);
        int pad = rnd.nextInt(8);
        byte[] padded = new byte[pad + utf8.length + 3];
        System.arraycopy(utf8, 0, padded, pad, utf8.length);
        MemorySegment nat = arena.allocate(padded.length + 1, 1).asSlice(1);
        MemorySegment.copy(
            padded, 0, nat, java.lang.foreign.ValueLayout.JAVA_BYTE, 0, padded.length);
        for (MemorySegment seg : new MemorySegment[] {MemorySegment.ofArray(padded), nat}) {
          assertThat(Utf8.isAscii(seg, pad, utf8.length))
              .isEqualTo(s.chars().allMatch(c -> c < 0x80));
          assertThat(Utf8.utf16Length(seg, pad, utf8.length)).isEqualTo(s.length());
          assertThat(Utf8.codePointCount(seg, pad, utf8.length))
              .isEqualTo(s.codePointCount(0, s.length()));
        }
        assertThat(Utf8.utf16Length(Memory.ALL, nat.address() + pad, utf8.length))
            .isEqualTo(s.length());
      }
    }
  }

  @Test
  void kernelsMatchByteReferenceOnArbitraryBytes() {
    var rnd = new Random(7);
    for (int iter = 0; iter < 3000; iter++) {
      byte[] b = new byte[rnd.nextInt(70)];
      rnd.nextBytes(b);
      if (rnd.nextBoolean()) {
        for (int i = 0; i < b.length; i++) {
          b[i] &= 0x7F; // mostly ASCII inputs too
        }
        if (b.length > 0 && rnd.nextBoolean()) {
          b[rnd.nextInt(b.length)] = (byte) 0x80;
        }
      }
      int from = b.length == 0 ? 0 : rnd.nextInt(b.length);
      int to = from + rnd.nextInt(b.length - from + 1);
      var seg = MemorySegment.ofArray(b);
      assertThat(Utf8.isAscii(seg, from, to - from)).isEqualTo(refIsAscii(b, from, to));
      assertThat(Utf8.codePointCount(seg, from, to - from)).isEqualTo(refCodePoints(b, from, to));
      assertThat(Utf8.utf16Length(seg, from, to - from)).isEqualTo(refUtf16(b, from, to));
    }
  }

  @Test
  void encodeMatchesJdkAndRefusesUnpairedSurrogates() {
    var rnd = new Random(3);
    for (int iter = 0; iter < 2000; iter++) {
      var sb = new StringBuilder(RandomStrings.mixed(rnd, 20));
      boolean unpaired = rnd.nextInt(4) == 0;
      int at = -1;
      if (unpaired) {
        // Not between the halves of a pair (that would break it up and move the unpaired one).
        do {
          at = rnd.nextInt(sb.length() + 1);
        } while (at > 0 && at < sb.length() && Character.isLowSurrogate(sb.charAt(at)));
        sb.insert(at, rnd.nextBoolean() ? '\uD800' : '\uDC00');
      }
      String s = sb.toString();
      if (unpaired) {
        assertThat(Utf8.unpairedSurrogateIndex(s)).isEqualTo(at);
        for (ThrowingCallable call :
            List.<ThrowingCallable>of(
                () -> Utf8.encode(s),
                () -> Utf8.encodedLength(s),
                () -> Utf8.encodeTo(new StringBuilder(s), new byte[4 * s.length()], 0))) {
          assertThatThrownBy(call)
              .isInstanceOfSatisfying(
                  KiteSqlException.class,
                  e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.INVALID_VALUE))
              .hasMessageContaining("unpaired surrogate");
        }
        continue;
      }
      byte[] jdk = s.getBytes(StandardCharsets.UTF_8);
      assertThat(Utf8.unpairedSurrogateIndex(s)).isEqualTo(-1);
      assertThat(Utf8.encode(s)).isEqualTo(jdk);
      assertThat(Utf8.encodedLength(s)).isEqualTo(jdk.length);
      byte[] dst = new byte[jdk.length + 2];
      assertThat(Utf8.encodeTo(new StringBuilder(s), dst, 1)).isEqualTo(jdk.length + 1);
      assertThat(java.util.Arrays.copyOfRange(dst, 1, jdk.length + 1)).isEqualTo(jdk);
    }
  }
}
