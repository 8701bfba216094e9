package io.kitesql.storage;

import static io.kitesql.storage.StorageTest.bytes;
import static io.kitesql.storage.WriterConcurrencyTest.intKey;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kitesql.options.Durability;
import io.kitesql.options.StorageOptions;
import io.kitesql.options.StorageStats;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A write transaction of a platform thread makes its LMDB calls on that thread when no other
 * process has the environment open (WriteEntry.leaseWriter), and every other way in still works
 * after it: LMDB's writer mutex is taken and released by one thread, so a transaction that left it
 * taken would make the next begin on the writer thread wait forever (hence the timeouts here).
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class CallerThreadWritesTest {
  @TempDir Path dir;

  private static StorageOptions options(Durability durability) {
    return StorageTest.small().withDurability(durability).withWriterWait(Duration.ofSeconds(30));
  }

  private static boolean present(Storage storage, int key) {
    return storage.read(r -> r.get(Keyspace.DATA, intKey(key)).isPresent());
  }

  /**
   * Commits key {@code key} from a virtual thread, whose transactions always go through the writer
   * thread.
   */
  private static void commitOnVirtualThread(Storage storage, int key) throws Exception {
    var failure = new AtomicReference<Throwable>();
    var onWriterThread = new AtomicBoolean(true);
    Thread.ofVirtual()
        .start(
            () -> {
              try (var tx = storage.beginWrite()) {
                tx.put(Keyspace.DATA, intKey(key), bytes("v" + key));
                onWriterThread.set(!storage.writer().isCurrent());
                tx.commit();
              } catch (Throwable t) {
                failure.set(t);
              }
            })
        .join();
    assertThat(failure.get()).isNull();
    assertThat(onWriterThread).isTrue();
  }

  @Test
  void aPlatformThreadMakesItsOwnCallsAndTheWriterThreadWorksAfterIt() throws Exception {
    try (var storage = Storage.open(dir, options(Durability.NO_SYNC))) {
      try (var tx = storage.beginWrite()) {
        tx.put(Keyspace.DATA, intKey(1), bytes("one"));
        assertThat(storage.writer().isCurrent()).as("this thread holds the writer's role").isTrue();
        tx.commit();
      }
      assertThat(storage.writer().isCurrent()).as("given back at the end").isFalse();
      commitOnVirtualThread(storage, 2);
      assertThat(present(storage, 1)).isTrue();
      assertThat(present(storage, 2)).isTrue();
    }
  }

  @Test
  void rollbackAndAFailedCommitLeaveNothingAndReleaseLmdbsWriterMutex() throws Exception {
    try (var storage = Storage.open(dir, options(Durability.NO_SYNC))) {
      try (var tx = storage.beginWrite()) {
        tx.put(Keyspace.DATA, intKey(1), bytes("rolled back"));
      }
      // A commit refused inside an atomic block leaves the LMDB transaction open: ending it must
      // abort it here.
      try (var tx = storage.beginWrite()) {
        tx.put(Keyspace.DATA, intKey(2), bytes("refused"));
        assertThatThrownBy(
                () ->
                    tx.atomically(
                        () -> {
                          tx.put(Keyspace.DATA, intKey(3), bytes("in the block"));
                          tx.commit();
                          return null;
                        }))
            .isInstanceOf(IllegalStateException.class)
            .hasMessageContaining("atomically");
      }
      commitOnVirtualThread(storage, 4);
      assertThat(present(storage, 1)).isFalse();
      assertThat(present(storage, 2)).isFalse();
      assertThat(present(storage, 3)).isFalse();
      assertThat(present(storage, 4)).isTrue();
    }
  }

  @Test
  void writerThreadWorkQueuedMeanwhileRunsAfterTheTransaction() throws Exception {
    try (var storage = Storage.open(dir, options(Durability.NO_SYNC))) {
      var stats = new AtomicReference<StorageStats>();
      Thread statsReader;
      try (var tx = storage.beginWrite()) {
        tx.put(Keyspace.DATA, intKey(1), bytes("one"));
        statsReader =
            Thread.ofPlatform()
                .start(() -> stats.set(storage.stats())); // runs on the writer thread
        tx.put(Keyspace.DATA, intKey(2), bytes("two"));
        tx.commit();
      }
      statsReader.join();
      assertThat(stats.get()).isNotNull();
      assertThat(storage.stats().writeTransactions()).isEqualTo(1);
    }
  }

  @Test
  void whileAnotherProcessHasTheEnvironmentOpenWritesGoThroughTheWriterThread() throws Exception {
    try (var storage = Storage.open(dir, ReaderSlotsTest.options(126))) {
      storage.write(
          tx -> {
            tx.put(Keyspace.DATA, intKey(0), bytes("created"));
            return null;
          });
      var java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
      var child =
          new ProcessBuilder(
                  List.of(
                      java,
                      "--enable-native-access=ALL-UNNAMED",
                      "-cp",
                      System.getProperty("java.class.path"),
                      HoldReadersMain.class.getName(),
                      dir.toString(),
                      "126",
                      "1",
                      "60000"))
              .redirectError(ProcessBuilder.Redirect.DISCARD)
              .start();
      try {
        var out = new BufferedReader(new InputStreamReader(child.getInputStream()));
        assertThat(out.readLine()).isEqualTo("held 1");
        assertThat(out.readLine()).isEqualTo("holding");
        try (var tx = storage.beginWrite()) {
          tx.put(Keyspace.DATA, intKey(1), bytes("one"));
          assertThat(storage.writer().isCurrent()).as("handed to the writer thread").isFalse();
          tx.commit();
        }
      } finally {
        child.destroyForcibly();
        assertThat(child.waitFor(60, TimeUnit.SECONDS)).isTrue();
      }
      try (var tx = storage.beginWrite()) { // the other process is gone: this thread again
        tx.put(Keyspace.DATA, intKey(2), bytes("two"));
        assertThat(storage.writer().isCurrent()).isTrue();
        tx.commit();
      }
      assertThat(present(storage, 1)).isTrue();
      assertThat(present(storage, 2)).isTrue();
    }
  }

  /**
   * Under SYNC a transaction begun with nobody waiting runs on its caller's thread and commits
   * alone (its LMDB root belongs to that thread, so it cannot become a batch others commit); the
   * writers that queued behind it go through the writer thread and share one commit.
   */
  @Test
  void underSyncTheWritersQueuedBehindACallerThreadTransactionShareOneCommit() throws Exception {
    try (var storage = Storage.open(dir, options(Durability.SYNC))) {
      storage.writes().groupCommitMaxAge(Duration.ofMinutes(5));
      var before = storage.stats();
      var holding = new CountDownLatch(1);
      var release = new CountDownLatch(1);
      var holderOnItsThread = new AtomicBoolean();
      var holder =
          Thread.ofPlatform()
              .start(
                  () -> {
                    try (var tx = storage.beginWrite()) {
                      tx.put(Keyspace.DATA, intKey(0), bytes("holder"));
                      holderOnItsThread.set(storage.writer().isCurrent());
                      holding.countDown();
                      release.await();
                      tx.commit();
                    } catch (InterruptedException e) {
                      throw new AssertionError(e);
                    }
                  });
      holding.await();
      var members = new ArrayList<Thread>();
      for (int i = 1; i <= 6; i++) {
        int key = i;
        int queued = storage.writes().queuedWriters();
        members.add(
            Thread.ofPlatform()
                .start(
                    () -> {
                      try (var tx = storage.beginWrite()) {
                        tx.put(Keyspace.DATA, intKey(key), bytes("v" + key));
                        tx.commit();
                      }
                    }));
        while (storage.writes().queuedWriters() == queued) {
          Thread.sleep(1);
        }
      }
      release.countDown();
      holder.join();
      for (var t : members) {
        t.join();
      }
      var after = storage.stats();
      assertThat(holderOnItsThread).isTrue();
      assertThat(after.writeTransactions() - before.writeTransactions()).isEqualTo(7);
      assertThat(after.lmdbCommits() - before.lmdbCommits()).isEqualTo(2);
      for (int k = 0; k <= 6; k++) {
        assertThat(present(storage, k)).as("key %d", k).isTrue();
      }
    }
  }
}
