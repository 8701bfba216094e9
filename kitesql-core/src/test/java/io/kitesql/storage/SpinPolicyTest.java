package io.kitesql.storage;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kitesql.options.EngineSwitches;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * The spin policy's decisions, driven by given outcomes and a clock the test moves: it stops
 * spinning after spins time out, rests, probes again, rests longer after a failed probe and spins
 * again after answered ones. Nothing here measures time.
 */
class SpinPolicyTest {
  private static final long WINDOW = SpinPolicy.ADAPTIVE_WINDOW_NANOS;
  private final AtomicLong now = new AtomicLong(1_000_000_000L);
  private final SpinPolicy policy = new SpinPolicy(SpinPolicy.Mode.ADAPTIVE, WINDOW, now::get);

  /** One wait: whether it was allowed to spin; if so its spin ends with {@code answered}. */
  private boolean waitOnce(boolean answered) {
    long window = policy.acquire();
    if (window > 0) {
      assertThat(window).isEqualTo(WINDOW);
      policy.release(answered);
      return true;
    }
    return false;
  }

  @Test
  void spinsWhileAnsweredAndStopsAfterTimeouts() {
    for (int i = 0; i < 100; i++) {
      assertThat(waitOnce(true)).as("answered spin %d", i).isTrue();
    }
    // the credit is full (MAX_CREDIT); each timeout costs MISS_COST
    int misses = SpinPolicy.MAX_CREDIT / SpinPolicy.MISS_COST;
    for (int i = 0; i < misses; i++) {
      assertThat(waitOnce(false)).as("timed-out spin %d still allowed", i).isTrue();
    }
    assertThat(policy.resting()).isTrue();
    assertThat(waitOnce(true)).as("resting: parks at once").isFalse();
    now.addAndGet(SpinPolicy.MIN_REST_NANOS - 1);
    assertThat(waitOnce(true)).as("the rest is not over yet").isFalse();
    now.addAndGet(1);
    assertThat(waitOnce(true)).as("a probe after the rest").isTrue();
    assertThat(policy.resting()).isFalse();
  }

  @Test
  void answeredSpinsOutweighOccasionalTimeoutsButNotFrequentOnes() {
    // one timeout in four: the credit holds
    for (int round = 0; round < 50; round++) {
      for (int i = 0; i < 3; i++) {
        assertThat(waitOnce(true)).isTrue();
      }
      assertThat(waitOnce(false)).isTrue();
    }
    assertThat(policy.resting()).isFalse();
    // two timeouts per answered spin: the credit drains within MAX_CREDIT rounds
    int rounds = 0;
    while (!policy.resting()) {
      assertThat(waitOnce(true)).isTrue();
      waitOnce(false);
      waitOnce(false);
      rounds++;
    }
    assertThat(rounds).isBetween(1, SpinPolicy.MAX_CREDIT);
  }

  @Test
  void failedProbesRestLongerUpToTheBoundAndSuccessResetsTheRest() {
    drain();
    long rest = SpinPolicy.MIN_REST_NANOS;
    for (int probe = 0; probe < 20; probe++) {
      assertThat(waitOnce(true)).isFalse();
      now.addAndGet(rest - 1);
      assertThat(waitOnce(true)).as("still resting after %d ns", rest - 1).isFalse();
      now.addAndGet(1);
      assertThat(waitOnce(false)).as("probe %d", probe).isTrue(); // the probe times out: rest again
      assertThat(policy.resting()).isTrue();
      rest = Math.min(SpinPolicy.MAX_REST_NANOS, rest * 2);
    }
    assertThat(rest).isEqualTo(SpinPolicy.MAX_REST_NANOS);
    // a probe that is answered, then enough answered spins to fill the credit: spinning resumes for
    // good
    now.addAndGet(rest);
    for (int i = 0; i < SpinPolicy.MAX_CREDIT; i++) {
      assertThat(waitOnce(true)).isTrue();
    }
    assertThat(policy.restNanos()).isEqualTo(SpinPolicy.MIN_REST_NANOS);
    drain();
    assertThat(waitOnce(true)).isFalse();
    now.addAndGet(SpinPolicy.MIN_REST_NANOS);
    assertThat(waitOnce(true)).as("the rest after a good period is the short one again").isTrue();
  }

  @Test
  void oneSpinnerAtATime() {
    assertThat(policy.acquire()).isEqualTo(WINDOW);
    assertThat(policy.acquire()).as("a second waiter parks at once").isZero();
    policy.release(true);
    assertThat(policy.acquire()).isEqualTo(WINDOW);
    policy.release(true);
  }

  @Test
  void virtualThreadsNeverSpinUnderTheAdaptivePolicyButDoUnderAFixedOne()
      throws InterruptedException {
    var fixed = new SpinPolicy(SpinPolicy.Mode.FIXED, 5_000, now::get);
    var windows = new long[2];
    Thread.ofVirtual()
        .start(
            () -> {
              windows[0] = policy.acquire();
              windows[1] = fixed.acquire();
            })
        .join();
    assertThat(windows[0]).isZero();
    assertThat(windows[1]).isEqualTo(5_000);
  }

  @Test
  void aFixedSpinIgnoresOutcomes() {
    var fixed = new SpinPolicy(SpinPolicy.Mode.FIXED, 5_000, now::get);
    for (int i = 0; i < 100; i++) {
      assertThat(fixed.acquire()).isEqualTo(5_000);
      fixed.release(false);
    }
    assertThat(fixed.resting()).isFalse();
  }

  @Test
  void thePropertyChoosesThePolicy() {
    assertThat(SpinPolicy.parse(null, 2).mode()).isEqualTo(SpinPolicy.Mode.ADAPTIVE);
    assertThat(SpinPolicy.parse("adaptive", 8).mode()).isEqualTo(SpinPolicy.Mode.ADAPTIVE);
    assertThat(SpinPolicy.parse(null, 1).mode())
        .as("one CPU: never spin")
        .isEqualTo(SpinPolicy.Mode.OFF);
    assertThat(SpinPolicy.parse("0", 2).mode()).isEqualTo(SpinPolicy.Mode.OFF);
    assertThat(SpinPolicy.parse("0", 2).acquire()).isZero();
    var fixed = SpinPolicy.parse(" 20 ", 2);
    assertThat(fixed.mode()).isEqualTo(SpinPolicy.Mode.FIXED);
    assertThat(fixed.acquire()).isEqualTo(20_000);
    assertThatThrownBy(() -> SpinPolicy.parse("fast", 2))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining(EngineSwitches.WRITER_SPIN_MICROS);
  }

  /** Timeouts until the policy rests. */
  private void drain() {
    while (!policy.resting()) {
      assertThat(waitOnce(false)).isTrue();
    }
  }
}
