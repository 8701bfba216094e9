package io.kitesql.value;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kitesql.testing.Allocations;
import java.io.ByteArrayOutputStream;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.channels.Channels;
import java.util.Arrays;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import org.junit.jupiter.api.Test;

class BinaryTest {
  @Test
  void borrowedAndOwnedAgreeWithArrays() throws Exception {
    var rnd = new Random(21);
    var scope = new Scope("bin");
    try (var arena = Arena.ofConfined()) {
      for (int iter = 0; iter < 3000; iter++) {
        byte[] a = new byte[rnd.nextInt(20)];
        rnd.nextBytes(a);
        byte[] b = rnd.nextInt(3) == 0 ? a.clone() : new byte[rnd.nextInt(20)];
        if (b != a && !Arrays.equals(a, b)) {
          rnd.nextBytes(b);
        }
        MemorySegment seg = arena.allocate(Math.max(1, a.length));
        MemorySegment.copy(a, 0, seg, ValueLayout.JAVA_BYTE, 0, a.length);
        Binary ba = Binary.borrowed(scope, seg.address(), a.length);
        Binary bb = Binary.of(b);
        assertThat(ba.length()).isEqualTo(a.length);
        assertThat(ba.toByteArray()).isEqualTo(a);
        assertThat(Integer.signum(ba.compareTo(bb)))
            .isEqualTo(Integer.signum(Arrays.compareUnsigned(a, b)));
        assertThat(ba.equals(bb)).isEqualTo(Arrays.equals(a, b));
        if (Arrays.equals(a, b)) {
          assertThat(ba.hashCode()).isEqualTo(bb.hashCode());
        }
        var out = new ByteArrayOutputStream();
        ba.writeTo(out);
        assertThat(out.toByteArray()).isEqualTo(a);
        var out2 = new ByteArrayOutputStream();
        bb.writeTo(Channels.newChannel(out2));
        assertThat(out2.toByteArray()).isEqualTo(b);
        assertThat(ba.copy().isBorrowed()).isFalse();
        assertThat(ba.copy()).isEqualTo(ba);
      }
    }
  }

  @Test
  void deadBorrowedBinaryThrowsOnEveryThread() throws Exception {
    var scope = new Scope("bin");
    try (var arena = Arena.ofShared()) {
      MemorySegment seg = arena.allocate(4);
      Binary b = Binary.borrowed(scope, seg.address(), 4);
      assertThat(CompletableFuture.supplyAsync(b::length).get()).isEqualTo(4);
      scope.end();
      assertThatThrownBy(b::toByteArray).isInstanceOf(IllegalStateException.class);
      assertThatThrownBy(b::hashCode).isInstanceOf(IllegalStateException.class);
      assertThatThrownBy(() -> b.compareTo(Binary.EMPTY)).isInstanceOf(IllegalStateException.class);
      assertThatThrownBy(() -> b.writeTo(new ByteArrayOutputStream()))
          .isInstanceOf(IllegalStateException.class);
      assertThatThrownBy(
              () -> {
                try {
                  CompletableFuture.runAsync(() -> b.byteAt(0)).get();
                } catch (ExecutionException e) {
                  throw e.getCause();
                }
              })
          .isInstanceOf(IllegalStateException.class);
      assertThat(b.toString()).contains("borrowed");
    }
  }

  @Test
  void aBorrowedBinaryTakesAtMostThirtyTwoBytes() {
    var scope = new Scope("bin");
    try (var arena = Arena.ofConfined()) {
      MemorySegment bytes = arena.allocate(64);
      var made = new Binary[10_000];
      long total =
          Allocations.minBytes(
              20,
              () -> {
                for (int i = 0; i < made.length; i++) {
                  made[i] = Binary.borrowed(scope, bytes.address(), 1 + (i & 31));
                }
              });
      assertThat(total / (double) made.length).as("bytes per Binary").isLessThanOrEqualTo(32);
    }
  }
}
