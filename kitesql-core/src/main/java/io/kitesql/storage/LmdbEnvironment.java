package io.kitesql.storage;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import io.kitesql.value.Memory;
import java.lang.foreign.Arena;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import org.lmdbjava.Dbi;
import org.lmdbjava.DbiFlags;
import org.lmdbjava.Env;
import org.lmdbjava.EnvFlags;
import org.lmdbjava.LmdbException;

/**
 * How {@link Storage} sets up an LMDB environment: the flags its options map to, the keyspaces
 * (created only in an empty environment), and the format marker that tells a KiteSQL database from
 * any other LMDB file. Runs on the writer thread.
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
      ReaderSlots.reclaimStale(env, directory); // slots of processes killed while others kept it open
      return env;
    } catch (LmdbException e) {
      throw OpenFailures.environment(e, directory, options);
    } catch (ExceptionInInitializerError | NoClassDefFoundError e) {
      throw NativeBinding.unavailable(e);
    }
  }

  /**
   * Opens the keyspaces into {@code dbis}; creates them only in an empty environment and checks
   * (or, new, writes) the format marker. {@code key} and {@code arena} are the writer's.
   */
  static void openKeyspaces(
      Env<Ptr> env, Path directory, boolean readOnly, EnumMap<Keyspace, Dbi<Ptr>> dbis, KeyBuffer key, Arena arena) {
    try {
      openOrCreate(env, directory, readOnly, dbis);
      checkFormat(env, directory, readOnly, dbis.get(Keyspace.META), key, arena);
    } catch (LmdbException e) {
      throw LmdbErrors.translate(e, "open the keyspaces of " + directory, directory);
    }
  }

  private static void openOrCreate(Env<Ptr> env, Path directory, boolean readOnly, EnumMap<Keyspace, Dbi<Ptr>> dbis) {
    var existing = env.getDbiNames().stream().map(n -> new String(n, StandardCharsets.UTF_8)).toList();
    boolean fresh = existing.isEmpty();
    if (!fresh && !existing.contains(Keyspace.META.dbiName())) {
      // A damaged main database can list thousands of garbage names: show a few.
      var shown = existing.size() <= 8 ? existing.toString() : existing.subList(0, 8) + " and " + (existing.size() - 8) + " more";
      throw new KiteSqlException(
          ErrorCode.INVALID_DATABASE_FILE,
          directory + " holds an LMDB environment that is not a KiteSQL database (databases " + shown + ")");
    }
    for (var ks : Keyspace.values()) {
      boolean missing = fresh || !existing.contains(ks.dbiName());
      if (missing && readOnly) {
        throw new KiteSqlException(ErrorCode.READ_ONLY_DATABASE, directory + " has no " + ks + " keyspace"
            + " (an empty or unfinished database), and a database opened read-only cannot create it");
      }
      var flags = missing ? new DbiFlags[] {DbiFlags.MDB_CREATE} : new DbiFlags[0];
      dbis.put(ks, env.openDbi(ks.dbiName(), AddressProxy.UNSIGNED, false, flags));
    }
  }

  private static void checkFormat(Env<Ptr> env, Path directory, boolean readOnly, Dbi<Ptr> meta, KeyBuffer key, Arena arena) {
    try (var txn = readOnly ? env.txnRead() : env.txnWrite()) {
      var found = meta.get(txn, key.load(FORMAT_KEY, FORMAT_KEY.length));
      if (found == null && readOnly) {
        throw new KiteSqlException(ErrorCode.READ_ONLY_DATABASE,
            directory + " has no format marker yet (an unfinished database), and a database opened read-only cannot write it");
      }
      if (found == null) {
        var value = new Ptr();
        var bytes = arena.allocate(4);
        bytes.set(Memory.INT_BE, 0, FORMAT_VERSION);
        meta.put(txn, key.load(FORMAT_KEY, FORMAT_KEY.length), value.set(bytes.address(), 4));
        txn.commit();
      } else {
        int version = found.size == 4 ? Memory.ALL.get(Memory.INT_BE, found.address) : -1;
        if (version > FORMAT_VERSION || version < 1) {
          throw new KiteSqlException(
              ErrorCode.UNSUPPORTED_FORMAT_VERSION,
              directory + " has format version " + version + "; this KiteSQL reads versions up to " + FORMAT_VERSION);
        }
      }
    }
  }
}
