package io.kitesql.storage.lmdb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.foreign.Arena;
import org.junit.jupiter.api.Test;

/**
 * The {@code java.lang.foreign} binding itself: the library it loads and its result codes (their
 * translation into the engine's errors: {@code LmdbErrorsTest}).
 */
class LmdbBindingTest {
  @Test
  void loadsLmdb0933ForThisPlatform() {
    NativeBinding.require();
    assertThat(Lmdb.version()).startsWith("LMDB 0.9.33");
    if (System.getProperty("os.name").startsWith("Linux")
        && System.getProperty("os.arch").equals("amd64")) {
      assertThat(NativeBinding.resourceName())
          .isIn(
              "org/lmdbjava/native/x86_64-linux-gnu.so",
              "org/lmdbjava/native/x86_64-linux-musl.so");
    }
  }

  @Test
  void resultCodesAreLmdbsOwn() {
    NativeBinding.require();
    assertThat(Lmdb.strerror(Lmdb.NOTFOUND)).contains("MDB_NOTFOUND");
    assertThat(Lmdb.strerror(Lmdb.KEYEXIST)).contains("MDB_KEYEXIST");
    assertThat(Lmdb.strerror(Lmdb.MAP_FULL)).contains("MDB_MAP_FULL");
    assertThat(Lmdb.strerror(Lmdb.MAP_RESIZED)).contains("MDB_MAP_RESIZED");
    assertThat(Lmdb.strerror(Lmdb.READERS_FULL)).contains("MDB_READERS_FULL");
    assertThat(Lmdb.strerror(Lmdb.CORRUPTED)).contains("MDB_CORRUPTED");
    assertThat(Lmdb.strerror(Lmdb.BAD_VALSIZE)).contains("MDB_BAD_VALSIZE");
    assertThat(Lmdb.strerror(28)).isNotBlank(); // ENOSPC: the C library's text for an errno
  }

  @Test
  void theCodesTheStorageRecoversFromHaveTheirOwnKind() {
    NativeBinding.require();
    assertThat(LmdbException.of(Lmdb.MAP_FULL, "x")).isInstanceOf(LmdbException.MapFull.class);
    assertThat(LmdbException.of(Lmdb.MAP_RESIZED, "x"))
        .isInstanceOf(LmdbException.MapResized.class);
    assertThat(LmdbException.of(Lmdb.READERS_FULL, "x"))
        .isInstanceOf(LmdbException.ReadersFull.class);
    assertThat(LmdbException.of(Lmdb.CORRUPTED, "x").getClass()).isEqualTo(LmdbException.class);
  }

  @Test
  void noTransactionIsAnErrorNotANullPointerForLmdb() {
    NativeBinding.require();
    try (var arena = Arena.ofConfined()) {
      var kb = new KeyBuffer(arena).load(new byte[] {1}, 1);
      assertThatThrownBy(() -> LmdbTxn.get(0, 2, kb))
          .isInstanceOfSatisfying(
              LmdbException.class, e -> assertThat(e.code()).isEqualTo(Lmdb.BAD_TXN));
      assertThatThrownBy(() -> LmdbTxn.commit(0)).isInstanceOf(LmdbException.class);
    }
  }
}
