package io.kitesql.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * LMDB's native library is extracted into one file per content that every JVM reuses (a JVM killed
 * with SIGKILL used to leave its own 353 KB copy in {@code /tmp}), and an extraction directory that
 * cannot be used makes every open fail with {@code STORAGE_BINDING_UNAVAILABLE} before anything is
 * created, never with {@code ExceptionInInitializerError} and then {@code NoClassDefFoundError} and
 * a zeroed {@code lock.mdb} left behind. Each case runs in a child JVM ({@link NativeLibraryMain}):
 * the library is loaded once per JVM.
 */
class NativeLibraryTest {
  private static final String LIBRARY = "org/lmdbjava/native/x86_64-linux-gnu.so";

  @TempDir Path work;

  @Test
  void jvmsKilledWithSigkillLeaveOneLibraryFileBetweenThem() throws Exception {
    var tmp = Files.createDirectories(work.resolve("tmp"));
    for (int i = 0; i < 3; i++) {
      var child =
          ChildJvm.start(
              work.resolve("child-" + i),
              List.of("-Djava.io.tmpdir=" + tmp),
              NativeLibraryMain.class,
              work.resolve("db-" + i).toString(),
              "1",
              "hold");
      child.awaitOutput("holding");
      assertThat(child.stdout()).startsWith("opened 0");
      child.kill();
    }

    assertThat(libraryFiles(tmp))
        .containsExactly(tmp.resolve("kitesql-lmdb-" + sha256(library()) + ".so"));
    assertThat(Files.readAllBytes(libraryFiles(tmp).getFirst())).isEqualTo(library());
  }

  @Test
  void aFileOfTheRightNameButOtherContentIsReplacedBeforeLoading() throws Exception {
    var tmp = Files.createDirectories(work.resolve("tmp"));
    var file = tmp.resolve("kitesql-lmdb-" + sha256(library()) + ".so");
    Files.write(
        file, new byte[library().length]); // the right size, all zeros: dlopen would fail on it

    var outcome =
        ChildJvm.run(
            work.resolve("child"),
            List.of("-Djava.io.tmpdir=" + tmp),
            NativeLibraryMain.class,
            work.resolve("db").toString(),
            "1");

    assertThat(outcome.stdout().strip()).as("%s", outcome).isEqualTo("opened 0");
    assertThat(libraryFiles(tmp)).containsExactly(file);
    assertThat(Files.readAllBytes(file)).isEqualTo(library());
  }

  @Test
  void aFileOfTheRightContentOwnedByAnotherUserIsNotTrusted() throws Exception {
    var tmp = Files.createDirectories(work.resolve("tmp"));
    var file = Files.write(tmp.resolve("kitesql-lmdb-" + sha256(library()) + ".so"), library());
    var me = Files.getOwner(file);
    try { // another user could change the file between the check and the load
      Files.setOwner(
          file,
          file.getFileSystem().getUserPrincipalLookupService().lookupPrincipalByName("nobody"));
    } catch (IOException e) {
      Assumptions.assumeTrue(false, "giving a file to user nobody needs root and that user: " + e);
    }

    var outcome =
        ChildJvm.run(
            work.resolve("child"),
            List.of("-Djava.io.tmpdir=" + tmp),
            NativeLibraryMain.class,
            work.resolve("db").toString(),
            "1");

    assertThat(outcome.stdout().strip()).as("%s", outcome).isEqualTo("opened 0");
    assertThat(libraryFiles(tmp)).containsExactly(file);
    assertThat(Files.getOwner(file)).as("written again by this user").isEqualTo(me);
  }

  @Test
  void aClassPathWithoutTheLibraryRefusesEveryOpenAndCreatesNothing() throws Exception {
    var classPath =
        Stream.of(System.getProperty("java.class.path").split(File.pathSeparator))
            .filter(entry -> !entry.contains("lmdbjava"))
            .toList();
    var db = work.resolve("db");
    var javaCommand = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    var process =
        new ProcessBuilder(
                javaCommand,
                "--enable-native-access=ALL-UNNAMED",
                "-cp",
                String.join(File.pathSeparator, classPath),
                NativeLibraryMain.class.getName(),
                db.toString(),
                "2")
            .redirectErrorStream(true)
            .start();
    var lines = new String(process.getInputStream().readAllBytes()).strip().lines().toList();

    assertThat(process.waitFor()).isZero();
    assertThat(lines).hasSize(2);
    assertThat(lines.getFirst())
        .startsWith("refused STORAGE_BINDING_UNAVAILABLE ")
        .contains("is not on the class path (org.lmdbjava:native)");
    assertThat(lines.get(1)).isEqualTo(lines.getFirst());
    assertThat(db).doesNotExist();
  }

