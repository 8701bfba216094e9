package io.kitesql.storage;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Read cursors step along LMDB's leaf pages themselves: every move, in any order and mix, lands on
 * the entry a sorted model of the written entries says, with its value, across pages and overflow
 * values, on two cursors of one transaction at once and after entries were deleted.
 */
class LeafWalkTest {
  @TempDir Path dir;

  /** Values from empty to several pages long: inline nodes, overflow pages, and both mixed. */
  private static byte[] value(Random random) {
    int kind = random.nextInt(20);
    int length =
        kind == 0
            ? 0
            : kind < 15
                ? 1 + random.nextInt(120)
                : kind < 18 ? 1_000 + random.nextInt(1_500) : 4_000 + random.nextInt(20_000);
    var v = new byte[length];
    random.nextBytes(v);
    return v;
  }

  private static TreeMap<byte[], byte[]> load(Storage storage, Random random, int entries) {
    var model = new TreeMap<byte[], byte[]>(Arrays::compareUnsigned);
    for (int i = 0; i < entries; i++) {
      var key = new byte[1 + random.nextInt(40)];
      random.nextBytes(key);
      model.put(key, value(random));
    }
    storage.write(
        tx -> {
          model.forEach((k, v) -> tx.put(Keyspace.DATA, k, v));
          return null;
        });
    return model;
  }

  @Test
  void scansBothWaysMatchTheModel() {
    var random = new Random(7);
    try (var storage = Storage.open(dir, StorageTest.small())) {
      var model = load(storage, random, 3_000);
      var keys = new ArrayList<>(model.keySet());
      try (var tx = storage.beginRead();
          var cursor = tx.openCursor(Keyspace.DATA)) {
        int i = 0;
        for (boolean ok = cursor.first(); ok; ok = cursor.next(), i++) {
          assertEntry(cursor, keys.get(i), model);
        }
        assertThat(i).isEqualTo(keys.size());
        i = keys.size() - 1;
        for (boolean ok = cursor.last(); ok; ok = cursor.prev(), i--) {
          assertEntry(cursor, keys.get(i), model);
        }
        assertThat(i).isEqualTo(-1);
      }
    }
  }

  @Test
  void mixedMovesOnTwoCursorsMatchTheModel() {
    var random = new Random(11);
    try (var storage = Storage.open(dir, StorageTest.small())) {
      var model = load(storage, random, 2_000);
      for (int round = 0; round < 2; round++) {
        var keys = new ArrayList<>(model.keySet());
        try (var tx = storage.beginRead();
            var a = tx.openCursor(Keyspace.DATA);
            var b = tx.openCursor(Keyspace.DATA)) {
          var cursors = List.of(a, b);
          var at = new int[] {-1, -1};
          for (int step = 0; step < 20_000; step++) {
            int c = random.nextInt(2);
            at[c] = move(cursors.get(c), at[c], keys, random);
            if (at[c] >= 0) {
              assertEntry(cursors.get(c), keys.get(at[c]), model);
            }
          }
        }
        // delete every third entry: pages split and merge differently, the walk sees new pages
        var gone = new ArrayList<byte[]>();
        for (int i = 0; i < keys.size(); i += 3) {
          gone.add(keys.get(i));
        }
        storage.write(
            tx -> {
              for (var k : gone) {
                tx.delete(Keyspace.DATA, k);
              }
              return null;
            });
        gone.forEach(model::remove);
      }
    }
  }

  @Test
  void aCursorClosedAheadOfLmdbLeavesNothingBehind() {
    var random = new Random(3);
    try (var storage = Storage.open(dir, StorageTest.small())) {
      var model = load(storage, random, 500);
      var keys = new ArrayList<>(model.keySet());
      try (var tx = storage.beginRead()) {
        try (var first = tx.openCursor(Keyspace.DATA)) {
          first.first();
          first.next();
          first.next(); // on the same page as the first entry: LMDB still stands there
        }
        try (var second = tx.openCursor(Keyspace.DATA)) { // takes the same pooled cursor
          assertThat(second.seek(keys.get(100))).isTrue();
          for (int i = 100; i < 140; i++, second.next()) {
            assertEntry(second, keys.get(i), model);
          }
          assertThat(second.prev()).isTrue();
          assertEntry(second, keys.get(139), model); // the loop ended with a step to 140
        }
      }
    }
  }

  @Test
  void theWalkStepsOnPlainLeafPagesWithoutLmdb() {
    var random = new Random(5);
    try (var storage = Storage.open(dir, StorageTest.small())) {
      var model = new TreeMap<byte[], byte[]>(Arrays::compareUnsigned);
      for (int i = 0; i < 50; i++) {
        model.put(new byte[] {(byte) i}, value(random));
      }
      storage.write(
          tx -> {
            model.forEach((k, v) -> tx.put(Keyspace.DATA, k, new byte[] {(byte) v.length}));
            return null;
          });
      try (var tx = storage.beginRead();
          var cursor = tx.openCursor(Keyspace.DATA)) {
        assertThat(cursor.first()).isTrue();
        var walk = new LeafWalk();
        // 50 short entries fit one leaf page: the walk reaches each of them from the first
        for (int i = 1; i < 50; i++) {
          assertThat(walk.step(tx.map(), cursor.keyOffset(), tx.pageSize(), 1)).isTrue();
          assertThat(
                  tx.map()
                      .asSlice(walk.keyOffset(), walk.keyLength())
                      .toArray(java.lang.foreign.ValueLayout.JAVA_BYTE))
              .containsExactly((byte) i);
        }
        assertThat(walk.step(tx.map(), cursor.keyOffset(), tx.pageSize(), 1)).isFalse();
        assertThat(walk.ahead()).isTrue();
      }
    }
  }

  /** One random move from index {@code at} (-1: on no entry); returns the model's new index. */
  private static int move(KvCursor cursor, int at, List<byte[]> keys, Random random) {
    int n = keys.size();
    switch (random.nextInt(at < 0 ? 4 : 10)) {
      case 0 -> {
        return cursor.first() ? 0 : -1;
      }
      case 1 -> {
        return cursor.last() ? n - 1 : -1;
      }
      case 2 -> {
        var probe = new byte[1 + random.nextInt(3)];
        random.nextBytes(probe);
        int expected = 0;
        while (expected < n && Arrays.compareUnsigned(keys.get(expected), probe) < 0) {
          expected++;
        }
        boolean found = cursor.seek(probe);
        assertThat(found).isEqualTo(expected < n);
        return found ? expected : -1;
      }
      case 3 -> {
        int target = random.nextInt(n);
        assertThat(cursor.seekExact(keys.get(target), keys.get(target).length)).isTrue();
        return target;
      }
      case 4, 5, 6 -> {
        boolean moved = cursor.next();
        assertThat(moved).isEqualTo(at + 1 < n);
        return moved ? at + 1 : -1;
      }
      default -> {
        boolean moved = cursor.prev();
        assertThat(moved).isEqualTo(at > 0);
        return moved ? at - 1 : -1;
      }
    }
  }

  private static void assertEntry(KvCursor cursor, byte[] key, TreeMap<byte[], byte[]> model) {
    assertThat(cursor.key().toByteArray()).isEqualTo(key);
    assertThat(cursor.value().toByteArray()).isEqualTo(model.get(key));
  }
}
