package io.kitesql.storage;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.time.Duration;
import java.util.ArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * No wake-up is lost whatever the spin policy: many callers (platform and virtual) make many
 * hand-offs, timed and untimed, with pauses that let both sides give up spinning and park, and
 * every one gets its own result. The timeout only guards against a hang; no time is asserted.
 */
class HandOffWakeUpTest {
  private static final int THREADS = 6;
  private static final int CALLS = 3_000;

  @ParameterizedTest
  @ValueSource(strings = {"adaptive", "0", "1", "20"})
  void everyWaiterIsWoken(String spin) {
    var writer =
        new WriterThread(
            "hand-off-wake-up-test", SpinPolicy.parse(spin, 2), SpinPolicy.parse(spin, 2));
    try {
      assertTimeoutPreemptively(
          Duration.ofMinutes(2),
          () -> {
            var sum = new AtomicLong();
            var ran = new AtomicLong();
            var threads = new ArrayList<Thread>();
            for (int t = 0; t < THREADS; t++) {
              int id = t;
              var builder = t % 2 == 0 ? Thread.ofPlatform() : Thread.ofVirtual();
              threads.add(
                  builder.start(
                      () -> {
                        for (int i = 0; i < CALLS; i++) {
                          int n = id * CALLS + i;
                          int got =
                              switch (i % 3) {
                                case 0 ->
                                    writer.call(
                                        () -> {
                                          ran.incrementAndGet();
                                          return n;
                                        });
                                case 1 ->
                                    writer
                                        .callWithin(
                                            () -> {
                                              ran.incrementAndGet();
                                              return n;
                                            },
                                            TimeUnit.SECONDS.toNanos(60),
                                            _ -> {})
                                        .orElseThrow();
                                default ->
                                    writer.callStartingWithin(
                                        () -> n,
                                        TimeUnit.SECONDS.toNanos(60),
                                        _ -> {},
                                        m -> {
                                          ran.incrementAndGet();
                                          return m;
                                        },
                                        IllegalStateException::new);
                              };
                          assertThat(got).isEqualTo(n);
                          sum.addAndGet(got);
                          if (i % 500 == 0) {
                            pause(); // both sides time out of any spin and park
                          }
                        }
                      }));
            }
            for (var t : threads) {
              t.join();
            }
            long calls = (long) THREADS * CALLS;
            assertThat(ran.get()).isEqualTo(calls);
            assertThat(sum.get())
                .isEqualTo(calls * (calls - 1) / 2); // 0 + 1 + … + calls - 1, each once
          });
    } finally {
      writer.stop();
    }
  }

  private static void pause() {
    try {
      Thread.sleep(2);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
