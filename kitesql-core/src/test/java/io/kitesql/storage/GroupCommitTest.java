package io.kitesql.storage;

import static io.kitesql.storage.MapGrowthTest.value;
import static io.kitesql.storage.StorageTest.bytes;
import static io.kitesql.storage.WriterConcurrencyTest.intKey;
import static org.assertj.core.api.Assertions.assertThat;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import io.kitesql.options.Durability;
import io.kitesql.options.StorageOptions;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Group commit (GroupCommit): write transactions that commit while others wait for the write lock
 * share one LMDB commit; each returns after that commit, and a rollback or failure undoes only its
 * own writes. The deterministic tests line writers up behind a transaction held open (fair lock:
 * they get it in the order they queued), so the batch's members are known in advance. Every
 * transaction runs on the writer thread here ({@link #open}): one begun on its caller's thread
 * commits alone, so the holder would not become the batch (CallerThreadWritesTest).
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class GroupCommitTest {
  @TempDir Path dir;

  /** Opens {@code dir} with every write transaction's LMDB calls on the writer thread. */
  static Storage open(Path dir, StorageOptions options) {
    var storage = Storage.open(dir, options);
    storage.writes().callerThread(false);
    return storage;
  }

  private static StorageOptions synced() {
    return StorageTest.small()
        .withDurability(Durability.SYNC)
        .withWriterWait(Duration.ofSeconds(60));
  }

  /** Starts {@code work} on a new thread and returns once that thread waits for the write lock. */
  private static Thread queue(Storage storage, boolean virtual, Runnable work)
      throws InterruptedException {
    int before = storage.writes().queuedWriters();
    var builder = virtual ? Thread.ofVirtual() : Thread.ofPlatform();
    var t = builder.start(work);
    while (storage.writes().queuedWriters() == before) {
      Thread.sleep(1);
    }
    return t;
  }

  private static Runnable commitKey(Storage storage, int key, Set<Integer> seenAfterCommit) {
    return () -> {
      try (var tx = storage.beginWrite()) {
        tx.put(Keyspace.DATA, intKey(key), bytes("v" + key));
        tx.commit();
      }
      // A read begun after commit() returned sees the write: the shared commit happened first.
      if (storage.read(r -> r.get(Keyspace.DATA, intKey(key)).isPresent())) {
        seenAfterCommit.add(key);
      }
    };
  }

  private static boolean present(Storage storage, int key) {
    return storage.read(r -> r.get(Keyspace.DATA, intKey(key)).isPresent());
  }

  /** Holds the write lock with key 0 written, lines up {@code members} behind it, then commits. */
  private static void behindHolder(Storage storage, Consumer<List<Thread>> members)
      throws Exception {
    var holding = new CountDownLatch(1);
    var release = new CountDownLatch(1);
    var holder =
        Thread.ofPlatform()
            .start(
                () -> {
                  try (var tx = storage.beginWrite()) {
                    tx.put(Keyspace.DATA, intKey(0), bytes("holder"));
                    holding.countDown();
                    release.await();
                    tx.commit();
                  } catch (InterruptedException e) {
                    throw new AssertionError(e);
                  }
                });
    holding.await();
    var threads = new ArrayList<Thread>();
    members.accept(threads);
    release.countDown();
    holder.join();
    for (var t : threads) {
      t.join();
    }
  }

  @Test
  void queuedWritersShareOneSyncedCommit() throws Exception {
    try (var storage = open(dir, synced())) {
      storage.writes().groupCommitMaxAge(Duration.ofMinutes(5));
      var before = storage.stats();
      var seen = ConcurrentHashMap.<Integer>newKeySet();
      behindHolder(
          storage,
          threads -> {
            try {
              for (int i = 1; i <= 8; i++) {
                threads.add(queue(storage, i % 2 == 0, commitKey(storage, i, seen)));
              }
            } catch (InterruptedException e) {
              throw new AssertionError(e);
            }
          });
      var after = storage.stats();
      // Nine transactions (the holder and the eight queued behind it), one LMDB commit and fsync.
      assertThat(after.writeTransactions() - before.writeTransactions()).isEqualTo(9);
      assertThat(after.lmdbCommits() - before.lmdbCommits()).isEqualTo(1);
      assertThat(seen).containsExactlyInAnyOrder(1, 2, 3, 4, 5, 6, 7, 8);
      for (int k = 0; k <= 8; k++) {
        assertThat(present(storage, k)).as("key %d", k).isTrue();
      }
    }
  }

  @Test
  void aLoneWriterCommitsAloneEveryTime() {
    try (var storage = open(dir, synced())) {
      var before = storage.stats();
      for (int i = 1; i <= 20; i++) {
        try (var tx = storage.beginWrite()) {
          tx.put(Keyspace.DATA, intKey(i), bytes("v"));
          tx.commit();
        }
      }
      var after = storage.stats();
      assertThat(after.writeTransactions() - before.writeTransactions()).isEqualTo(20);
      assertThat(after.lmdbCommits() - before.lmdbCommits()).isEqualTo(20);
    }
  }

  @Test
  void aMembersRollbackOrFailureUndoesOnlyItsOwnWrites() throws Exception {
    try (var storage = open(dir, synced())) {
      storage.writes().groupCommitMaxAge(Duration.ofMinutes(5));
      var seen = ConcurrentHashMap.<Integer>newKeySet();
      var sawEarlierMember = new boolean[1];
      var before = storage.stats();
      behindHolder(
          storage,
          threads -> {
            try {
              threads.add(queue(storage, false, commitKey(storage, 1, seen)));
              threads.add(
                  queue(
                      storage,
                      true,
                      () -> {
                        try (var tx = storage.beginWrite()) {
                          tx.put(Keyspace.DATA, intKey(2), bytes("rolled back"));
                          tx.rollback();
                        }
                      }));
              threads.add(
                  queue(
                      storage,
                      false,
                      () -> {
                        try {
                          storage.write(
                              tx -> {
                                tx.put(Keyspace.DATA, intKey(3), bytes("failed"));
                                throw new IllegalStateException("the member fails mid-transaction");
                              });
                        } catch (IllegalStateException expected) {
                          // its writes are undone
                        }
                      }));
              threads.add(
                  queue(
                      storage,
                      true,
                      () -> {
                        try (var tx = storage.beginWrite()) {
                          // The batch holds member 1's committed work (it cannot be undone any more
                          // but with the batch).
                          sawEarlierMember[0] = tx.get(Keyspace.DATA, intKey(1)).isPresent();
                          tx.put(Keyspace.DATA, intKey(4), bytes("v4"));
                          tx.atomically(
                              () -> {
                                tx.put(Keyspace.DATA, intKey(5), bytes("failed statement"));
                                throw new IllegalStateException("a statement fails");
                              });
                        } catch (IllegalStateException expected) {
                          // the transaction rolls back as a whole: key 4 goes too
                        }
                      }));
              threads.add(queue(storage, false, commitKey(storage, 6, seen)));
              // Storage.write commits on the writer thread, which never waits: the batch commits
              // with it.
              threads.add(
                  queue(
                      storage,
                      true,
                      () ->
                          storage.write(
                              tx -> {
                                tx.put(Keyspace.DATA, intKey(7), bytes("v7"));
                                return null;
                              })));
            } catch (InterruptedException e) {
              throw new AssertionError(e);
            }
          });
      assertThat(sawEarlierMember[0]).isTrue();
      assertThat(seen).containsExactlyInAnyOrder(1, 6);
      for (int k : new int[] {0, 1, 6, 7}) {
        assertThat(present(storage, k)).as("committed key %d", k).isTrue();
      }
      for (int k : new int[] {2, 3, 4, 5}) {
        assertThat(present(storage, k)).as("undone key %d", k).isFalse();
      }
      var after = storage.stats();
      assertThat(after.writeTransactions() - before.writeTransactions()).isEqualTo(4);
      assertThat(after.lmdbCommits() - before.lmdbCommits()).isEqualTo(1);
    }
  }

  @Test
  void mapGrowthInsideAWriteGroupKeepsEveryMembersWork() throws Exception {
    int size = 200_000; // each member alone nearly fills the 1 MiB map
    try (var storage = open(dir, MapGrowthTest.tinyMap().withWriterWait(Duration.ofSeconds(60)))) {
      storage.writes().groupCommitMaxAge(Duration.ofMinutes(5));
      behindHolder(
          storage,
          threads -> {
            try {
              for (int i = 1; i <= 6; i++) {
                int key = i;
                threads.add(
                    queue(
                        storage,
                        i % 2 == 1,
                        () -> {
                          try (var tx = storage.beginWrite()) {
                            tx.put(Keyspace.DATA, intKey(key), value(key, size));
                            tx.commit();
                          }
                        }));
              }
            } catch (InterruptedException e) {
              throw new AssertionError(e);
            }
          });
      assertThat(storage.stats().mapSize()).isGreaterThan(1L << 20);
      for (int k = 1; k <= 6; k++) {
        int key = k;
        byte[] stored =
            storage.read(r -> r.get(Keyspace.DATA, intKey(key)).orElseThrow().toByteArray());
        assertThat(stored).isEqualTo(value(key, size));
      }
      assertThat(present(storage, 0)).isTrue();
    }
  }

  @Test
  void aMemberThatCannotFitFailsAloneWithMapFull() throws Exception {
    // The map cannot grow (maxMapSize = mapSize = 1 MiB): a 2 MiB value fails its transaction with
    // MAP_FULL; the members before and after it in the same batch commit.
    var options =
        MapGrowthTest.tinyMap().withMaxMapSize(1 << 20).withWriterWait(Duration.ofSeconds(60));
    var failure = new AtomicReference<Throwable>();
    try (var storage = open(dir, options)) {
      storage.writes().groupCommitMaxAge(Duration.ofMinutes(5));
      var before = storage.stats();
      behindHolder(
          storage,
          threads -> {
            try {
              threads.add(
                  queue(storage, false, commitKey(storage, 1, ConcurrentHashMap.newKeySet())));
              threads.add(
                  queue(
                      storage,
                      true,
                      () -> {
                        try (var tx = storage.beginWrite()) {
                          tx.put(Keyspace.DATA, intKey(2), value(2, 2 << 20));
                          tx.commit();
                        } catch (KiteSqlException e) {
                          failure.set(e);
                        }
                      }));
              threads.add(
                  queue(storage, false, commitKey(storage, 3, ConcurrentHashMap.newKeySet())));
            } catch (InterruptedException e) {
              throw new AssertionError(e);
            }
          });
      assertThat(failure.get())
          .isInstanceOfSatisfying(
              KiteSqlException.class, e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.MAP_FULL));
      for (int k : new int[] {0, 1, 3}) {
        assertThat(present(storage, k)).as("committed key %d", k).isTrue();
      }
      assertThat(present(storage, 2)).isFalse();
      var after = storage.stats();
      assertThat(after.writeTransactions() - before.writeTransactions()).isEqualTo(3);
    }
  }

  @Test
  void closeCommitsTheOpenGroupFirst() throws Exception {
    var seen = ConcurrentHashMap.<Integer>newKeySet();
    var storage = open(dir, synced());
    storage.writes().groupCommitMaxAge(Duration.ofMinutes(5));
    behindHolder(
        storage,
        threads -> {
          try {
            for (int i = 1; i <= 3; i++) {
              int key = i;
              threads.add(
                  queue(
                      storage,
                      false,
                      () -> {
                        try (var tx = storage.beginWrite()) {
                          tx.put(Keyspace.DATA, intKey(key), bytes("v"));
                          tx.commit();
                        }
                      }));
            }
            // close() queues behind the last member, whose commit therefore leaves the batch open.
            threads.add(queue(storage, true, storage::close));
          } catch (InterruptedException e) {
            throw new AssertionError(e);
          }
        });
    assertThat(storage.isClosed()).isTrue();
    try (var reopened = open(dir, synced())) {
      for (int k = 0; k <= 3; k++) {
        if (present(reopened, k)) {
          seen.add(k);
        }
      }
    }
    assertThat(seen).containsExactlyInAnyOrder(0, 1, 2, 3);
  }
}
