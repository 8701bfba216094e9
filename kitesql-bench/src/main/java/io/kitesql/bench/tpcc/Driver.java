package io.kitesql.bench.tpcc;

import io.kitesql.bench.tpcc.Transactions.NoRow;
import io.kitesql.bench.tpcc.Transactions.Type;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.ArrayList;
import java.util.SplittableRandom;

/**
 * Runs TPC-C terminals against one engine for a while, as the harness does: each terminal draws
 * from a shuffled deck of 10 New-Order, 10 Payment and one each of Order-Status, Delivery and
 * Stock-Level, runs the draw as one transaction, and on an error rolls back and runs the same type
 * again with fresh inputs, up to {@link #MAX_RETRIES} times. No keying or think time. A terminal
 * makes at least one deck's worth of draws (23), even past the run's end.
 */
final class Driver {
  static final int MAX_RETRIES = 5;
  private static final com.sun.management.ThreadMXBean THREADS =
      (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

  /**
   * How a run is made.
   *
   * @param variant with or without the harness's quirks
   * @param scale what was loaded
   * @param terminals concurrent terminals (threads), each with its own session
   * @param readOnlyReads Order-Status and Stock-Level in read-only transactions, texts not copied
   */
  record Settings(Variant variant, Scale scale, int terminals, boolean readOnlyReads) {}

  private Driver() {}

  /** Runs {@code settings.terminals()} terminals on {@code engine} for {@code duration}. */
  static RunResult run(TpccEngine engine, Settings settings, Duration duration, long seed)
      throws Exception {
    var total = new RunResult(engine.name());
    var terminals = new ArrayList<Terminal>();
    for (int t = 0; t < settings.terminals(); t++) {
      terminals.add(new Terminal(engine, settings, seed * 31 + t));
    }
    long start = System.nanoTime();
    long end = start + duration.toNanos();
    if (terminals.size() == 1) {
      terminals.getFirst().loop(end, true);
    } else {
      var threads = new ArrayList<Thread>();
      for (var terminal : terminals) {
        threads.add(
            Thread.ofPlatform().name("tpcc-terminal").start(() -> terminal.loopUnchecked(end)));
      }
      for (var thread : threads) {
        thread.join();
      }
    }
    total.elapsedNanos = System.nanoTime() - start;
    for (var terminal : terminals) {
      if (terminal.failure != null) {
        throw terminal.failure;
      }
      terminal.session.close();
      total.merge(terminal.result);
    }
    return total;
  }

  /** One terminal: its session, its deck and its random inputs. */
  private static final class Terminal {
    private final TpccEngine.Session session;
    private final Settings settings;
    private final SplittableRandom rng;
    private final Transactions transactions;
    private final Type[] deck = new Type[23];
    private int next = deck.length;
    private final RunResult result;
    private @org.jspecify.annotations.Nullable Exception failure;

    Terminal(TpccEngine engine, Settings settings, long seed) throws Exception {
      this.session = engine.session();
      this.settings = settings;
      this.rng = new SplittableRandom(seed);
      this.transactions =
          new Transactions(settings.variant(), settings.scale(), !settings.readOnlyReads());
      this.result = new RunResult(engine.name());
    }

    void loopUnchecked(long end) {
      try {
        loop(end, false);
      } catch (Exception e) {
        failure = e;
      }
    }

    void loop(long end, boolean measureAllocation) throws Exception {
      if (!measureAllocation) {
        java.util.Arrays.fill(result.allocated, -1);
      }
      int draws = 0;
      do { // at least one full deck, so that every run has every type, however loaded the machine
        draws++;
        var type = draw();
        boolean readOnly =
            settings.readOnlyReads() && (type == Type.ORDER_STATUS || type == Type.STOCK_LEVEL);
        boolean done = false;
        for (int attempt = 0; attempt <= MAX_RETRIES && !done; attempt++) {
          long bytes = measureAllocation ? THREADS.getTotalThreadAllocatedBytes() : 0;
          long started = System.nanoTime();
          try {
            transactions.run(type, rng, session, readOnly);
          } catch (NoRow e) {
            if (e.getMessage().endsWith(Sql.NO_ITEM.name())) {
              result.rolledBack[type.ordinal()]++;
            } else {
              error(type, e);
            }
            continue;
          } catch (Exception e) {
            error(type, e);
            continue;
          }
          long nanos = System.nanoTime() - started;
          if (measureAllocation) {
            result.allocated[type.ordinal()] += THREADS.getTotalThreadAllocatedBytes() - bytes;
          }
          done = true;
          result.committed[type.ordinal()]++;
          if (nanos > type.limitNanos) {
            result.late[type.ordinal()]++;
          }
          result.latency(type, nanos);
        }
        if (!done) {
          result.gaveUp[type.ordinal()]++;
        }
      } while (System.nanoTime() < end || draws < deck.length);
    }

    private void error(Type type, Exception e) {
      int t = type.ordinal();
      result.errors[t]++;
      if (result.firstError[t].isEmpty()) {
        result.firstError[t] = e.getClass().getSimpleName() + ": " + e.getMessage();
      }
    }

    /** The next card of the deck, reshuffled (Fisher–Yates) when it is used up. */
    private Type draw() {
      if (next == deck.length) {
        int i = 0;
        for (var type : Type.values()) {
          int copies = type == Type.NEW_ORDER || type == Type.PAYMENT ? 10 : 1;
          for (int c = 0; c < copies; c++) {
            deck[i++] = type;
          }
        }
        for (int j = deck.length - 1; j > 0; j--) {
          int k = rng.nextInt(j + 1);
          var swap = deck[j];
          deck[j] = deck[k];
          deck[k] = swap;
        }
        next = 0;
      }
      return deck[next++];
    }
  }
}
