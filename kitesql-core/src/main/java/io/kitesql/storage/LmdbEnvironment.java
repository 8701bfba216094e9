package io.kitesql.storage;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import io.kitesql.options.StorageOptions;
import io.kitesql.storage.files.DatabaseFiles;
import io.kitesql.storage.files.FileAllocation;
import io.kitesql.storage.lmdb.KeyBuffer;
import io.kitesql.storage.lmdb.Lmdb;
import io.kitesql.storage.lmdb.LmdbCursor;
import io.kitesql.storage.lmdb.LmdbEnv;
import io.kitesql.storage.lmdb.LmdbException;
import io.kitesql.storage.lmdb.LmdbTxn;
import io.kitesql.storage.lmdb.Ptr;
import io.kitesql.value.Memory;
import java.lang.foreign.Arena;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * How {@link Storage} sets up an LMDB environment: the flags its options map to, the keyspaces
 * (created only in an empty environment), and the format marker that tells a KiteSQL database from
 * any other LMDB file. Runs on the writer thread; only creating the keyspaces takes a write
 * transaction.
 */
final class LmdbEnvironment {
  /** The on-disk format this code writes and reads; a newer one is refused. */
  static final int FORMAT_VERSION = 1;

  private static final byte[] FORMAT_KEY = "format".getBytes(StandardCharsets.US_ASCII);

  private LmdbEnvironment() {}

  static LmdbEnv open(Path directory, StorageOptions options) {
    int flags = Lmdb.NOTLS; // Read transactions belong to pooled contexts, not OS threads.
    if (options.isReadOnly()) {
      flags |= Lmdb.RDONLY;
    }
    if (options.writeMap()) {
      flags |= Lmdb.WRITEMAP;
    }
    flags |=
        switch (options.durability()) {
          case SYNC -> 0;
          case NO_META_SYNC -> Lmdb.NOMETASYNC;
          case NO_SYNC -> Lmdb.NOSYNC;
        };
    try {
      var env =
          LmdbEnv.open(
              directory, options.mapSize(), Keyspace.values().length, options.maxReaders(), flags);
      if (options.writeMap()) {
        allocateMap(env, directory);
      }
      ReaderSlots.reclaimStale(
          env, directory); // slots of processes killed while others kept it open
      return env;
    } catch (LmdbException e) {
      throw OpenFailures.environment(e, directory, options);
    }
  }

  /**
   * Allocates the data file's blocks to the map's size before anything writes through the writable
   * map ({@link FileAllocation}); closes the environment if there is no room.
   */
  private static void allocateMap(LmdbEnv env, Path directory) {
    try {
      FileAllocation.allocate(
          directory.resolve(DatabaseFiles.DATA_FILE),
          env.info().mapSize(),
          "StorageOptions.writeMap allocates the whole map; choose a smaller mapSize");
    } catch (RuntimeException e) {
      env.close();
      throw e;
    }
  }

  /**
   * Opens the keyspaces into {@code dbis} in a read-only LMDB transaction, which never waits for
   * LMDB's writer mutex (another process may hold it for as long as it likes), and checks the
   * format marker. {@code key} is the writer's.
   *
   * @return false if the database still needs its keyspaces or format marker written, which takes a
   *     write transaction ({@link #create}); never false when {@code readOnly}
   */
  static boolean openExisting(
      LmdbEnv env, Path directory, boolean readOnly, int[] dbis, KeyBuffer key) {
    long txn = 0;
    try {
      txn = env.beginRead(key);
      var existing = names(env, txn, directory);
      var missing =
          Arrays.stream(Keyspace.values())
              .filter(ks -> !existing.contains(ks.dbiName()))
              .findFirst();
      if (missing.isPresent() && readOnly) {
        throw new KiteSqlException(
            ErrorCode.READ_ONLY_DATABASE,
            directory
                + " has no "
                + missing.get()
                + " keyspace"
                + " (an empty or unfinished database), and a database opened read-only cannot create it");
      }
      if (missing.isPresent()) {
        return false; // the aborted transaction closes the handles
      }
      for (var ks : Keyspace.values()) {
        dbis[ks.ordinal()] = env.openDbi(txn, ks.dbiName(), 0);
      }
      if (!checkFormat(
          LmdbTxn.get(txn, dbis[Keyspace.META.ordinal()], key.load(FORMAT_KEY, FORMAT_KEY.length)),
          directory,
          readOnly)) {
        Arrays.fill(dbis, 0);
        return false;
      }
      long committing = txn;
      txn = 0; // the commit frees it, failed or not
      LmdbTxn.commit(committing); // a read-only commit keeps the handles open for the environment
      return true;
    } catch (LmdbException e) {
      throw LmdbErrors.translate(e, "open the keyspaces of " + directory, directory);
    } finally {
      LmdbTxn.abort(txn);
    }
  }

