package io.kitesql.storage;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.SymbolLookup;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Locale;

/**
 * Loads LMDB's native library for {@link Lmdb}: the build of LMDB 0.9.33 that the {@code
 * org.lmdbjava:native} artifact ships as a class-path resource, one file per platform. The file
 * for this OS and CPU is copied once per JVM to a temporary file (deleted on exit; {@code dlopen}
 * needs a file) and looked up with {@link SymbolLookup#libraryLookup(Path, Arena)} in the global
 * arena, so it stays loaded for the JVM's life.
 *
 * <p>Calls go through {@code java.lang.foreign} only, so the JVM needs native access ({@code
 * --enable-native-access=ALL-UNNAMED}, or the jar manifest's {@code Enable-Native-Access}) and no
 * {@code sun.misc} memory access: it runs under {@code --sun-misc-unsafe-memory-access=deny}.
 * A platform without a library, or a JVM that refuses native access, gets {@link
 * ErrorCode#STORAGE_BINDING_UNAVAILABLE} on every open (not an {@link ExceptionInInitializerError}
 * once and {@link NoClassDefFoundError} after).
 */
final class NativeBinding {
  private static final String RESOURCE_DIR = "org/lmdbjava/native/";
  private static final Object LOCK = new Object();
  private static SymbolLookup lookup;
  private static RuntimeException failure;

  private NativeBinding() {}

  /**
   * Loads the library if that was not tried yet; call before the first use of {@link Lmdb}.
   *
   * @throws KiteSqlException STORAGE_BINDING_UNAVAILABLE if it cannot be loaded (again each call)
   */
  static void require() {
    lookup();
  }

  /** The library's symbols. */
  static SymbolLookup lookup() {
    synchronized (LOCK) {
      if (lookup == null && failure == null) {
        try {
          lookup = SymbolLookup.libraryLookup(extract(resourceName()), Arena.global());
        } catch (RuntimeException | IOException | LinkageError e) {
          failure = new IllegalStateException(e.toString(), e);
        }
      }
      if (lookup == null) {
        throw new KiteSqlException(ErrorCode.STORAGE_BINDING_UNAVAILABLE, "the LMDB binding cannot start in this JVM ("
            + failure.getMessage() + "); KiteSQL needs the LMDB library of org.lmdbjava:native for this platform ("
            + System.getProperty("os.name") + ", " + System.getProperty("os.arch") + ") and native access"
            + " (--enable-native-access=ALL-UNNAMED)", failure);
      }
      return lookup;
    }
  }

  /** The resource for this OS and CPU, named as org.lmdbjava:native names them. */
  static String resourceName() {
    var arch = switch (System.getProperty("os.arch").toLowerCase(Locale.ROOT)) {
      case "amd64", "x86_64" -> "x86_64";
      case "aarch64", "arm64" -> "aarch64";
      default -> throw new IllegalStateException("no LMDB library for CPU " + System.getProperty("os.arch"));
    };
    var os = System.getProperty("os.name").toLowerCase(Locale.ROOT);
    if (os.startsWith("mac") || os.startsWith("darwin")) {
      return RESOURCE_DIR + arch + "-macos-none.so";
    }
    if (os.startsWith("windows")) {
      return RESOURCE_DIR + arch + "-windows-gnu.dll";
    }
    if (os.startsWith("linux")) {
      return RESOURCE_DIR + arch + (isMusl(arch) ? "-linux-musl.so" : "-linux-gnu.so");
    }
    throw new IllegalStateException("no LMDB library for OS " + System.getProperty("os.name"));
  }

  /** Alpine and other musl-based Linux systems have the musl loader instead of glibc's. */
  private static boolean isMusl(String arch) {
    return Files.exists(Path.of("/lib/ld-musl-" + arch + ".so.1"));
  }

  private static Path extract(String resource) throws IOException {
    try (var in = NativeBinding.class.getClassLoader().getResourceAsStream(resource)) {
      if (in == null) {
        throw new IOException(resource + " is not on the class path (org.lmdbjava:native)");
      }
      var file = Files.createTempFile("kitesql-lmdb-", resource.substring(resource.lastIndexOf('.')));
      file.toFile().deleteOnExit();
      Files.copy(in, file, StandardCopyOption.REPLACE_EXISTING);
      return file;
    }
  }
}
