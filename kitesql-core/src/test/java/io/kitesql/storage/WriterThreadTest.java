package io.kitesql.storage;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The hand-off to the writer thread: results, failures, timeouts that give work up, interrupts. */
class WriterThreadTest {
  private final WriterThread writer = new WriterThread("writer-thread-test");

  @AfterEach
  void stop() {
    writer.stop();
  }

  @Test
  void runsWorkOnTheWriterThreadAndReturnsItsResultOrFailure() {
    var ranOn = new AtomicReference<Thread>();
    String where =
        writer.call(
            () -> {
              ranOn.set(Thread.currentThread());
              return writer.isCurrent() ? "on the writer" : "elsewhere";
            });
    assertThat(where).isEqualTo("on the writer");
    assertThat(ranOn.get()).isNotSameAs(Thread.currentThread());
    assertThatThrownBy(
            () ->
                writer.call(
                    () -> {
                      throw new IllegalArgumentException("from the writer");
                    }))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("from the writer");
    assertThatThrownBy(
            () ->
                writer.call(
                    () -> {
                      throw new AssertionError("an error too");
                    }))
        .isInstanceOf(AssertionError.class);
    // a call from the writer thread itself runs in place
    int nested = writer.call(() -> writer.call(() -> 42));
    assertThat(nested).isEqualTo(42);
  }

  @Test
  void handOffsFromManyThreadsEachGetTheirOwnResult() throws InterruptedException {
    var results = Collections.synchronizedList(new ArrayList<Integer>());
    var threads = new ArrayList<Thread>();
    for (int t = 0; t < 4; t++) {
      int base = t * 1000;
      threads.add(
          Thread.ofVirtual()
              .start(
                  () -> {
                    for (int i = 0; i < 500; i++) {
                      int n = base + i;
                      results.add(writer.call(() -> n));
                    }
                  }));
    }
    for (var t : threads) {
      t.join();
    }
    var expected = new ArrayList<Integer>();
    for (int t = 0; t < 4; t++) {
      for (int i = 0; i < 500; i++) {
        expected.add(t * 1000 + i);
      }
    }
    assertThat(results).containsExactlyInAnyOrderElementsOf(expected);
  }

  @Test
  void callWithinGivesUpAtTheDeadlineAndTheLateResultIsDiscarded() throws InterruptedException {
    var blocker = new CountDownLatch(1);
    writer.runLater(() -> await(blocker)); // the writer is busy, as when blocked in mdb_txn_begin
    var discarded = new AtomicReference<String>();
    var done = new CountDownLatch(1);

    var result =
        writer.callWithin(
            () -> "late",
            TimeUnit.MILLISECONDS.toNanos(50),
            late -> {
              discarded.set(late);
              done.countDown();
            });

    assertThat(result).isEmpty();
    blocker.countDown();
    assertThat(done.await(10, TimeUnit.SECONDS)).isTrue();
    assertThat(discarded.get()).isEqualTo("late");
    var inTime = writer.callWithin(() -> "in time", TimeUnit.SECONDS.toNanos(10), _ -> {});
    assertThat(inTime).contains("in time");
  }

  @Test
  void callStartingWithinNeverRunsTheRestOnceTheCallerGaveUp() throws InterruptedException {
    var blocker = new CountDownLatch(1);
    writer.runLater(() -> await(blocker));
    var thenRan = new AtomicBoolean();
    var discarded = new CountDownLatch(1);

    assertThatThrownBy(
            () ->
                writer.callStartingWithin(
                    () -> "begun",
                    TimeUnit.MILLISECONDS.toNanos(50),
                    _ -> discarded.countDown(),
                    begun -> {
                      thenRan.set(true);
                      return begun;
                    },
                    () -> new IllegalStateException("timed out")))
        .hasMessage("timed out");

    blocker.countDown();
    assertThat(discarded.await(10, TimeUnit.SECONDS)).isTrue();
    boolean ran = writer.call(thenRan::get);
    assertThat(ran).isFalse();
  }

  /**
   * The start must finish before the deadline for this to test anything, and a loaded machine may
   * not run it within a short one: then the call times out (which says nothing about the property)
   * and the next attempt gets twice the time. The rest always takes twice the deadline.
   */
  @Test
  void onceStartedTheCallerWaitsForTheRestPastTheDeadline() {
    for (long millis = 20; ; millis *= 2) {
      long deadlineMillis = millis;
      try {
        String result =
            writer.callStartingWithin(
                () -> "begun",
                TimeUnit.MILLISECONDS.toNanos(deadlineMillis),
                _ -> {},
                begun -> {
                  sleep(2 * deadlineMillis); // past the deadline: the start finished in time, so
                  // the caller waits
                  return begun + " and done";
                },
                () -> new IllegalStateException("timed out"));
        assertThat(result).isEqualTo("begun and done");
        return;
      } catch (IllegalStateException startTooLate) {
        assertThat(startTooLate).hasMessage("timed out");
        assertThat(deadlineMillis)
            .as("the writer started nothing within %d ms", deadlineMillis)
            .isLessThan(60_000);
      }
    }
  }

  @Test
  void anInterruptedCallerStillGetsTheResultAndKeepsItsInterrupt() {
    Thread.currentThread().interrupt();
    try {
      String result =
          writer.call(
              () -> {
                sleep(50);
                return "finished";
              });
      assertThat(result).isEqualTo("finished");
      assertThat(Thread.currentThread().isInterrupted()).isTrue();
    } finally {
      Thread.interrupted();
    }
  }

  @Test
  void stopRunsWhatWasQueuedFirst() {
    var ran = Collections.synchronizedList(new ArrayList<Integer>());
    for (int i = 0; i < 3; i++) {
      int n = i;
      writer.runLater(() -> ran.add(n));
    }
    writer.stop();
    assertThat(ran).isEqualTo(List.of(0, 1, 2));
  }

  private static void await(CountDownLatch latch) {
    try {
      latch.await();
    } catch (InterruptedException e) {
      throw new IllegalStateException(e);
    }
  }

  private static void sleep(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      throw new IllegalStateException(e);
    }
  }
}
