package io.kitesql.data.transaction;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kitesql.api.Transaction;
import io.kitesql.value.Text;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * Values borrowed in a {@link ReadOnlyTxn} method: valid inside and on other threads while the
 * transaction lives, {@link IllegalStateException} after; concurrent readers; writers on virtual
 * threads.
 */
class BorrowedValuesAndThreadsTest extends TransactionTestBase {

  private void insertCommitted(int count) {
    tx.write(
        () -> {
          IntStream.rangeClosed(1, count).forEach(this::insert);
          return null;
        });
  }

  /** The bodies of all notes, as read in the bound transaction (views when it is read-only). */
  private List<Text> bodies() {
    var result = new ArrayList<Text>();
    try (var rows =
        KiteSqlTransactions.current(db).orElseThrow().query("select body from notes order by id")) {
      while (rows.next()) {
        result.add(rows.getText(0));
      }
    }
    return result;
  }

  @Test
  void aBorrowedTextIsReadableInsideTheMethodAndThrowsAfterItReturned() {
    insertCommitted(1);
    Text body =
        tx.read(
            () -> {
              var first = bodies().getFirst();
              assertThat(first.isBorrowed()).isTrue();
              assertThat(first.toString()).isEqualTo("note 1");
              return first;
            });
    assertThat(body.isLive()).isFalse();
    assertThatThrownBy(body::toString).isInstanceOf(IllegalStateException.class);
    assertThatThrownBy(() -> body.charAt(0)).isInstanceOf(IllegalStateException.class);
  }

  @Test
  void aBorrowedTextOfAJoiningMethodLivesAsLongAsTheOuterTransaction() {
    insertCommitted(1);
    Text afterOuter =
        tx.read(
            () -> {
              Text fromInner = tx.read(() -> bodies().getFirst());
              assertThat(fromInner.toString())
                  .isEqualTo("note 1"); // the inner method returned; the transaction did not end
              return fromInner;
            });
    assertThatThrownBy(afterOuter::toString).isInstanceOf(IllegalStateException.class);
  }

  @Test
  void valuesAreReadableFromAParallelStreamAndOtherThreadsWhileTheTransactionLives()
      throws Exception {
    insertCommitted(200);
    var expected = IntStream.rangeClosed(1, 200).mapToObj(i -> "note " + i).toList();
    try (var pool = Executors.newFixedThreadPool(4)) {
      List<Text> borrowed =
          tx.read(
              () -> {
                var bodies = bodies();
                assertThat(bodies).allMatch(Text::isBorrowed);
                assertThat(bodies.parallelStream().map(CharSequence::toString).toList())
                    .isEqualTo(expected);
                var caller = Thread.currentThread();
                List<Future<String>> onOtherThreads =
                    bodies.stream()
                        .map(
                            text ->
                                pool.submit(
                                    () -> {
                                      assertThat(Thread.currentThread()).isNotSameAs(caller);
                                      return text.toString();
                                    }))
                        .toList();
                assertThat(onOtherThreads)
                    .extracting(f -> f.get(10, TimeUnit.SECONDS))
                    .isEqualTo(expected);
                return bodies;
              });
      var afterwards = pool.submit(() -> borrowed.getFirst().toString());
      assertThatThrownBy(() -> afterwards.get(10, TimeUnit.SECONDS))
          .hasCauseInstanceOf(IllegalStateException.class);
    }
  }

  @Test
  void twoReadTransactionsRunAtOnceOnAThreadPool() throws Exception {
    insertCommitted(3);
    var bothInside = new CyclicBarrier(2);
    try (var pool = Executors.newFixedThreadPool(2)) {
      var first = pool.submit(() -> readWhileTheOtherReads(bothInside));
      var second = pool.submit(() -> readWhileTheOtherReads(bothInside));
      var a = first.get(10, TimeUnit.SECONDS);
      var b = second.get(10, TimeUnit.SECONDS);
      assertThat(a).isNotSameAs(b);
      assertThat(a.isOpen()).isFalse();
      assertThat(b.isOpen()).isFalse();
    }
  }

  private Transaction readWhileTheOtherReads(CyclicBarrier bothInside) {
    return tx.read(
        () -> {
          await(bothInside); // both transactions are open now
          assertThat(countInCurrent()).isEqualTo(3);
          await(bothInside);
          return current();
        });
  }

  @Test
  void aReadTransactionKeepsItsSnapshotWhileAWriteCommits() throws Exception {
    insertCommitted(1);
    var reading = new CountDownLatch(1);
    var committedMeanwhile = new CountDownLatch(1);
    var reader =
        CompletableFuture.supplyAsync(
            () ->
                tx.read(
                    () -> {
                      reading.countDown();
                      awaitLatch(committedMeanwhile);
                      return countInCurrent();
                    }));
    assertThat(reading.await(10, TimeUnit.SECONDS)).isTrue();
    tx.write(
        () -> {
          insert(2);
          return null;
        });
    committedMeanwhile.countDown();
    assertThat(reader.get(10, TimeUnit.SECONDS)).isEqualTo(1);
    assertThat(tx.read(this::countInCurrent)).isEqualTo(2);
  }

  @Test
  void writeTransactionsRunFromVirtualThreads() throws Exception {
    try (var virtualThreads = Executors.newVirtualThreadPerTaskExecutor()) {
      var writes =
          IntStream.rangeClosed(1, 50)
              .mapToObj(
                  id ->
                      virtualThreads.submit(
                          () ->
                              tx.write(
                                  () -> {
                                    insert(id);
                                    assertThat(tx.read(this::countInCurrent))
                                        .isPositive(); // joins, sees its own row
                                    return Thread.currentThread().isVirtual();
                                  })))
              .toList();
      for (var write : writes) {
        assertThat(write.get(30, TimeUnit.SECONDS)).isTrue();
      }
    }
    assertThat(committed()).isEqualTo(50);
  }

  private static void await(CyclicBarrier barrier) {
    try {
      barrier.await(10, TimeUnit.SECONDS);
    } catch (Exception e) {
      throw new AssertionError("the other reader did not arrive", e);
    }
  }

  private static void awaitLatch(CountDownLatch latch) {
    try {
      assertThat(latch.await(10, TimeUnit.SECONDS)).isTrue();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError(e);
    }
  }
}
