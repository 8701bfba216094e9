package io.kitesql.storage.lmdb;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * Loads LMDB's native library for {@link Lmdb}: the build of LMDB 0.9.33 that the {@code
 * org.lmdbjava:native} artifact ships as a class-path resource, one file per platform. {@code
 * dlopen} needs a file, so the resource is written once into the extraction directory ({@link
 * LibraryFile}: one file per library content, reused by every JVM) and looked up with {@link
 * SymbolLookup#libraryLookup(Path, Arena)} in the global arena, so it stays loaded for the JVM's
 * life.
 *
 * <p>Calls go through {@code java.lang.foreign} only, so the JVM needs native access ({@code
 * --enable-native-access=ALL-UNNAMED}, or the jar manifest's {@code Enable-Native-Access}) and no
 * {@code sun.misc} memory access: it runs under {@code --sun-misc-unsafe-memory-access=deny}.
 *
 * <p>Nothing here throws from a class initializer: a platform without a library, a JVM that refuses
 * native access, or an extraction directory that is missing, read-only or mounted {@code noexec}
 * gets {@link ErrorCode#STORAGE_BINDING_UNAVAILABLE} naming the cause on every open ({@link
 * io.kitesql.storage.Storage#open} calls {@link #require} before it touches the disk), never an
 * {@link ExceptionInInitializerError} once and {@link NoClassDefFoundError} after. The failure is
 * remembered: the JVM does not try again.
 */
public final class NativeBinding {
  /**
   * The system property naming the directory the library is extracted to; default {@code
   * java.io.tmpdir}.
   */
  static final String DIRECTORY_PROPERTY = "kitesql.native.dir";

  private static final String RESOURCE_DIR = "org/lmdbjava/native/";
  private static final Object LOCK = new Object();
  private static SymbolLookup lookup;
  private static Throwable failure;
  private static volatile Path directory;

  private NativeBinding() {}

  /**
   * Loads the library if that was not tried yet; call before anything that needs {@link Lmdb}.
   *
   * @throws KiteSqlException STORAGE_BINDING_UNAVAILABLE if it cannot be loaded (again each call)
   */
  public static void require() {
    lookup();
  }

  /**
   * The library's symbols.
   *
   * @throws KiteSqlException STORAGE_BINDING_UNAVAILABLE if it cannot be loaded (again each call)
   */
  static SymbolLookup lookup() {
    synchronized (LOCK) {
      if (lookup == null && failure == null) {
        try {
          directory = extractionDirectory();
          lookup = load(LibraryFile.extract(resourceName(), directory));
        } catch (RuntimeException | IOException | LinkageError e) {
          failure = e;
        }
      }
      if (lookup == null) {
        throw unavailable(failure);
      }
      return lookup;
    }
  }

  @SuppressWarnings("restricted") // native access is what this binding is for (README, "JVM flags")
  private static SymbolLookup load(Path file) {
    try {
      return SymbolLookup.libraryLookup(file, Arena.global());
    } finally {
      if (LibraryFile.isTemporary(file)) {
        try {
          Files.deleteIfExists(file); // loaded (or not): the mapping outlives the name
        } catch (IOException _) {
          // Windows keeps a loaded library's file: deleted on exit instead (LibraryFile).
        }
      }
    }
  }

  /**
   * A downcall to the C library's {@code name}; where there is none (or no native access), a handle
   * that throws STORAGE_BINDING_UNAVAILABLE when called, so a class initializer never throws.
   */
  @SuppressWarnings("restricted") // native access is what this binding is for (README, "JVM flags")
  public static MethodHandle libc(String name, FunctionDescriptor descriptor) {
    try {
      var linker = Linker.nativeLinker();
      return linker.downcallHandle(linker.defaultLookup().findOrThrow(name), descriptor);
    } catch (RuntimeException e) {
      return failing(descriptor.toMethodType(), e);
    }
  }

  /**
   * A method handle of {@code type} that throws STORAGE_BINDING_UNAVAILABLE (caused by {@code
   * cause}, or by what {@code cause} reports) whatever it is called with: what {@link Lmdb} holds
   * instead of a downcall it could not make, so that its class initializer never throws.
   */
  public static MethodHandle failing(MethodType type, RuntimeException cause) {
    Throwable reason =
        cause instanceof KiteSqlException e
                && e.errorCode() == ErrorCode.STORAGE_BINDING_UNAVAILABLE
                && e.getCause() != null
            ? e.getCause()
            : cause;
    try {
      var thrower = MethodHandles.throwException(type.returnType(), KiteSqlException.class);
      var error =
          MethodHandles.insertArguments(
              MethodHandles.lookup()
                  .findStatic(
                      NativeBinding.class,
                      "unavailable",
                      MethodType.methodType(KiteSqlException.class, Throwable.class)),
              0,
              reason);
      return MethodHandles.dropArguments(
          MethodHandles.foldArguments(thrower, error), 0, type.parameterList());
    } catch (ReflectiveOperationException e) {
      throw new AssertionError("NativeBinding.unavailable is gone", e);
    }
  }

  /** The error every use of an unavailable binding gets: names the cause and what to check. */
  private static KiteSqlException unavailable(Throwable cause) {
    var where =
        directory == null
            ? ""
            : " into "
                + directory
                + " (system property "
                + DIRECTORY_PROPERTY
                + ", default java.io.tmpdir: it must exist, be writable and allow executing files, not be mounted noexec)";
    return new KiteSqlException(
        ErrorCode.STORAGE_BINDING_UNAVAILABLE,
        "the LMDB binding cannot start in this JVM ("
            + cause
            + "); KiteSQL extracts the LMDB library of org.lmdbjava:native for this platform ("
            + System.getProperty("os.name")
            + ", "
            + System.getProperty("os.arch")
            + ")"
            + where
            + " and needs native access (--enable-native-access=ALL-UNNAMED)",
        cause);
  }

  /** {@value #DIRECTORY_PROPERTY} if set, else {@code java.io.tmpdir}; not created if missing. */
  private static Path extractionDirectory() {
    var configured = System.getProperty(DIRECTORY_PROPERTY);
    var name =
        configured != null && !configured.isBlank()
            ? configured
            : System.getProperty("java.io.tmpdir");
    return Path.of(name).toAbsolutePath();
  }

  /** The resource for this OS and CPU, named as org.lmdbjava:native names them. */
  static String resourceName() {
    var arch =
        switch (System.getProperty("os.arch").toLowerCase(Locale.ROOT)) {
          case "amd64", "x86_64" -> "x86_64";
          case "aarch64", "arm64" -> "aarch64";
          default ->
              throw new IllegalStateException(
                  "no LMDB library for CPU " + System.getProperty("os.arch"));
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
}
