package io.kitesql.storage.files;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Checks an existing {@code data.mdb} against its meta pages before LMDB maps it, with plain reads.
 * LMDB trusts the file: a page past the end of a truncated file is mapped but has no backing, and
 * touching it kills the JVM with SIGBUS. LMDB itself refuses a file whose two meta pages are not
 * both valid (mdb_env_read_header), but only with a bare MDB_INVALID and without checking the
 * file's length.
 *
 * <p>Checked: the file holds both meta pages; each has LMDB's magic, the meta flag, data version 1,
 * the same sane page size, a plausible last page and roots inside it; and the file is long enough
 * for the last page of the newer meta page (the one LMDB opens). LMDB may legally leave the file
 * shorter when the pages at its end were allocated and freed again in one transaction (it then
 * never writes them; mdb_env_copyfd0 allows for this): a short file is accepted only if every
 * missing page is on the free list ({@link FreePages}), so nothing LMDB will read is missing.
 *
 * <p>A damaged meta page is refused, never skipped for the other one: LMDB does not fall back
 * either, and the older snapshot lacks the newest commit, so falling back silently would lose
 * committed data.
 */
public final class DataFileCheck {
  private DataFileCheck() {}

  /**
   * Validates {@code dataFile} if it exists (a missing file is a new database).
   *
   * @throws KiteSqlException {@link ErrorCode#INVALID_DATABASE_FILE} saying what is wrong
   */
  static void validate(Path dataFile) {
    try (var channel = FileChannel.open(dataFile, StandardOpenOption.READ)) {
      validate(dataFile, channel);
    } catch (NoSuchFileException _) {
      // A new database: LMDB creates the file.
    } catch (IOException e) {
      throw new KiteSqlException(
          ErrorCode.STORAGE_FAILURE, "cannot read " + dataFile + ": " + e.getMessage(), e);
    }
  }

  private static void validate(Path dataFile, FileChannel channel) throws IOException {
    long size = channel.size();
    if (size == 0) {
      throw invalid(
          dataFile,
          "the file is empty (0 bytes). A database whose creation was cut off before LMDB"
              + " wrote its first pages leaves such a file; it holds nothing, delete it to create a new database");
    }
    if (size < MetaPage.BYTES) {
      throw invalid(
          dataFile,
          "the file is "
              + size
              + " bytes, smaller than one LMDB meta page: truncated, or not"
              + " a database");
    }
    var meta0 = MetaPage.parse(0, read(channel, 0, MetaPage.BYTES));
    String damage0 = meta0.damage();
    if (damage0 != null) {
      throw invalid(
          dataFile, "meta page 0 is damaged: " + damage0 + intactOtherMeta(channel, size));
    }
    int pageSize = meta0.pageSize();
    if (size < pageSize + MetaPage.BYTES) {
      throw truncated(dataFile, 2L * pageSize, size, "both meta pages");
    }
    var meta1 = MetaPage.parse(1, read(channel, pageSize, MetaPage.BYTES));
    String damage1 = meta1.damage();
    if (damage1 == null && meta1.pageSize() != pageSize) {
      damage1 = "page size " + meta1.pageSize() + " differs from meta page 0's " + pageSize;
    }
    if (damage1 != null) {
      throw invalid(dataFile, "meta page 1 is damaged: " + damage1 + "; " + meta0 + " is intact");
    }
    // LMDB opens the meta page with the larger transaction id, meta page 0 on a tie
    // (mdb_env_pick_meta).
    var newer = meta1.txnId() > meta0.txnId() ? meta1 : meta0;
    long required = newer.requiredFileSize();
    if (size < required && !FreePages.coverTail(channel, newer, size / pageSize)) {
      throw truncated(dataFile, required, size, newer.toString());
    }
  }

  /**
   * Whether {@code dataFile} lacks the two meta pages LMDB writes in one go when it creates a
   * database (so no transaction was ever committed to it): shorter than one meta page, or than two
   * pages of the size meta page 0 names. A file with a damaged meta page 0 is not counted.
   */
  static boolean holdsNoCommit(Path dataFile) throws IOException {
    try (var channel = FileChannel.open(dataFile, StandardOpenOption.READ)) {
      long size = channel.size();
      if (size < MetaPage.BYTES) {
        return true;
      }
      var meta0 = MetaPage.parse(0, read(channel, 0, MetaPage.BYTES));
      return meta0.damage() == null && size < 2L * meta0.pageSize();
    } catch (NoSuchFileException _) {
      return false;
    }
  }

  /** For the message: whether meta page 1 looks intact at one of the usual page sizes. */
  private static String intactOtherMeta(FileChannel channel, long size) throws IOException {
    for (int pageSize = 4096; pageSize <= MetaPage.MAX_PAGE_SIZE; pageSize *= 2) {
      if (size >= pageSize + MetaPage.BYTES) {
        var meta1 = MetaPage.parse(1, read(channel, pageSize, MetaPage.BYTES));
        if (meta1.damage() == null && meta1.pageSize() == pageSize) {
          return "; " + meta1 + " looks intact";
        }
      }
    }
    return "; meta page 1 is not intact either (not an LMDB file?)";
  }

  /** Reads exactly {@code length} bytes at {@code position}. */
  static ByteBuffer read(FileChannel channel, long position, int length) throws IOException {
    var buffer = ByteBuffer.allocate(length);
    while (buffer.hasRemaining()) {
      if (channel.read(buffer, position + buffer.position()) < 0) {
        throw new IOException("unexpected end of file at byte " + (position + buffer.position()));
      }
    }
    return buffer.flip();
  }

  private static KiteSqlException truncated(Path dataFile, long expected, long found, String why) {
    return invalid(
        dataFile,
        "the file is truncated: expected at least "
            + expected
            + " bytes ("
            + why
            + "), found "
            + found
            + ". Restore it from a backup or a complete copy");
  }

  private static KiteSqlException invalid(Path dataFile, String what) {
    return new KiteSqlException(
        ErrorCode.INVALID_DATABASE_FILE,
        "cannot open " + dataFile + " as a KiteSQL database: " + what);
  }

  /**
   * Removes the data file a failed creation left without both meta pages (say, cut short by a full
   * disk): it holds no commit, and the next open would otherwise refuse it as truncated.
   */
  public static void removeFailedCreation(Path dataFile) {
    try {
      if (holdsNoCommit(dataFile)) {
        Files.deleteIfExists(dataFile);
      }
    } catch (IOException _) {
      // The next open reports the file as what it is.
    }
  }
}
