package io.kitesql.codec;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/** Big-endian stores into heap byte arrays (keys and rows are big-endian throughout). */
final class Be {
  private static final VarHandle SHORT =
      MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.BIG_ENDIAN);
  private static final VarHandle INT =
      MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);
  private static final VarHandle LONG =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);

  private Be() {}

  static void putShort(byte[] a, int pos, int v) {
    SHORT.set(a, pos, (short) v);
  }

  static void putInt(byte[] a, int pos, int v) {
    INT.set(a, pos, v);
  }

  static void putLong(byte[] a, int pos, long v) {
    LONG.set(a, pos, v);
  }
}
