package io.kitesql.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import io.kitesql.api.KiteSql;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Random;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * No {@code data.mdb} may crash the JVM. A real database is copied with damage (truncated, meta
 * pages zeroed or rewritten, not LMDB at all) and each copy is opened in a child JVM, which must
 * report {@code INVALID_DATABASE_FILE} with a message naming the damage, exit normally (no signal,
 * no hs_err file) and leave the file as it was.
 */
class DamagedDataFileTest {
  private static final int ROWS = 3000;

  /** Offsets in an LMDB 0.9 meta page on a 64-bit build (see MetaPage). */
  private static final int LAST_PAGE = 136;

  private static final int TXN_ID = 144;
  private static final int MAIN_ROOT = 128;

  /** Offset of the page-type flags in every page's header. */
  private static final int PAGE_FLAGS = 10;

  @TempDir static Path work;
  private static Path source;
  private static byte[] original;
  private static int pageSize;

  @BeforeAll
  static void createDatabase() throws IOException {
    source = work.resolve("source");
    try (var db = KiteSql.open(source)) {
      db.execute("create table t (id int primary key, body varchar)");
      db.write(
          tx -> {
            for (int i = 0; i < ROWS; i++) {
              tx.execute("insert into t values (?, ?)", i, ("row " + i + " ").repeat(20));
            }
            return null;
          });
    }
    original = Files.readAllBytes(source.resolve("data.mdb"));
    pageSize = ByteBuffer.wrap(original).order(ByteOrder.nativeOrder()).getInt(40);
  }

  static Stream<Arguments> damages() {
    return Stream.of(
        damage("truncated to 8 KiB", b -> Arrays.copyOf(b, 8192), "truncated"),
        damage("truncated to 50%", b -> Arrays.copyOf(b, b.length / 2), "truncated"),
        damage("truncated to 90%", b -> Arrays.copyOf(b, (int) (b.length * 0.9)), "truncated"),
        damage("truncated to 99%", b -> Arrays.copyOf(b, (int) (b.length * 0.99)), "truncated"),
        damage("meta page 0 zeroed", b -> zeroPage(b, 0), "meta page 0"),
        damage("meta page 1 zeroed", b -> zeroPage(b, 1), "meta page 1"),
        damage("both meta pages zeroed", b -> zeroPage(zeroPage(b, 0), 1), "meta page 0"),
        damage(
            "newer meta's last page far past the end",
            b -> setInNewerMeta(b, LAST_PAGE, 1L << 40),
            "truncated"),
        damage(
            "newer meta's root past its last page",
            b -> setInNewerMeta(b, MAIN_ROOT, 1L << 30),
            "root"),
        damage("random bytes", b -> randomBytes(b.length), "magic"),
        damage("empty file", b -> new byte[0], "empty"),
        damage("smaller than one page", b -> Arrays.copyOf(b, 100), "smaller than"),
        damage("one meta page only", b -> Arrays.copyOf(b, pageSize), "truncated"),
        // Inside the file, past the meta pages: LMDB itself finds the page of the wrong type
        // (MDB_CORRUPTED); before, open reported it as STORAGE_FAILURE.
        damage(
            "main root page of the wrong type", DamagedDataFileTest::mainRootNotAPage, "damaged"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("damages")
  void damagedFileIsRefusedWithoutCrashing(
      String name, UnaryOperator<byte[]> damage, String expected) throws Exception {
    var dir = work.resolve(name.replaceAll("[^a-zA-Z0-9]+", "-"));
    Files.createDirectories(dir);
    byte[] damaged = damage.apply(original.clone());
    Files.write(dir.resolve("data.mdb"), damaged);

    var outcome =
        ChildJvm.run(
            work.resolve("child-" + dir.getFileName()), OpenDatabaseMain.class, dir.toString());
    System.out.println(name + ": " + outcome.stdout().strip());

    assertThat(outcome.crashed())
        .as("%s: the child JVM exits normally: %s", name, outcome)
        .isFalse();
    assertThat(outcome.stdout())
        .as(name)
        .startsWith("refused INVALID_DATABASE_FILE")
        .contains(expected);
    assertThat(Files.readAllBytes(dir.resolve("data.mdb")))
        .as("%s: the file is not written to", name)
        .isEqualTo(damaged);
  }

  @Test
  void intactCopyOpensWithEveryRow() throws Exception {
    var dir = work.resolve("intact");
    Files.createDirectories(dir);
    Files.write(dir.resolve("data.mdb"), original);

    var outcome =
        ChildJvm.run(work.resolve("child-intact"), OpenDatabaseMain.class, dir.toString());

    assertThat(outcome.crashed()).as("%s", outcome).isFalse();
    assertThat(outcome.stdout().strip()).isEqualTo("opened " + ROWS);
  }

  private static Arguments damage(String name, UnaryOperator<byte[]> damage, String expected) {
    return Arguments.of(name, damage, expected);
  }

  private static byte[] zeroPage(byte[] file, int page) {
    Arrays.fill(file, page * pageSize, (page + 1) * pageSize, (byte) 0);
    return file;
  }

  /** Overwrites a 64-bit field of the meta page with the larger transaction id. */
  private static byte[] setInNewerMeta(byte[] file, int offset, long value) {
    var buffer = ByteBuffer.wrap(file).order(ByteOrder.nativeOrder());
    int newer = buffer.getLong(pageSize + TXN_ID) > buffer.getLong(TXN_ID) ? 1 : 0;
    buffer.putLong(newer * pageSize + offset, value);
    return file;
  }

  /** Clears the page-type flags of the newer meta page's main-database root. */
  private static byte[] mainRootNotAPage(byte[] file) {
    var buffer = ByteBuffer.wrap(file).order(ByteOrder.nativeOrder());
    int newer = buffer.getLong(pageSize + TXN_ID) > buffer.getLong(TXN_ID) ? 1 : 0;
    long root = buffer.getLong(newer * pageSize + MAIN_ROOT);
    buffer.putShort((int) (root * pageSize + PAGE_FLAGS), (short) 0);
    return file;
  }

  private static byte[] randomBytes(int length) {
    var bytes = new byte[length];
    new Random(14).nextBytes(bytes);
    return bytes;
  }
}
