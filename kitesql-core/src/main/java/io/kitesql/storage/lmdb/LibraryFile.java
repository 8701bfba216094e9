package io.kitesql.storage.lmdb;

import java.io.IOException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermission;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.Set;

/**
 * The file {@link NativeBinding} loads the native library from: named after the SHA-256 of its
 * content ({@code kitesql-lmdb-<sha256>.so}), so every JVM of every KiteSQL version with the same
 * library shares one file and a JVM killed with SIGKILL leaves nothing new behind (a temporary copy
 * per JVM, deleted on exit, stayed after every kill).
 *
 * <ul>
 *   <li>An existing file is used only if it holds exactly the library's bytes, belongs to this user
 *       and is writable by no one else; it is compared right before loading.
 *   <li>Otherwise the bytes are written to a new temporary file in the same directory (mode 0600)
 *       and renamed over the name in one step, so no JVM ever loads a half-written file.
 *   <li>If the rename is refused (the name belongs to another user in a sticky directory such as
 *       {@code /tmp}), the temporary file is loaded and deleted right after loading.
 * </ul>
 */
final class LibraryFile {
  private static final String PREFIX = "kitesql-lmdb-";
  private static final Set<PosixFilePermission> WRITABLE_BY_OTHERS =
      Set.of(PosixFilePermission.GROUP_WRITE, PosixFilePermission.OTHERS_WRITE);

  private LibraryFile() {}

  /**
   * Writes (or finds) the file of {@code resource} in {@code directory}; returns the path to load.
   */
  static Path extract(String resource, Path directory) throws IOException {
    byte[] library = read(resource);
    var suffix = resource.substring(resource.lastIndexOf('.'));
    var target = directory.resolve(PREFIX + sha256(library) + suffix);
    if (reusable(target, library)) {
      return target;
    }
    var temporary = Files.createTempFile(directory, PREFIX, ".tmp");
    try {
      Files.write(temporary, library);
    } catch (IOException | RuntimeException e) {
      Files.deleteIfExists(temporary);
      throw e;
    }
    try {
      Files.move(
          temporary, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    } catch (IOException _) {
      // The name is another user's in a sticky directory (EPERM), or cannot be replaced: load this
      // copy instead; NativeBinding deletes it right after loading.
      temporary.toFile().deleteOnExit();
      return temporary;
    }
    if (!reusable(target, library)) { // replaced between the rename and now
      throw new IOException(
          target + " changed while it was being written; another process writes there");
    }
    return target;
  }

  /** Whether {@code path} is a temporary copy that the loader should delete once loaded. */
  static boolean isTemporary(Path path) {
    return path.getFileName().toString().endsWith(".tmp");
  }

  private static byte[] read(String resource) throws IOException {
    try (var in = LibraryFile.class.getClassLoader().getResourceAsStream(resource)) {
      if (in == null) {
        throw new IOException(resource + " is not on the class path (org.lmdbjava:native)");
      }
      return in.readAllBytes();
    }
  }

  /** Holds exactly {@code library}, is this user's and is not writable by others. */
  private static boolean reusable(Path file, byte[] library) {
    try {
      if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)
          || Files.size(file) != library.length
          || !ownedByThisUser(file)) {
        return false;
      }
      return Arrays.equals(Files.readAllBytes(file), library);
    } catch (IOException | RuntimeException _) {
      return false; // unreadable or vanished: write it again
    }
  }

  private static boolean ownedByThisUser(Path file) throws IOException {
    if (!FileSystems.getDefault().supportedFileAttributeViews().contains("posix")) {
      return true; // the directory's own access control decides
    }
    var me =
        file.getFileSystem()
            .getUserPrincipalLookupService()
            .lookupPrincipalByName(System.getProperty("user.name"));
    var permissions = Files.getPosixFilePermissions(file, LinkOption.NOFOLLOW_LINKS);
    return Files.getOwner(file, LinkOption.NOFOLLOW_LINKS).equals(me)
        && permissions.stream().noneMatch(WRITABLE_BY_OTHERS::contains);
  }

  private static String sha256(byte[] bytes) {
    try {
      return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("the JDK has no SHA-256", e); // every JDK must have it
    }
  }
}
