package io.kitesql.boot.autoconfigure;

import io.kitesql.api.Database;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.springframework.beans.factory.InitializingBean;

/**
 * Runs ANALYZE at start-up on the tables whose planner figures are missing or stale ({@link
 * Database#analyzeStale}), so that an application's planner chooses indexes by its data's figures
 * without anyone running ANALYZE by hand; logs the tables measured and the time it took. {@code
 * kitesql.analyze-on-startup=false} turns it off; a read-only database is left alone.
 */
public class KiteSqlStartupAnalysis implements InitializingBean {
  private static final Log logger = LogFactory.getLog(KiteSqlStartupAnalysis.class);

  private final Database database;
  private final boolean readOnly;

  public KiteSqlStartupAnalysis(Database database, boolean readOnly) {
    this.database = database;
    this.readOnly = readOnly;
  }

  @Override
  public void afterPropertiesSet() {
    if (readOnly) {
      return;
    }
    long start = System.nanoTime();
    var measured = database.analyzeStale();
    if (!measured.isEmpty()) {
      logger.info(
          String.format(
              "ANALYZE of %s in %d ms: planner statistics for tables new or changed by more than a"
                  + " tenth (kitesql.analyze-on-startup=false turns this off)",
              measured, (System.nanoTime() - start) / 1_000_000));
    }
  }
}
