package io.kitesql.storage;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import java.util.Arrays;
import java.util.Locale;

/**
 * The LMDB binding failing to start in this JVM. lmdbjava 0.9.3 calls LMDB through jnr-ffi,
 * whose jffi writes native memory with {@code sun.misc.Unsafe}; under {@code
 * --sun-misc-unsafe-memory-access=deny} (announced as a future JDK default, JEP 471/498) the first
 * call fails in lmdbjava's static initializer with {@link ExceptionInInitializerError}, and every
 * later one with {@link NoClassDefFoundError}. Both become {@link
 * ErrorCode#STORAGE_BINDING_UNAVAILABLE} naming the flag. The plan for when the default flips is
 * in docs/storage.md ("When the JDK denies sun.misc.Unsafe").
 */
final class NativeBinding {
  static final String FLAG = "--sun-misc-unsafe-memory-access";

  private NativeBinding() {}

  /** Translates an error raised while lmdbjava's classes initialize. */
  static KiteSqlException unavailable(LinkageError e) {
    var advice = unsafeDenied(e)
        ? "this JVM denies sun.misc.Unsafe (" + FLAG + "=deny), which lmdbjava's jnr-ffi needs to call LMDB; start"
            + " the JVM with " + FLAG + "=allow (or =warn, JDK 25's default)"
        : "if this JVM runs with " + FLAG + "=deny, start it with " + FLAG + "=allow: lmdbjava's jnr-ffi needs"
            + " sun.misc.Unsafe";
    return new KiteSqlException(ErrorCode.STORAGE_BINDING_UNAVAILABLE,
        "the LMDB binding (lmdbjava over jnr-ffi) cannot start in this JVM (" + e + "): " + advice, e);
  }

  /** Whether the failure came from a denied {@code sun.misc.Unsafe} memory access. */
  private static boolean unsafeDenied(Throwable e) {
    for (var t = e; t != null; t = t.getCause()) {
      boolean inUnsafe = Arrays.stream(t.getStackTrace()).anyMatch(f -> f.getClassName().equals("sun.misc.Unsafe"));
      var message = String.valueOf(t.getMessage()).toLowerCase(Locale.ROOT);
      // A later NoClassDefFoundError only carries the first failure as text.
      if (inUnsafe || message.contains("unsupportedoperationexception: putlong")
          || message.contains("unsupportedoperationexception: getlong")) {
        return true;
      }
    }
    return false;
  }
}
