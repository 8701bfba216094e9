package io.kitesql.storage;

import static io.kitesql.storage.StorageTest.bytes;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import io.kitesql.options.StorageOptions;
import io.kitesql.value.Text;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReadPoolTest {
  @TempDir Path dir;

  static StorageOptions fourReaders() {
    return StorageTest.small()
        .withMaxReaders(4)
        .withReadPoolSize(2)
        .withReaderWait(Duration.ofMillis(150));
  }

  @Test
  void exhaustedReadersWaitThenFailClearly() throws Exception {
    try (var storage = Storage.open(dir, fourReaders())) {
      var a = storage.beginRead();
      var b = storage.beginRead();
      long t0 = System.nanoTime();
      assertThatThrownBy(storage::beginRead)
          .isInstanceOf(KiteSqlException.class)
          .hasMessageContaining("all 2 read transactions")
          .satisfies(
              e ->
                  assertThat(((KiteSqlException) e).errorCode())
                      .isEqualTo(ErrorCode.READERS_EXHAUSTED));
      assertThat(System.nanoTime() - t0).isGreaterThanOrEqualTo(TimeUnit.MILLISECONDS.toNanos(140));

      // A parked virtual-thread reader gets the context as soon as one is returned.
      var waiting = new CompletableFuture<Boolean>();
      var slowStorage = storage;
      Thread.ofVirtual()
          .start(
              () -> {
                try (var c = slowStorage.beginRead()) {
                  waiting.complete(c.isOpen());
                } catch (RuntimeException e) {
                  waiting.completeExceptionally(e);
                }
              });
      Thread.sleep(20);
      a.close();
      assertThat(waiting.get(5, TimeUnit.SECONDS)).isTrue();
      b.close();
    }
  }

  @Test
  void thousandsOfReadTransactionsReuseContextsWithoutLeakingReaderSlots() {
    // With lmdbjava 0.9.3 closing a reset transaction leaks its slot; with 4 slots, leaks would
    // show as ReadersFull within a few reopen cycles.
    for (int cycle = 0; cycle < 5; cycle++) {
      try (var storage = Storage.open(dir, fourReaders())) {
        storage.write(
            tx -> {
              tx.put(Keyspace.DATA, bytes("k"), bytes("v"));
              return null;
            });
        for (int i = 0; i < 2000; i++) {
          try (var tx = storage.beginRead();
              var c = tx.openCursor(Keyspace.DATA)) {
            assertThat(c.first()).isTrue();
          }
        }
        try (var a = storage.beginRead();
            var b = storage.beginRead()) {
          assertThat(a.get(Keyspace.DATA, bytes("k"))).isPresent();
          assertThat(b.get(Keyspace.DATA, bytes("k"))).isPresent();
        }
      }
    }
  }

  @Test
  void readTransactionsMayEndOnAnotherThread() throws Exception {
    try (var storage = Storage.open(dir, fourReaders())) {
      var tx = storage.beginRead();
      var ended = Thread.ofVirtual().start(tx::close);
      ended.join();
      assertThat(tx.isOpen()).isFalse();
      try (var again = storage.beginRead();
          var again2 = storage.beginRead()) {
        assertThat(again.isOpen() && again2.isOpen()).isTrue();
      }
    }
  }

  @Test
  void aTextOfAnEndedTransactionStaysDeadWhenItsContextServesTheNext() {
    // One pooled context, so the second transaction reuses the first one's LMDB transaction,
    // cursors and key buffer: the reuse a scope shared across transactions would have to guard
    // with a generation in every value.
    try (var storage = Storage.open(dir, fourReaders().withReadPoolSize(1))) {
      storage.write(
          tx -> {
            tx.put(Keyspace.DATA, bytes("k"), bytes("hello"));
            return null;
          });
      var first = storage.beginRead();
      Text old = text(first);
      assertThat(old.toString()).isEqualTo("hello");
      var context = first.context();
      first.close();

      try (var second = storage.beginRead()) {
        assertThat(second.context()).isSameAs(context);
        assertThat(second.scope()).isNotSameAs(first.scope());
        Text fresh = text(second);
        // Same snapshot, same page: the old text points at bytes that are valid again, and
        // must still refuse to read them.
        assertThat(fresh.asReadOnlySegment().address())
            .isEqualTo(old.asReadOnlySegment().address());
        assertThat(fresh.toString()).isEqualTo("hello");
        assertThat(old.isLive()).isFalse();
        assertThat(first.scope().isLive())
            .as("a closed transaction keeps its own, ended scope")
            .isFalse();
        assertThatThrownBy(old::toString)
            .isInstanceOf(IllegalStateException.class)
            .hasMessageContaining("toString()/copy()");
        assertThatThrownBy(() -> old.equals(fresh)).isInstanceOf(IllegalStateException.class);
      }
    }
  }

  /** The value under "k" as a Text borrowed from {@code tx}, as the row decoder makes them. */
  private static Text text(ReadTransaction tx) {
    var slice = tx.get(Keyspace.DATA, bytes("k")).orElseThrow();
    return Text.view(tx.scope(), slice.base(), slice.offset(), slice.length(), -1);
  }
}
