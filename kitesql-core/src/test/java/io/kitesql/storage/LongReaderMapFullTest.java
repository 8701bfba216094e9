package io.kitesql.storage;

import static io.kitesql.storage.WriterConcurrencyTest.intKey;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * With the map full and one read transaction held for long, every write attempt used to drain the
 * readers for {@code drainWait} (10 s by default): new readers queued behind a drain that could not
 * succeed, again on each retry. A reader already open longer than {@code drainWait} is not waited
 * for: the write fails at once with MAP_FULL naming it, and other readers go on.
 */
class LongReaderMapFullTest {
  private static final Duration DRAIN_WAIT = Duration.ofSeconds(2);

  /** Far below DRAIN_WAIT: a reader queued behind a drain fails with READERS_EXHAUSTED. */
  private static final Duration READER_WAIT = Duration.ofMillis(200);

  @TempDir Path dir;

  @Test
  void aWriteThatNeedsGrowthFailsFastWhileAReaderOlderThanDrainWaitIsHeld() throws Exception {
    var options = MapGrowthTest.tinyMap().withDrainWait(DRAIN_WAIT).withReaderWait(READER_WAIT);
    try (var storage = Storage.open(dir, options)) {
      storage.write(
          tx -> {
            tx.put(Keyspace.DATA, intKey(-1), MapGrowthTest.value(7, 100));
            return null;
          });
      var longReader = storage.beginRead();
      var borrowed = longReader.get(Keyspace.DATA, intKey(-1)).orElseThrow();
      Thread.sleep(DRAIN_WAIT.toMillis() + 300);

      var stop = new AtomicBoolean();
      var reads = new AtomicInteger();
      var failures = new ConcurrentLinkedQueue<Throwable>();
      var readers = new Thread[3];
      for (int r = 0; r < readers.length; r++) {
        readers[r] =
            Thread.ofPlatform()
                .start(
                    () -> {
                      while (!stop.get()) {
                        try (var txn = storage.beginRead()) {
                          txn.get(Keyspace.DATA, intKey(-1)).orElseThrow();
                          reads.incrementAndGet();
                        } catch (Throwable e) {
                          failures.add(e);
                        }
                      }
                    });
      }
      try {
        for (int attempt = 0; attempt < 3; attempt++) { // each retry as well
          assertThatThrownBy(
                  () ->
                      storage.write(
                          tx -> {
                            for (int i = 0; i < 2000; i++) {
                              tx.put(Keyspace.DATA, intKey(i), MapGrowthTest.value(i, 2048));
                            }
                            return null;
                          }))
              .isInstanceOfSatisfying(
                  KiteSqlException.class,
                  e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.MAP_FULL))
              .hasMessageContaining("a read transaction has been open for")
              .hasMessageContaining("thread '" + Thread.currentThread().getName() + "'")
              .hasMessageContaining("not waited for");
        }
      } finally {
        stop.set(true);
        for (var reader : readers) {
          reader.join();
        }
      }
      assertThat(failures).as("readers that queued behind a drain").isEmpty();
      assertThat(reads.get()).isPositive();
      assertThat(borrowed.toByteArray())
          .isEqualTo(MapGrowthTest.value(7, 100)); // never remapped under it
      longReader.close();

      storage.write(
          tx -> { // once it ended, the map grows as usual
            for (int i = 0; i < 2000; i++) {
              tx.put(Keyspace.DATA, intKey(i), MapGrowthTest.value(i, 2048));
            }
            return null;
          });
    }
  }
}
