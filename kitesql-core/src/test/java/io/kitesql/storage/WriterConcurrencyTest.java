package io.kitesql.storage;

import static io.kitesql.storage.StorageTest.bytes;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The two failure modes of LMDB write transactions on virtual threads (design-measurements.md
 * section 5): a transaction that hops carriers leaves LMDB's OS-thread-owned writer mutex stuck,
 * and virtual threads blocked in mdb_txn_begin pin every carrier. With the writer thread, neither
 * can happen: these tests would hang (and hit the timeout) if they did.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class WriterConcurrencyTest {
  @TempDir Path dir;

  static byte[] intKey(int i) {
    return ByteBuffer.allocate(4).putInt(i).array();
  }

  @Test
  void writeTransactionThatYieldsMidwayDoesNotStickTheLock() throws Exception {
    try (var storage = Storage.open(dir, StorageTest.small())) {
      var vt =
          Thread.ofVirtual()
              .start(
                  () -> {
                    try (var tx = storage.beginWrite()) {
                      tx.put(Keyspace.DATA, bytes("first"), bytes("1"));
                      for (int i = 0; i < 20; i++) {
                        Thread.sleep(5); // unmounts: the rest may run on another carrier
                        Thread.yield();
                      }
                      tx.put(Keyspace.DATA, bytes("second"), bytes("2"));
                      tx.commit();
                    } catch (InterruptedException e) {
                      throw new AssertionError(e);
                    }
                  });
      vt.join();
      // A platform writer and a virtual writer both get the lock afterwards.
      storage.write(
          tx -> {
            tx.put(Keyspace.DATA, bytes("platform"), bytes("3"));
            return null;
          });
      var after =
          Thread.ofVirtual()
              .start(
                  () ->
                      storage.write(
                          tx -> {
                            tx.put(Keyspace.DATA, bytes("virtual"), bytes("4"));
                            return null;
                          }));
      after.join();
      int found =
          storage.read(
              tx -> {
                int n = 0;
                for (var k : new String[] {"first", "second", "platform", "virtual"}) {
                  n += tx.get(Keyspace.DATA, bytes(k)).isPresent() ? 1 : 0;
                }
                return n;
              });
      assertThat(found).isEqualTo(4);
    }
  }

  @Test
  void contendingVirtualWritersAllCommitWithoutDeadlock() throws Exception {
    // More writers than carriers, each holding its transaction across a sleep: with writers
    // blocking inside mdb_txn_begin this pinned every carrier and never finished.
    int writers = 4 * Runtime.getRuntime().availableProcessors() + 4;
    int perWriter = 25;
    var start = new CountDownLatch(1);
    var committed = new AtomicInteger();
    try (var storage =
        Storage.open(dir, StorageTest.small().withWriterWait(Duration.ofSeconds(30)))) {
      try (var executor = Executors.newVirtualThreadPerTaskExecutor()) {
        var futures = new ArrayList<java.util.concurrent.Future<?>>();
        for (int w = 0; w < writers; w++) {
          int writer = w;
          futures.add(
              executor.submit(
                  () -> {
                    start.await();
                    for (int i = 0; i < perWriter; i++) {
                      try (var tx = storage.beginWrite()) {
                        tx.put(Keyspace.DATA, intKey(writer * 1000 + i), bytes("w" + writer));
                        if (i % 5 == 0) {
                          Thread.sleep(2);
                        }
                        tx.commit();
                        committed.incrementAndGet();
                      }
                    }
                    return null;
                  }));
        }
        start.countDown();
        for (var f : futures) {
          f.get(50, TimeUnit.SECONDS);
        }
      }
      assertThat(committed.get()).isEqualTo(writers * perWriter);
      long rows =
          storage.read(
              tx -> {
                long n = 0;
                try (var c = tx.openCursor(Keyspace.DATA)) {
                  for (boolean ok = c.first(); ok; ok = c.next()) {
                    n++;
                  }
                }
                return n;
              });
      assertThat(rows).isEqualTo((long) writers * perWriter);
    }
  }

  @Test
  void readersOnVirtualThreadsRunBesideAWriterHoldingItsTransaction() throws Exception {
    try (var storage = Storage.open(dir, StorageTest.small())) {
      storage.write(
          tx -> {
            tx.put(Keyspace.DATA, bytes("k"), bytes("old"));
            return null;
          });
      var writerInside = new CountDownLatch(1);
      var readersDone = new CountDownLatch(1);
      var writer =
          Thread.ofVirtual()
              .start(
                  () -> {
                    try (var tx = storage.beginWrite()) {
                      tx.put(Keyspace.DATA, bytes("k"), bytes("new"));
                      writerInside.countDown();
                      readersDone.await();
                      tx.commit();
                    } catch (InterruptedException e) {
                      throw new AssertionError(e);
                    }
                  });
      writerInside.await();
      var seen = ConcurrentHashMap.<String>newKeySet();
      try (var executor = Executors.newVirtualThreadPerTaskExecutor()) {
        for (int i = 0; i < 50; i++) {
          executor.submit(
              () ->
                  storage.read(
                      tx ->
                          seen.add(
                              StorageTest.string(
                                  tx.get(Keyspace.DATA, bytes("k")).orElseThrow()))));
        }
      }
      readersDone.countDown();
      writer.join();
      assertThat(seen).containsExactly("old");
    }
  }
}
