package io.kitesql.boot.actuate;

import io.kitesql.boot.metrics.KiteSqlStatementMetrics;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** {@link StatementStatistics} read from the meters of {@link KiteSqlStatementMetrics}. */
public final class MicrometerStatementStatistics implements StatementStatistics {
  private final KiteSqlStatementMetrics metrics;

  public MicrometerStatementStatistics(KiteSqlStatementMetrics metrics) {
    this.metrics = metrics;
  }

  @Override
  public List<Seen> statements() {
    return metrics.statements().stream()
        .map(MicrometerStatementStatistics::seen)
        .sorted(Comparator.comparing(Seen::name))
        .toList();
  }

  private static Seen seen(KiteSqlStatementMetrics.StatementMeters m) {
    var timer = m.successTimer().takeSnapshot();
    var allocated = m.allocated().takeSnapshot();
    double nanosPerMilli = TimeUnit.MILLISECONDS.toNanos(1);
    long calls = m.calls();
    var sqls = m.sqls();
    return new Seen(
        m.name(),
        m.sql(),
        sqls.size() > 1 ? sqls.subList(1, sqls.size()) : List.of(),
        calls,
        calls - m.successTimer().count(),
        round(timer.mean(TimeUnit.MILLISECONDS)),
        round(m.latencyNanos(0.5) / nanosPerMilli),
        round(m.latencyNanos(0.99) / nanosPerMilli),
        allocated.count() == 0 ? null : round(allocated.mean()),
        allocated.count() == 0 ? null : round(m.allocatedBytes(0.5)),
        allocated.count() == 0 ? null : round(m.allocatedBytes(0.99)),
        (long) m.unmeasured().count(),
        round(m.rows().mean()),
        round(m.visited().mean()),
        round(m.returned().mean()),
        round(m.copied().mean()));
  }

  private static double round(double value) {
    return Math.round(value * 1000) / 1000.0;
  }
}
