package io.kitesql.boot.actuate;

import java.util.List;
import org.jspecify.annotations.Nullable;

/** What the endpoint knows of the statements run so far; free of Micrometer types. */
public interface StatementStatistics {
  /** The statements seen so far. */
  List<Seen> statements();

  /**
   * One statement name's figures, over the whole run. The p50 and p99 of successful calls' latency
   * and allocation come from log-linear buckets: each is within about 6% above the value it stands
   * for.
   *
   * @param sql the SQL it was first seen with; null for unnamed direct SQL
   * @param otherSql further SQL texts seen under the same name (dynamic sorting, for example)
   * @param allocatedBytesMean mean heap bytes allocated per measured call; null if none was
   *     measured
   * @param allocationUnmeasured calls on virtual threads, whose allocation the JDK cannot measure
   * @param bytesVisitedMean mean bytes of the map read per call, for every row visited ({@code
   *     kitesql.query.bytes.visited})
   * @param bytesReturnedMean mean bytes of text and binary values returned per call ({@code
   *     kitesql.query.bytes.returned})
   */
  record Seen(
      String name,
      @Nullable String sql,
      List<String> otherSql,
      long calls,
      long failures,
      double meanMillis,
      double p50Millis,
      double p99Millis,
      @Nullable Double allocatedBytesMean,
      @Nullable Double allocatedBytesP50,
      @Nullable Double allocatedBytesP99,
      long allocationUnmeasured,
      double rowsMean,
      double bytesVisitedMean,
      double bytesReturnedMean,
      double bytesCopiedMean) {}
}