  @Test
  void aMissingTemporaryDirectoryRefusesEveryOpenAndCreatesNothing() throws Exception {
    assertRefusedTwice(work.resolve("no-such-dir"), "NoSuchFileException");
  }

  @Test
  void aTemporaryDirectoryUnderARegularFileRefusesEveryOpenAndCreatesNothing() throws Exception {
    var file = Files.writeString(work.resolve("a-file"), "not a directory");
    assertRefusedTwice(file.resolve("tmp"), "FileSystemException");
  }

  @Test
  void aReadOnlyTemporaryDirectoryRefusesEveryOpenAndCreatesNothing() throws Exception {
    try (var mount = TmpfsMount.mount(work, "1m", "a read-only temporary directory")) {
      mount.remountReadOnly();
      assertRefusedTwice(mount.point(), "Read-only file system");
    }
  }

  @Test
  void aNoexecTemporaryDirectoryRefusesEveryOpenAndCreatesNothing() throws Exception {
    try (var mount = TmpfsMount.mount(work, "2m", "a noexec temporary directory")) {
      remount(mount.point(), "noexec");
      assertRefusedTwice(mount.point(), "Cannot open library");
    }
  }

  @Test
  void noClassOfTheStoragePackageFailsToInitializeWithoutTheLibrary() throws Exception {
    var outcome =
        ChildJvm.run(
            work.resolve("child"),
            List.of("-Djava.io.tmpdir=" + work.resolve("no-such-dir")),
            NativeLibraryMain.class,
            "initialize-storage-classes");

    var lines = outcome.stdout().strip().lines().toList();
    assertThat(lines).as("%s", outcome).hasSize(3);
    assertThat(lines.getFirst()).startsWith("initialized ");
    assertThat(Integer.parseInt(lines.getFirst().substring("initialized ".length())))
        .isGreaterThan(40);
    assertThat(lines.subList(1, 3)).containsOnly("version refused STORAGE_BINDING_UNAVAILABLE");
  }

  @Test
  void theExtractionDirectoryCanBeConfiguredWhenTheTemporaryOneIsUnusable() throws Exception {
    var native_ = Files.createDirectories(work.resolve("native"));
    var outcome =
        ChildJvm.run(
            work.resolve("child"),
            List.of(
                "-Djava.io.tmpdir=" + work.resolve("no-such-dir"),
                "-Dkitesql.native.dir=" + native_),
            NativeLibraryMain.class,
            work.resolve("db").toString(),
            "1");

    assertThat(outcome.stdout().strip()).as("%s", outcome).isEqualTo("opened 0");
    assertThat(libraryFiles(native_)).hasSize(1);
  }

  /**
   * Opens twice in a child whose temporary directory is {@code tmpdir}: the same refusal, no files.
   */
  private void assertRefusedTwice(Path tmpdir, String cause) throws Exception {
    var db = work.resolve("db");
    var outcome =
        ChildJvm.run(
            work.resolve("child"),
            List.of("-Djava.io.tmpdir=" + tmpdir),
            NativeLibraryMain.class,
            db.toString(),
            "2");

    assertThat(outcome.crashed()).as("%s", outcome).isFalse();
    var lines = outcome.stdout().strip().lines().toList();
    assertThat(lines).as("%s", outcome).hasSize(2);
    assertThat(lines.getFirst())
        .startsWith("refused STORAGE_BINDING_UNAVAILABLE ")
        .containsIgnoringCase(cause)
        .contains(tmpdir.toString())
        .contains("kitesql.native.dir");
    assertThat(lines.get(1)).isEqualTo(lines.getFirst());
    assertThat(db).doesNotExist(); // no directory, no lock.mdb, no data.mdb
  }

  private static List<Path> libraryFiles(Path dir) throws IOException {
    try (Stream<Path> files = Files.list(dir)) {
      return files.filter(f -> f.getFileName().toString().startsWith("kitesql-lmdb-")).toList();
    }
  }

  private static byte[] library() throws IOException {
    try (var in = NativeLibraryTest.class.getClassLoader().getResourceAsStream(LIBRARY)) {
      assertThat(in).as(LIBRARY).isNotNull();
      return in.readAllBytes();
    }
  }

  private static String sha256(byte[] bytes) throws Exception {
    return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
  }

  private static void remount(Path point, String option) throws Exception {
    var process =
        new ProcessBuilder(
                new ArrayList<>(List.of("mount", "-o", "remount," + option, point.toString())))
            .redirectErrorStream(true)
            .start();
    var output = new String(process.getInputStream().readAllBytes());
    assertThat(process.waitFor()).as("mount -o remount,%s: %s", option, output).isZero();
  }
}
