package io.kitesql.reliability;

import io.kitesql.KiteSqlException;
import io.kitesql.api.KiteSql;
import java.nio.file.Path;

/**
 * Run in a child JVM by {@link UnsafeDeniedTest}: opens the database in {@code args[0]} twice
 * (the second attempt meets lmdbjava's failed class initialization again) and prints one line per
 * attempt: {@code opened} or {@code refused <ERROR_CODE> <message>}; any other throwable is
 * printed and exits 3.
 */
public final class UnsafeDeniedMain {
  private UnsafeDeniedMain() {}

  public static void main(String[] args) {
    for (int attempt = 0; attempt < 2; attempt++) {
      try (var db = KiteSql.open(Path.of(args[0]))) {
        System.out.println("opened");
      } catch (KiteSqlException e) {
        System.out.println("refused " + e.errorCode() + " " + e.getMessage().replace('\n', ' '));
      } catch (Throwable e) {
        System.out.println("failed " + e);
        e.printStackTrace();
        System.exit(3);
      }
    }
  }
}
