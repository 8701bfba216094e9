package io.kitesql.reliability;

import io.kitesql.KiteSqlException;
import io.kitesql.api.KiteSql;
import io.kitesql.options.StorageOptions;
import io.kitesql.storage.Storage;
import java.lang.reflect.InvocationTargetException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Run in a child JVM by {@link NativeLibraryTest}: opens the database in {@code args[0]} {@code
 * args[1]} times (default 2), printing one line per attempt: {@code opened <tables>} or {@code
 * refused <ERROR_CODE> <message>}. With {@code args[2]} {@code hold} it prints {@code holding}
 * after the opens and waits to be killed. With {@code args[0]} {@code initialize-storage-classes}
 * it initializes every class of the storage package instead (see {@link
 * #initializeStorageClasses}). Any other throwable (an {@link ExceptionInInitializerError}, say)
 * prints {@code failed <throwable>} and the attempts go on.
 */
public final class NativeLibraryMain {
  private NativeLibraryMain() {}

  public static void main(String[] args) throws Exception {
    if (args[0].equals("initialize-storage-classes")) {
      initializeStorageClasses();
      return;
    }
    int attempts = args.length > 1 ? Integer.parseInt(args[1]) : 2;
    for (int i = 0; i < attempts; i++) {
      try (var db =
          KiteSql.open(Path.of(args[0]), StorageOptions.defaults().withMapSize(1L << 24))) {
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

  /**
   * Initializes every class of {@code io.kitesql.storage} and its subpackages (read from the
   * directory the classes were compiled to), printing {@code initialized <n>} or {@code failed
   * <class> <throwable>} for each that throws; then calls {@code Lmdb.version()} twice and prints
   * how each call failed.
   */
  private static void initializeStorageClasses() throws Exception {
    var root = Path.of(Storage.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    int initialized = 0;
    try (var files = Files.walk(root.resolve("io/kitesql/storage"))) {
      for (var file : files.filter(f -> f.toString().endsWith(".class")).sorted().toList()) {
        var relative = root.relativize(file).toString();
        var name =
            relative
                .substring(0, relative.length() - ".class".length())
                .replace(file.getFileSystem().getSeparator(), ".");
        try {
          Class.forName(name, true, NativeLibraryMain.class.getClassLoader());
          initialized++;
        } catch (Throwable e) {
          System.out.println("failed " + name + " " + e);
        }
      }
    }
    System.out.println("initialized " + initialized);
    var version = Class.forName("io.kitesql.storage.lmdb.Lmdb").getDeclaredMethod("version");
    version.setAccessible(true);
    for (int i = 0; i < 2; i++) {
      try {
        System.out.println("version " + version.invoke(null));
      } catch (InvocationTargetException e) {
        System.out.println(
            "version refused "
                + (e.getCause() instanceof KiteSqlException k ? k.errorCode() : e.getCause()));
      }
    }
  }
}
