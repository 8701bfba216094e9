package io.kitesql.storage;

import io.kitesql.options.EngineSwitches;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.LongSupplier;

/**
 * Whether, and how long, a thread waiting for the other side of a {@link WriterThread} hand-off
 * spins ({@link Thread#onSpinWait}) before it parks; one policy per side (the callers', the
 * writer's) of one writer thread.
 *
 * <p>Parking costs a futex wake-up when the other side answers: ~2.5 µs on an idle machine, ~30 µs
 * on this project's 2-core VM. Spinning saves it when the other side runs on another core and
 * answers within the spin, and costs the other side its core when both share one (a loaded machine:
 * measured 2-4× slower there). So the default, {@link Mode#ADAPTIVE}, spins up to {@link
 * #ADAPTIVE_WINDOW_NANOS} only while spins keep being answered: every answered spin earns a credit
 * (up to {@link #MAX_CREDIT}), every unanswered one costs {@link #MISS_COST}, so half the spins or
 * more timing out drains the credit; then the side parks at once for a rest ({@link
 * #MIN_REST_NANOS}, doubled after every probe that fails, up to {@link #MAX_REST_NANOS}), after
 * which one spin probes again. It never spins with one CPU, nor on a virtual thread (which would
 * hold its carrier).
 *
 * <p>At most one thread per policy spins at a time (a second waiter parks at once): with 2 cores,
 * two spinning callers would take the writer's. The adaptive state is only touched by the thread
 * that holds that turn ({@link #spinning}, whose CAS and release order the accesses), so it needs
 * no other synchronization.
 *
 * <p>{@code -Dkitesql.writer.spinMicros=N} ({@link EngineSwitches#WRITER_SPIN_MICROS}, read when a
 * storage opens) replaces the adaptive policy: 0 turns spinning off (park at once), N spins up to N
 * µs on every wait regardless of outcomes, CPUs or thread kind (one spinner at a time still).
 */
final class SpinPolicy {
  /**
   * The adaptive policy's spin: below this VM's ~30 µs wake-up, which bounds what a spin can save.
   */
  static final long ADAPTIVE_WINDOW_NANOS = 20_000;

  static final int MAX_CREDIT = 16;

  /**
   * A miss costs one credit, as a hit earns one: spinning goes on while more than half the spins
   * are answered. An answered spin saves a wake-up (~30 µs here), a timed-out one wastes up to the
   * window (20 µs) of CPU, so spinning pays from about 40% answered on; in the measured bad cases
   * (a loaded machine, both sides on one core) almost none were (1-8%).
   */
  static final int MISS_COST = 1;

  static final long MIN_REST_NANOS = 5_000_000;
  static final long MAX_REST_NANOS = 1_000_000_000;

  /** How a policy decides. */
  enum Mode {
    /** Park at once. */
    OFF,
    /** Spin a fixed window on every wait. */
    FIXED,
    /** Spin while spins are answered; rest after they are not. */
    ADAPTIVE
  }

  private final Mode mode;
  private final long windowNanos;
  private final LongSupplier clock;

  /** The turn to spin: held from {@link #acquire} returning a window to {@link #release}. */
  private final AtomicBoolean spinning = new AtomicBoolean();

  // Adaptive state: touched only by the holder of the turn.
  private int credit = MAX_CREDIT / 2;
  private boolean resting;
  private long restUntil;
  private long rest = MIN_REST_NANOS;

  SpinPolicy(Mode mode, long windowNanos, LongSupplier clock) {
    this.mode = windowNanos <= 0 ? Mode.OFF : mode;
    this.windowNanos = windowNanos;
    this.clock = clock;
  }

  /** The policy {@link EngineSwitches#WRITER_SPIN_MICROS} asks for, on this machine. */
  static SpinPolicy fromSystemProperty() {
    return parse(EngineSwitches.writerSpinMicros(), Runtime.getRuntime().availableProcessors());
  }

  static SpinPolicy parse(String value, int cpus) {
    if (value == null || value.isBlank() || value.strip().equalsIgnoreCase("adaptive")) {
      return cpus < 2
          ? off()
          : new SpinPolicy(Mode.ADAPTIVE, ADAPTIVE_WINDOW_NANOS, System::nanoTime);
    }
    long micros;
    try {
      micros = Long.parseLong(value.strip());
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(
          EngineSwitches.WRITER_SPIN_MICROS
              + " must be a number of microseconds or 'adaptive', not '"
              + value
              + "'",
          e);
    }
    return new SpinPolicy(Mode.FIXED, Math.max(0, micros) * 1_000, System::nanoTime);
  }

  static SpinPolicy off() {
    return new SpinPolicy(Mode.OFF, 0, System::nanoTime);
  }

  Mode mode() {
    return mode;
  }

  /**
   * How long the current thread may spin now, in nanoseconds; 0: park at once. A positive answer
   * hands the caller the turn, which it must give back with {@link #release} when its spin ends.
   */
  long acquire() {
    if (mode == Mode.OFF
        || (mode == Mode.ADAPTIVE && Thread.currentThread().isVirtual())
        || !spinning.compareAndSet(false, true)) {
      return 0;
    }
    if (mode == Mode.ADAPTIVE && resting) {
      if (clock.getAsLong() - restUntil < 0) {
        spinning.set(false);
        return 0;
      }
      resting = false;
      credit = MISS_COST; // a probe: one more miss and it rests again
    }
    return windowNanos;
  }

  /**
   * Ends a spin {@link #acquire} allowed: {@code answered} if the other side answered within it.
   */
  void release(boolean answered) {
    if (mode == Mode.ADAPTIVE) {
      record(answered);
    }
    spinning.set(false);
  }

  private void record(boolean answered) {
    if (answered) {
      credit = Math.min(MAX_CREDIT, credit + 1);
      if (credit == MAX_CREDIT) {
        rest = MIN_REST_NANOS; // spinning paid off for a while: the next rest starts short again
      }
      return;
    }
    credit -= MISS_COST;
    if (credit <= 0) {
      resting = true;
      restUntil = clock.getAsLong() + rest;
      rest =
          Math.min(
              MAX_REST_NANOS, rest * 2); // unless spins pay off before it, the next rest is longer
    }
  }

  /** Whether the adaptive policy is resting (parks at once until the rest is over); for tests. */
  boolean resting() {
    return resting;
  }

  /** The rest the next drained credit starts; for tests. */
  long restNanos() {
    return rest;
  }
}
