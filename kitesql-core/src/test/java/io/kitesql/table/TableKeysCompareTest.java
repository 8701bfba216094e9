package io.kitesql.table;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link TableKeys#compare(MemorySegment, long, int, MemorySegment, long)}, which scans call for
 * every key they step on, orders keys as LMDB does (unsigned bytes, a prefix first), wherever the
 * key lies: in a native block near its end (where eight bytes cannot be read past the key), in an
 * array of exactly its length, and with bounds shorter or longer than the key.
 */
class TableKeysCompareTest {
  private static final int BLOCK = 4096;

  @Test
  void ordersLikeUnsignedArrayComparisonAnywhereInTheMemory() {
    var random = new Random(42);
    try (var arena = Arena.ofConfined()) {
      var block = arena.allocate(2L * BLOCK, BLOCK);
      for (int round = 0; round < 20_000; round++) {
        byte[] key = randomKey(random);
        byte[] bound = random.nextInt(4) == 0 ? key.clone() : randomKey(random);
        if (random.nextBoolean() && bound.length > 0 && key.length > 0) {
          // share a prefix with the key, so that the first difference comes late
          int shared = random.nextInt(Math.min(key.length, bound.length) + 1);
          System.arraycopy(key, 0, bound, 0, shared);
        }
        int expected = Integer.signum(Arrays.compareUnsigned(key, bound));
        // the key's end at or just before the end of the first block, or anywhere
        long at =
            random.nextBoolean()
                ? BLOCK - key.length - random.nextInt(8)
                : random.nextInt(BLOCK - key.length);
        MemorySegment.copy(key, 0, block, ValueLayout.JAVA_BYTE, at, key.length);
        var boundSegment = MemorySegment.ofArray(bound);
        assertThat(
                Integer.signum(
                    TableKeys.compare(block, at, key.length, boundSegment, bound.length)))
            .as("%s vs %s at %d", Arrays.toString(key), Arrays.toString(bound), at)
            .isEqualTo(expected);
        assertThat(
                Integer.signum(
                    TableKeys.compare(
                        MemorySegment.ofArray(key), 0, key.length, boundSegment, bound.length)))
            .isEqualTo(expected);
        // a bound that is the first n bytes of a longer array
        var padded = Arrays.copyOf(bound, bound.length + 9);
        Arrays.fill(padded, bound.length, padded.length, (byte) 0x7F);
        assertThat(
                Integer.signum(
                    TableKeys.compare(
                        block, at, key.length, MemorySegment.ofArray(padded), bound.length)))
            .isEqualTo(expected);
      }
    }
  }

  /** 0 to 24 bytes, mostly of few distinct values (high bytes included), so that keys collide. */
  private static byte[] randomKey(Random random) {
    var key = new byte[random.nextInt(25)];
    for (int i = 0; i < key.length; i++) {
      key[i] = (byte) (random.nextBoolean() ? random.nextInt(3) : 0xFE + random.nextInt(2));
    }
    return key;
  }
}
