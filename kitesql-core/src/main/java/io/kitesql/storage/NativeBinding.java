package io.kitesql.storage;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import java.lang.management.ManagementFactory;

/**
 * The LMDB binding failing to start in this JVM. lmdbjava 0.9.3 calls LMDB through jnr-ffi, whose
 * jffi writes native memory through the JDK's {@code sun.misc} memory-access methods; under {@code
 * --sun-misc-unsafe-memory-access=deny} (announced as a future JDK default, JEP 471/498) the first
 * call fails in lmdbjava's static initializer with {@link ExceptionInInitializerError}, and every
 * later one with {@link NoClassDefFoundError}. Both become {@link
 * ErrorCode#STORAGE_BINDING_UNAVAILABLE} naming the flag. KiteSQL's own code reaches native memory
 * only through {@code java.lang.foreign}; the plan for a {@code java.lang.foreign} binding of LMDB
 * itself is in docs/storage.md ("When the JDK denies sun.misc memory access").
 */
final class NativeBinding {
  static final String FLAG = "--sun-misc-unsafe-memory-access";

  private NativeBinding() {}

  /** Translates an error raised while lmdbjava's classes initialize. */
  static KiteSqlException unavailable(LinkageError e) {
    var advice = accessDenied()
        ? "this JVM runs with " + FLAG + "=deny, which stops lmdbjava's jnr-ffi from calling LMDB; start"
            + " the JVM with " + FLAG + "=allow (or =warn, JDK 25's default)"
        : "if this JVM runs with " + FLAG + "=deny, start it with " + FLAG + "=allow: lmdbjava's jnr-ffi needs"
            + " the sun.misc memory access it denies";
    return new KiteSqlException(ErrorCode.STORAGE_BINDING_UNAVAILABLE,
        "the LMDB binding (lmdbjava over jnr-ffi) cannot start in this JVM (" + e + "): " + advice, e);
  }

  /** Whether this JVM was started with the flag set to deny (read from its own arguments, not from the failure). */
  private static boolean accessDenied() {
    return ManagementFactory.getRuntimeMXBean().getInputArguments().contains(FLAG + "=deny");
  }
}
