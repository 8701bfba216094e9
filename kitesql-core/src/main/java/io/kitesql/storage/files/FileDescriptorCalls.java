package io.kitesql.storage.files;

import io.kitesql.storage.lmdb.NativeBinding;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;

/** libc's {@code open} and {@code close}, bound once for the checks of the files that need them. */
final class FileDescriptorCalls {
  /** {@code int open(const char *path, int flags)}. */
  static final MethodHandle OPEN =
      NativeBinding.libc(
          "open",
          FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.ADDRESS, ValueLayout.JAVA_INT));

  /** {@code int close(int fd)}. */
  static final MethodHandle CLOSE =
      NativeBinding.libc(
          "close", FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.JAVA_INT));

  private FileDescriptorCalls() {}
}
