package io.kitesql.storage;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import io.kitesql.value.Memory;
import java.lang.foreign.Arena;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import org.lmdbjava.Dbi;
import org.lmdbjava.DbiFlags;
import org.lmdbjava.Env;
import org.lmdbjava.EnvFlags;
import org.lmdbjava.LmdbException;
import org.lmdbjava.Txn;

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

  static Env<Ptr> open(Path directory, StorageOptions options) {
    var flags = new ArrayList<EnvFlags>();
    flags.add(EnvFlags.MDB_NOTLS); // Read transactions belong to pooled contexts, not OS threads.
    if (options.isReadOnly()) {
      flags.add(EnvFlags.MDB_RDONLY_ENV);
    }
    if (options.writeMap()) {
      flags.add(EnvFlags.MDB_WRITEMAP);
    }
    switch (options.durability()) {
      case SYNC -> {}
      case NO_META_SYNC -> flags.add(EnvFlags.MDB_NOMETASYNC);
      case NO_SYNC -> flags.add(EnvFlags.MDB_NOSYNC);
    }
    try {
      var env = Env.create(AddressProxy.INSTANCE)
          .setMapSize(options.mapSize())
          .setMaxDbs(Keyspace.values().length)
          .setMaxReaders(options.maxReaders())
          .open(directory.toFile(), 0644, flags.toArray(EnvFlags[]::new));
      if (options.writeMap()) {
        allocateMap(env, directory);
      }
      ReaderSlots.reclaimStale(env, directory); // slots of processes killed while others kept it open
      return env;
    } catch (LmdbException e) {
      throw OpenFailures.environment(e, directory, options);
    } catch (ExceptionInInitializerError | NoClassDefFoundError e) {
      throw NativeBinding.unavailable(e);
    }
  }

  /**
   * Allocates the data file's blocks to the map's size before anything writes through the
   * writable map ({@link FileAllocation}); closes the environment if there is no room.
   */
  private static void allocateMap(Env<Ptr> env, Path directory) {
    try {
      FileAllocation.allocate(directory.resolve(DatabaseFiles.DATA_FILE), env.info().mapSize,
          "StorageOptions.writeMap allocates the whole map; choose a smaller mapSize");
    } catch (RuntimeException e) {
      env.close();
      throw e;
    }
  }

  /**
   * Opens the keyspaces into {@code dbis} in a read-only LMDB transaction, which never waits for
   * LMDB's writer mutex (another process may hold it for as long as it likes: issue 14, finding
   * 9), and checks the format marker. {@code key} is the writer's.
   *
   * @return false if the database still needs its keyspaces or format marker written, which takes
   *     a write transaction ({@link #create}); never false when {@code readOnly}
   */
  static boolean openExisting(Env<Ptr> env, Path directory, boolean readOnly, EnumMap<Keyspace, Dbi<Ptr>> dbis, KeyBuffer key) {
    try (var txn = env.txnRead()) {
      var existing = names(env, txn, directory);
      var missing = Arrays.stream(Keyspace.values()).filter(ks -> !existing.contains(ks.dbiName())).findFirst();
      if (missing.isPresent() && readOnly) {
        throw new KiteSqlException(ErrorCode.READ_ONLY_DATABASE, directory + " has no " + missing.get() + " keyspace"
            + " (an empty or unfinished database), and a database opened read-only cannot create it");
      }
      if (missing.isPresent()) {
        return false; // the aborted transaction closes the handles
      }
      for (var ks : Keyspace.values()) {
        dbis.put(ks, env.openDbi(txn, ks.dbiName().getBytes(StandardCharsets.UTF_8), AddressProxy.UNSIGNED, false));
      }
      if (!checkFormat(dbis.get(Keyspace.META).get(txn, key.load(FORMAT_KEY, FORMAT_KEY.length)), directory, readOnly)) {
        dbis.clear();
        return false;
      }
      txn.commit(); // a read-only commit keeps the handles open for the environment
      return true;
    } catch (LmdbException e) {
      throw LmdbErrors.translate(e, "open the keyspaces of " + directory, directory);
    }
  }

  /**
   * Creates what {@link #openExisting} found missing, in the write transaction {@code txn} (which
   * it commits), and opens the keyspaces into {@code dbis}: another process may have created them
   * meanwhile, so it looks again. {@code key} and {@code arena} are the writer's.
   */
  static void create(Env<Ptr> env, Txn<Ptr> txn, Path directory, EnumMap<Keyspace, Dbi<Ptr>> dbis, KeyBuffer key, Arena arena) {
    try (txn) {
      var existing = names(env, txn, directory);
      for (var ks : Keyspace.values()) {
        var flags = existing.contains(ks.dbiName()) ? new DbiFlags[0] : new DbiFlags[] {DbiFlags.MDB_CREATE};
        dbis.put(ks, env.openDbi(txn, ks.dbiName().getBytes(StandardCharsets.UTF_8), AddressProxy.UNSIGNED, false, flags));
      }
      var meta = dbis.get(Keyspace.META);
      if (!checkFormat(meta.get(txn, key.load(FORMAT_KEY, FORMAT_KEY.length)), directory, false)) {
        var bytes = arena.allocate(4);
        bytes.set(Memory.INT_BE, 0, FORMAT_VERSION);
        meta.put(txn, key.load(FORMAT_KEY, FORMAT_KEY.length), new Ptr().set(bytes.address(), 4));
      }
      txn.commit();
    } catch (LmdbException e) {
      dbis.clear();
      throw LmdbErrors.translate(e, "create the keyspaces of " + directory, directory);
    }
  }

  /**
   * The names of the named databases in the environment, read in {@code txn} (lmdbjava's {@code
   * getDbiNames} begins a write transaction of its own); refuses an environment that has some but
   * not our {@code META} database.
   */
  private static List<String> names(Env<Ptr> env, Txn<Ptr> txn, Path directory) {
    var main = env.openDbi(txn, null, AddressProxy.UNSIGNED, false);
    var names = new ArrayList<String>();
    try (var cursor = main.openCursor(txn)) {
      for (boolean more = cursor.first(); more; more = cursor.next()) {
        var name = cursor.key();
        names.add(new String(Memory.ALL.asSlice(name.address, name.size).toArray(Memory.BYTE), StandardCharsets.UTF_8));
      }
    }
    if (!names.isEmpty() && !names.contains(Keyspace.META.dbiName())) {
      // A damaged main database can list thousands of garbage names: show a few.
      var shown = names.size() <= 8 ? names.toString() : names.subList(0, 8) + " and " + (names.size() - 8) + " more";
      throw new KiteSqlException(
          ErrorCode.INVALID_DATABASE_FILE,
          directory + " holds an LMDB environment that is not a KiteSQL database (databases " + shown + ")");
    }
    return names;
  }

  /**
   * Checks the format marker {@code found}; false if there is none yet (an unfinished database),
   * which a read-only database refuses.
   */
  private static boolean checkFormat(Ptr found, Path directory, boolean readOnly) {
    if (found == null && readOnly) {
      throw new KiteSqlException(ErrorCode.READ_ONLY_DATABASE,
          directory + " has no format marker yet (an unfinished database), and a database opened read-only cannot write it");
    }
    if (found == null) {
      return false;
    }
    int version = found.size == 4 ? Memory.ALL.get(Memory.INT_BE, found.address) : -1;
    if (version > FORMAT_VERSION || version < 1) {
      throw new KiteSqlException(
          ErrorCode.UNSUPPORTED_FORMAT_VERSION,
          directory + " has format version " + version + "; this KiteSQL reads versions up to " + FORMAT_VERSION);
    }
    return true;
  }
}
