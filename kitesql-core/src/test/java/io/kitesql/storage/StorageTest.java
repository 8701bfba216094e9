package io.kitesql.storage;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import io.kitesql.options.StorageOptions;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StorageTest {
  @TempDir Path dir;

  static StorageOptions small() {
    return StorageOptions.defaults()
        .withMapSize(64L << 20)
        .withDrainWait(Duration.ofMillis(300))
        .withReaderWait(Duration.ofMillis(300));
  }

  static byte[] bytes(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  static String string(Slice s) {
    return new String(s.toByteArray(), StandardCharsets.UTF_8);
  }

  @Test
  void committedDataSurvivesReopenAndRolledBackDataIsAbsent() {
    try (var storage = Storage.open(dir, small())) {
      try (var tx = storage.beginWrite()) {
        tx.put(Keyspace.DATA, bytes("kept"), bytes("yes"));
        tx.commit();
      }
      try (var tx = storage.beginWrite()) {
        tx.put(Keyspace.DATA, bytes("rolled-back"), bytes("no"));
        tx.rollback();
      }
      try (var tx = storage.beginWrite()) {
        tx.put(Keyspace.DATA, bytes("never-committed"), bytes("no"));
      } // close without commit aborts
      assertThatThrownBy(
              () ->
                  storage.write(
                      tx -> {
                        tx.put(Keyspace.DATA, bytes("failed"), bytes("no"));
                        throw new IllegalArgumentException("boom");
                      }))
          .isInstanceOf(IllegalArgumentException.class);
    }
    try (var storage = Storage.open(dir, small())) {
      storage.read(
          tx -> {
            assertThat(tx.get(Keyspace.DATA, bytes("kept")).map(StorageTest::string))
                .contains("yes");
            assertThat(tx.get(Keyspace.DATA, bytes("rolled-back"))).isEmpty();
            assertThat(tx.get(Keyspace.DATA, bytes("never-committed"))).isEmpty();
            assertThat(tx.get(Keyspace.DATA, bytes("failed"))).isEmpty();
            return null;
          });
    }
  }

  @Test
  void readSnapshotIgnoresLaterCommits() {
    try (var storage = Storage.open(dir, small())) {
      storage.write(
          tx -> {
            tx.put(Keyspace.DATA, bytes("k"), bytes("v1"));
            return null;
          });
      try (var snapshot = storage.beginRead()) {
        storage.write(
            tx -> {
              tx.put(Keyspace.DATA, bytes("k"), bytes("v2"));
              return null;
            });
        assertThat(string(snapshot.get(Keyspace.DATA, bytes("k")).orElseThrow())).isEqualTo("v1");
      }
      String latest = storage.read(tx -> string(tx.get(Keyspace.DATA, bytes("k")).orElseThrow()));
      assertThat(latest).isEqualTo("v2");
    }
  }

  @Test
  void cursorsWalkKeysInUnsignedByteOrder() {
    var random = new Random(42);
    var keys = new ArrayList<byte[]>();
    for (int i = 0; i < 500; i++) {
      var k = new byte[1 + random.nextInt(6)];
      random.nextBytes(k);
      keys.add(k);
    }
    try (var storage = Storage.open(dir, small())) {
      storage.write(
          tx -> {
            for (var k : keys) {
              tx.put(Keyspace.DATA, k, k);
            }
            return null;
          });
      var expected = keys.stream().map(k -> Arrays.toString(k)).distinct().count();
      keys.sort(Arrays::compareUnsigned);
      var distinct = new ArrayList<byte[]>();
      for (var k : keys) {
        if (distinct.isEmpty() || !Arrays.equals(distinct.getLast(), k)) {
          distinct.add(k);
        }
      }
      assertThat(distinct).hasSize((int) expected);
      for (boolean write : new boolean[] {false, true}) {
        var seen = new ArrayList<byte[]>();
        var reverse = new ArrayList<byte[]>();
        KvTransaction tx = write ? storage.beginWrite() : storage.beginRead();
        try (tx;
            var cursor = tx.openCursor(Keyspace.DATA)) {
          for (boolean ok = cursor.first(); ok; ok = cursor.next()) {
            seen.add(cursor.key().toByteArray());
            assertThat(cursor.value().toByteArray()).isEqualTo(cursor.key().toByteArray());
          }
          for (boolean ok = cursor.last(); ok; ok = cursor.prev()) {
            reverse.add(0, cursor.key().toByteArray());
          }
          // seek lands on the first key at or after the probe, by unsigned order
          var probe = new byte[] {(byte) 0x80};
          assertThat(cursor.seek(probe)).isTrue();
          var firstAtLeast =
              distinct.stream()
                  .filter(k -> Arrays.compareUnsigned(k, probe) >= 0)
                  .findFirst()
                  .orElseThrow();
          assertThat(cursor.key().toByteArray()).isEqualTo(firstAtLeast);
        }
        assertThat(seen).containsExactlyElementsOf(distinct);
        assertThat(reverse).containsExactlyElementsOf(distinct);
      }
    }
  }

  @Test
  void putIfAbsentDeleteAndDeletePrefix() {
    try (var storage = Storage.open(dir, small())) {
      storage.write(
          tx -> {
            assertThat(tx.putIfAbsent(Keyspace.DATA, bytes("a"), 1, bytes("1"))).isTrue();
            assertThat(tx.putIfAbsent(Keyspace.DATA, bytes("a"), 1, bytes("2"))).isFalse();
            for (var k : List.of("p/1", "p/2", "p/3", "q/1")) {
              tx.put(Keyspace.DATA, bytes(k), bytes(k));
            }
            assertThat(tx.deletePrefix(Keyspace.DATA, bytes("p/"))).isTrue();
            assertThat(tx.delete(Keyspace.DATA, bytes("q/1"))).isTrue();
            assertThat(tx.delete(Keyspace.DATA, bytes("q/1"))).isFalse();
            return null;
          });
      storage.read(
          tx -> {
            assertThat(tx.get(Keyspace.DATA, bytes("a")).map(StorageTest::string)).contains("1");
            try (var c = tx.openCursor(Keyspace.DATA)) {
              assertThat(c.first()).isTrue();
              assertThat(string(c.key())).isEqualTo("a");
              assertThat(c.next()).isFalse();
            }
            return null;
          });
    }
  }

  @Test
  void keysOverLmdbsLimitAreRefusedClearly() {
    try (var storage = Storage.open(dir, small())) {
      var big = new byte[512];
      Arrays.fill(big, (byte) 'x');
      assertThatThrownBy(
              () ->
                  storage.write(
                      tx -> {
                        tx.put(Keyspace.DATA, big, bytes("v"));
                        return null;
                      }))
          .isInstanceOf(KiteSqlException.class)
          .hasMessageContaining("512 bytes")
          .satisfies(
              e ->
                  assertThat(((KiteSqlException) e).errorCode())
                      .isEqualTo(ErrorCode.KEY_TOO_LARGE));
      assertThatThrownBy(() -> storage.read(tx -> tx.get(Keyspace.DATA, big)))
          .isInstanceOf(KiteSqlException.class)
          .hasMessageContaining("511");
      // 511 bytes is still fine
      storage.write(
          tx -> {
            tx.put(Keyspace.DATA, big, 511, bytes("v"));
            return null;
          });
      boolean present = storage.read(tx -> tx.get(Keyspace.DATA, big, 511).isPresent());
      assertThat(present).isTrue();
    }
  }

  @Test
  void useAfterEndIsAnIllegalStateNotACrash() {
    try (var storage = Storage.open(dir, small())) {
      var read = storage.beginRead();
      var cursor = read.openCursor(Keyspace.DATA);
      read.close();
      read.close(); // idempotent
      assertThatThrownBy(() -> read.get(Keyspace.DATA, bytes("k")))
          .isInstanceOf(IllegalStateException.class);
      assertThatThrownBy(cursor::first).isInstanceOf(IllegalStateException.class);

      var write = storage.beginWrite();
      var wc = write.openCursor(Keyspace.DATA);
      write.commit();
      write.close();
      assertThatThrownBy(() -> write.put(Keyspace.DATA, bytes("k"), bytes("v")))
          .isInstanceOf(IllegalStateException.class);
      assertThatThrownBy(wc::first).isInstanceOf(IllegalStateException.class);
    }
    var storage = Storage.open(dir, small());
    storage.close();
    storage.close(); // idempotent
    assertThatThrownBy(storage::beginRead)
        .isInstanceOf(KiteSqlException.class)
        .satisfies(
            e ->
                assertThat(((KiteSqlException) e).errorCode())
                    .isEqualTo(ErrorCode.DATABASE_CLOSED));
  }

  @Test
  void closeRefusesWhileTransactionsAreOpenAndWorksAfterwards() {
    var storage = Storage.open(dir, small());
    storage.write(
        tx -> {
          tx.put(Keyspace.DATA, bytes("k"), bytes("value"));
          return null;
        });
    var read = storage.beginRead();
    var value = read.get(Keyspace.DATA, bytes("k")).orElseThrow();
    assertThatThrownBy(storage::close)
        .isInstanceOf(KiteSqlException.class)
        .hasMessageContaining("1 read transaction")
        .satisfies(
            e ->
                assertThat(((KiteSqlException) e).errorCode())
                    .isEqualTo(ErrorCode.TRANSACTIONS_OPEN));
    // still usable: the map was not unmapped under the open reader
    assertThat(string(value)).isEqualTo("value");
    read.close();

    var write = storage.beginWrite();
    assertThatThrownBy(storage::close).hasMessageContaining("write transaction");
    write.close();
    storage.close();
    assertThat(storage.isClosed()).isTrue();
  }

  @Test
  void nestedWriteOnOneThreadIsRefused() {
    try (var storage = Storage.open(dir, small())) {
      try (var tx = storage.beginWrite()) {
        assertThatThrownBy(storage::beginWrite)
            .isInstanceOf(KiteSqlException.class)
            .satisfies(
                e ->
                    assertThat(((KiteSqlException) e).errorCode())
                        .isEqualTo(ErrorCode.NESTED_WRITE_TRANSACTION));
      }
      assertThatThrownBy(() -> storage.write(tx -> storage.write(inner -> null)))
          .isInstanceOf(KiteSqlException.class)
          .hasMessageContaining("already has a write transaction");
      // the lock is free again
      storage.write(
          tx -> {
            tx.put(Keyspace.DATA, bytes("after"), bytes("ok"));
            return null;
          });
    }
  }

  @Test
  void foreignFilesAndNewerFormatsAreRefusedAndLeftAlone() throws Exception {
    var notLmdb = Files.createDirectories(dir.resolve("garbage"));
    var junk = new byte[8192];
    new Random(1).nextBytes(junk);
    Files.write(notLmdb.resolve("data.mdb"), junk);
    assertThatThrownBy(() -> Storage.open(notLmdb, small()))
        .isInstanceOf(KiteSqlException.class)
        .satisfies(
            e ->
                assertThat(((KiteSqlException) e).errorCode())
                    .isEqualTo(ErrorCode.INVALID_DATABASE_FILE));
    assertThat(Files.readAllBytes(notLmdb.resolve("data.mdb"))).isEqualTo(junk);

    var newer = dir.resolve("newer");
    try (var storage = Storage.open(newer, small())) {
      storage.write(
          tx -> {
            tx.put(
                Keyspace.META,
                bytes("format"),
                new byte[] {0, 0, 0, (byte) (Storage.FORMAT_VERSION + 1)});
            return null;
          });
    }
    var before = Files.readAllBytes(newer.resolve("data.mdb"));
    assertThatThrownBy(() -> Storage.open(newer, small()))
        .isInstanceOf(KiteSqlException.class)
        .hasMessageContaining("format version " + (Storage.FORMAT_VERSION + 1))
        .satisfies(
            e ->
                assertThat(((KiteSqlException) e).errorCode())
                    .isEqualTo(ErrorCode.UNSUPPORTED_FORMAT_VERSION));
    assertThat(Files.readAllBytes(newer.resolve("data.mdb"))).isEqualTo(before);
  }
}
