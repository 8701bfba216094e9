package io.kitesql.reliability;

import io.kitesql.KiteSqlException;
import io.kitesql.api.KiteSql;
import io.kitesql.storage.StorageOptions;
import java.nio.file.Path;

/**
 * Run in a child JVM by {@link NativeLibraryTest}: opens the database in {@code args[0]} {@code
 * args[1]} times (default 2), printing one line per attempt: {@code opened <tables>} or {@code refused
 * <ERROR_CODE> <message>}. With {@code args[2]} {@code hold} it prints {@code holding} after the
 * opens and waits to be killed. Any other throwable (an {@link ExceptionInInitializerError}, say)
 * prints {@code failed <throwable>} and the attempts go on.
 */
public final class NativeLibraryMain {
  private NativeLibraryMain() {}

  public static void main(String[] args) throws InterruptedException {
    int attempts = args.length > 1 ? Integer.parseInt(args[1]) : 2;
    for (int i = 0; i < attempts; i++) {
      try (var db = KiteSql.open(Path.of(args[0]), StorageOptions.defaults().withMapSize(1L << 24))) {
        System.out.println("opened " + db.catalog().tables().size());
      } catch (KiteSqlException e) {
        System.out.println("refused " + e.errorCode() + " " + e.getMessage().replace('\n', ' '));
      } catch (Throwable e) {
        System.out.println("failed " + e);
      }
    }
    if (args.length > 2 && args[2].equals("hold")) {
      System.out.println("holding");
      Thread.sleep(120_000);
    }
  }
}
