package io.kitesql.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import io.kitesql.api.KiteSql;
import io.kitesql.reliability.CrashWorkload.Model;
import java.nio.file.Path;
import java.util.List;

/**
 * Run in a child JVM by {@link PowerLossTest} (a damaged file must fail the test, not crash the
 * build): opens the database in {@code args[0]} as the disk held it after a power cut and checks
 * it: the catalog has every table and index, the contents equal exactly the workload's state after
 * some transaction K (every row, payload length and hash; so no transaction is partly there), money
 * is conserved, and {@code checkIntegrity()} finds nothing. Prints {@code present K}; any failure
 * ends the JVM with an exception and a non-zero exit code.
 */
public final class PowerLossCheckMain {
  private PowerLossCheckMain() {}

  public static void main(String[] args) {
    try (var db = KiteSql.open(Path.of(args[0]))) {
      var catalog = db.catalog();
      for (var table : List.of("accounts", "events", "audit", "trail")) {
        assertThat(catalog.table(table)).as("table %s", table).isPresent();
      }
      assertThat(catalog.requireTable("events").index("events_kind")).isPresent();
      assertThat(catalog.requireTable("accounts").index("accounts_balance")).isPresent();
      var actual = CrashSafetyTest.read(db);
      // Transaction n writes audit row n, and only transaction n + 5 deletes it: the newest audit
      // row names the last transaction present.
      long last = actual.audit().keySet().stream().mapToLong(Long::longValue).max().orElse(0);
      assertThat(actual).as("the state after transaction %d", last).isEqualTo(Model.after(last));
      CrashSafetyTest.checkInvariants(actual);
      var report = db.checkIntegrity();
      assertThat(report.problems()).as("integrity").isEmpty();
      assertThat(report.rowsChecked()).isPositive();
      System.out.println("present " + last);
    }
  }
}
