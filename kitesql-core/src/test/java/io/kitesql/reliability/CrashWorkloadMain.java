package io.kitesql.reliability;

import io.kitesql.api.Database;
import io.kitesql.api.KiteSql;
import io.kitesql.options.Durability;
import io.kitesql.options.StorageOptions;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Run in a child JVM by {@link CrashSafetyTest}: opens the database (SYNC commits, a small map so
 * that it grows under the workload) and runs {@link CrashWorkload} transactions from the given
 * number on, forever, printing {@code committed N ... end} after each commit returned. The parent
 * kills it with SIGKILL.
 *
 * <p>Meanwhile a second thread backs the database up again and again ({@code Database.backup}) into
 * {@code <dir>-backup-<first>-<k>}, printing {@code backup started K} before and {@code backup done
 * K end} after each, and deleting the backup before the last one it finished, so the parent can
 * kill the child during a backup and then open the last finished one.
 */
public final class CrashWorkloadMain {
  private CrashWorkloadMain() {}

  public static void main(String[] args) {
    var dir = Path.of(args[0]);
    long first = Long.parseLong(args[1]);
    var options = StorageOptions.defaults().withMapSize(1L << 20).withDurability(Durability.SYNC);
    var out = System.out;
    try (var db = KiteSql.open(dir, options)) {
      out.println("opened");
      out.flush();
      Thread.ofPlatform().daemon().name("backups").start(() -> backUpForever(db, dir, first));
      for (long n = first; ; n++) {
        String wrote = CrashWorkload.run(db, n);
        out.println("committed " + n + " " + wrote + " end");
        out.flush();
      }
    }
  }

  /** The directory of backup {@code k} of the child that started at transaction {@code first}. */
  static Path backupDir(Path dir, long first, long k) {
    return dir.resolveSibling(dir.getFileName() + "-backup-" + first + "-" + k);
  }

  private static void backUpForever(Database db, Path dir, long first) {
    for (long k = 0; ; k++) {
      System.out.println("backup started " + k);
      System.out.flush();
      db.backup(backupDir(dir, first, k));
      System.out.println("backup done " + k + " end");
      System.out.flush();
      if (k >= 2) {
        deleteBackup(backupDir(dir, first, k - 2));
      }
    }
  }

  private static void deleteBackup(Path backup) {
    try {
      Files.deleteIfExists(backup.resolve("data.mdb"));
      Files.deleteIfExists(backup.resolve("lock.mdb"));
      Files.deleteIfExists(backup);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
