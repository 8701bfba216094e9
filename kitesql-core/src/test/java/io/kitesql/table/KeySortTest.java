package io.kitesql.table;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@link KeySort} orders keys as LMDB does: the same order as {@code Arrays.sort} with {@code
 * Arrays::compareUnsigned}.
 */
class KeySortTest {
  private static final byte[] PREFIX = {0, 0, 0, 7, 'i', 0, 0, 0, 2};

  /**
   * Keys over a small alphabet (many ties, zero bytes, proper prefixes of each other) after {@link
   * #PREFIX}.
   */
  private static byte[][] keys(Random random, int n, int maxTail, int alphabet) {
    var keys = new byte[n][];
    for (int i = 0; i < n; i++) {
      var key = Arrays.copyOf(PREFIX, PREFIX.length + random.nextInt(maxTail + 1));
      for (int b = PREFIX.length; b < key.length; b++) {
        int v = random.nextInt(alphabet);
        key[b] =
            (byte) (v == alphabet - 1 ? 0xFF : v); // 0 and 0xFF: the ends of the unsigned order
      }
      keys[i] = key;
    }
    return keys;
  }

  @ParameterizedTest
  @ValueSource(ints = {0, 1, 2, 15, 16, 17, 100, 5_000})
  void sortsLikeTheUnsignedComparator(int n) {
    var random = new Random(n);
    for (int[] shape : new int[][] {{3, 2}, {12, 3}, {30, 256}, {20, 2}}) {
      var keys = keys(random, n, shape[0], shape[1]);
      var expected = keys.clone();
      Arrays.sort(expected, Arrays::compareUnsigned);
      KeySort.sort(keys, PREFIX.length);
      assertThat(keys)
          .as("%d keys, tails up to %d bytes over %d values", n, shape[0], shape[1])
          .isDeepEqualTo(expected);
    }
  }

  @Test
  void keysOfOnlyThePrefixAndTheirExtensionsByZeros() {
    var keys = new byte[40][];
    for (int i = 0; i < keys.length; i++) {
      keys[i] =
          Arrays.copyOf(
              PREFIX,
              PREFIX.length + (i * 7) % 20); // tails of zeros: each a prefix of the longer ones
    }
    var expected = keys.clone();
    Arrays.sort(expected, Arrays::compareUnsigned);
    KeySort.sort(keys, PREFIX.length);
    assertThat(keys).isDeepEqualTo(expected);
  }
}
