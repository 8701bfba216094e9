package io.kitesql.storage;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import io.kitesql.options.StorageOptions;
import io.kitesql.storage.files.DataFileCheck;
import io.kitesql.storage.files.DatabaseFiles;
import io.kitesql.storage.files.InMemoryFiles;
import io.kitesql.storage.files.OpenEnvironments;
import io.kitesql.storage.lmdb.LmdbEnv;
import io.kitesql.storage.lmdb.LmdbTxn;
import io.kitesql.storage.lmdb.NativeBinding;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Opening a {@link Storage}: claims the database's files in this process, checks them, opens the
 * LMDB environment on a new writer thread and opens or creates its keyspaces. A step that fails
 * undoes those before it (a data file this open created is removed again), so a failed open leaves
 * no thread, mapping or claim behind.
 */
final class StorageOpening {
  private StorageOpening() {}

  /** {@link Storage#openInMemory}: opens a new directory of {@link InMemoryFiles}. */
  static Storage openInMemory(StorageOptions options) {
    var directory = InMemoryFiles.createDirectory(options);
    Storage storage;
    try {
      storage = open(directory, options);
    } catch (RuntimeException | Error e) {
      InMemoryFiles.deleteTree(directory);
      throw e;
    }
    if (!InMemoryFiles.deleteTree(directory)) {
      storage.removeAtClose(directory);
    }
    return storage;
  }

  /** {@link Storage#open}. */
  static Storage open(Path directory, StorageOptions options) {
    NativeBinding.require(); // before anything is created: without LMDB it would stay behind
    DatabaseFiles.createDirectory(directory, options);
    var dataFile = directory.resolve(DatabaseFiles.DATA_FILE);
    // First: a second environment on these files in this process would corrupt the first one's
    // snapshots (OpenEnvironments), and even the checks below must not race its writes.
    var claim = OpenEnvironments.claim(directory, dataFile);
    try {
      boolean creating = Files.notExists(dataFile);
      DatabaseFiles.checkBeforeMapping(directory, options);
      try {
        return openEnvironment(directory, options, claim);
      } catch (RuntimeException e) {
        if (creating) {
          DataFileCheck.removeFailedCreation(dataFile);
        }
        throw e;
      }
    } catch (RuntimeException | Error e) {
      claim.release();
      throw e;
    }
  }

  private static Storage openEnvironment(
      Path directory, StorageOptions options, OpenEnvironments.Claim claim) {
    var writer = new WriterThread("kitesql-lmdb-writer-" + directory.getFileName());
    LmdbEnv env;
    try {
      env = writer.call(() -> LmdbEnvironment.open(directory, options));
    } catch (RuntimeException e) {
      writer.stop();
      throw e;
    }
    var storage = new Storage(directory, options, env, writer, claim);
    try {
      if (writer.call(
          () ->
              LmdbEnvironment.openExisting(
                  env,
                  directory,
                  options.isReadOnly(),
                  storage.dbis,
                  storage.writes().side().writerKey()))) {
        return storage;
      }
      // A new database: creating its keyspaces needs LMDB's writer mutex, which another process
      // may hold for as long as it likes; wait for it at most writerWait.
      var txn =
          writer.callWithin(
              storage.writes().group()::beginRoot, options.writerWait().toNanos(), LmdbTxn::abort);
      if (txn.isPresent()) {
        writer.run(
            () ->
                LmdbEnvironment.create(
                    env,
                    txn.get(),
                    directory,
                    storage.dbis,
                    storage.writes().side().writerKey(),
                    storage.arena));
        return storage;
      }
    } catch (RuntimeException e) {
      storage.idleSweep.cancel(false);
      writer.run(storage::closeEnvironmentFiles);
      writer.stop();
      storage.mapView.retire();
      storage.arena.close();
      throw e;
    }
    throw abandonBlockedOpen(storage);
  }

  /**
   * Gives up an open whose writer thread is still blocked in {@code mdb_txn_begin}: that thread
   * closes the environment, and releases this process's claim on the files, once the mutex comes
   * free; the caller gets WRITE_LOCK_TIMEOUT.
   */
  private static KiteSqlException abandonBlockedOpen(Storage storage) {
    storage.idleSweep.cancel(false);
    storage.mapView.retire();
    var handedOff = storage.claim.handOff();
    storage
        .writer()
        .runLater(
            () -> {
              try {
                storage.closeEnvironmentFiles();
              } catch (RuntimeException e) {
                System.getLogger(Storage.class.getName())
                    .log(
                        System.Logger.Level.WARNING,
                        "closing " + storage.directory() + " after an open that timed out failed",
                        e);
              } finally {
                storage.arena.close();
                handedOff.release();
              }
            });
    storage.writer().stopLater();
    return new KiteSqlException(
        ErrorCode.WRITE_LOCK_TIMEOUT,
        "cannot open "
            + storage.directory()
            + ": creating its keyspaces needs the write lock, which stayed taken for more than "
            + storage.options().writerWait().toMillis()
            + " ms (another process may hold a write transaction); retry the open");
  }
}