  /**
   * Creates what {@link #openExisting} found missing, in the write transaction {@code txn} (which
   * it commits), and opens the keyspaces into {@code dbis}: another process may have created them
   * meanwhile, so it looks again. {@code key} and {@code arena} are the writer's.
   */
  static void create(
      LmdbEnv env, long txn, Path directory, int[] dbis, KeyBuffer key, Arena arena) {
    try {
      var existing = names(env, txn, directory);
      for (var ks : Keyspace.values()) {
        dbis[ks.ordinal()] =
            env.openDbi(txn, ks.dbiName(), existing.contains(ks.dbiName()) ? 0 : Lmdb.CREATE);
      }
      int meta = dbis[Keyspace.META.ordinal()];
      if (!checkFormat(
          LmdbTxn.get(txn, meta, key.load(FORMAT_KEY, FORMAT_KEY.length)), directory, false)) {
        var bytes = arena.allocate(4);
        bytes.set(Memory.INT_BE, 0, FORMAT_VERSION);
        LmdbTxn.put(txn, meta, key.load(FORMAT_KEY, FORMAT_KEY.length), bytes.address(), 4);
      }
      long committing = txn;
      txn = 0; // the commit frees it, failed or not
      LmdbTxn.commit(committing);
    } catch (LmdbException e) {
      Arrays.fill(dbis, 0);
      throw LmdbErrors.translate(e, "create the keyspaces of " + directory, directory);
    } finally {
      LmdbTxn.abort(txn);
    }
  }

  /**
   * The names of the named databases in the environment, read in {@code txn} from the main
   * database's keys; refuses an environment that has some but not our {@code META} database.
   */
  private static List<String> names(LmdbEnv env, long txn, Path directory) {
    int main = env.openDbi(txn, null, 0);
    var names = new ArrayList<String>();
    try (var arena = Arena.ofConfined();
        var cursor = LmdbCursor.open(txn, main, new KeyBuffer(arena))) {
      for (boolean more = cursor.first(); more; more = cursor.next()) {
        var name = cursor.key();
        names.add(
            new String(
                MapMemory.ALL.asSlice(name.address, name.size).toArray(Memory.BYTE),
                StandardCharsets.UTF_8));
      }
    }
    if (!names.isEmpty() && !names.contains(Keyspace.META.dbiName())) {
      // A damaged main database can list thousands of garbage names: show a few.
      var shown =
          names.size() <= 8
              ? names.toString()
              : names.subList(0, 8) + " and " + (names.size() - 8) + " more";
      throw new KiteSqlException(
          ErrorCode.INVALID_DATABASE_FILE,
          directory
              + " holds an LMDB environment that is not a KiteSQL database (databases "
              + shown
              + ")");
    }
    return names;
  }

  /**
   * Checks the format marker {@code found}; false if there is none yet (an unfinished database),
   * which a read-only database refuses.
   */
  private static boolean checkFormat(Ptr found, Path directory, boolean readOnly) {
    if (found == null && readOnly) {
      throw new KiteSqlException(
          ErrorCode.READ_ONLY_DATABASE,
          directory
              + " has no format marker yet (an unfinished database), and a database opened read-only cannot write it");
    }
    if (found == null) {
      return false;
    }
    int version = found.size == 4 ? MapMemory.ALL.get(Memory.INT_BE, found.address) : -1;
    if (version > FORMAT_VERSION || version < 1) {
      throw new KiteSqlException(
          ErrorCode.UNSUPPORTED_FORMAT_VERSION,
          directory
              + " has format version "
              + version
              + "; this KiteSQL reads versions up to "
              + FORMAT_VERSION);
    }
    return true;
  }
}
