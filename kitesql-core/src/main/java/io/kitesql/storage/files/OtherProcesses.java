package io.kitesql.storage.files;

import io.kitesql.storage.lmdb.NativeBinding;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.nio.file.Path;
import java.util.Locale;

/**
 * Whether another process has this environment open, asked of the kernel's record locks on LMDB's
 * {@code lock.mdb} (Linux only; elsewhere the answer is always "maybe").
 *
 * <p>Every process with the environment open holds a shared {@code fcntl} lock on the lock file's
 * first byte (LMDB takes it in {@code mdb_env_open}: exclusive to initialise the file, shared from
 * then on). {@link #none} asks to turn this process's lock into an exclusive one, which the kernel
 * grants only if no other process holds one, and at once turns it back into a shared one (an atomic
 * conversion: the byte is never unlocked in between, so no process can open meanwhile and take
 * itself for the first). A process opening the environment during those two calls waits for the
 * second in its own {@code mdb_env_open}.
 *
 * <p>Record locks belong to the process and the file, not to a descriptor, so the locks taken
 * through the descriptor opened here are LMDB's; closing any descriptor of the file drops them all,
 * which is why the descriptor stays open until after LMDB closed the environment ({@link #close}).
 */
public final class OtherProcesses implements AutoCloseable {
  private static final int O_RDWR = 2;

  /** Not inherited by processes this one starts (same value on x86-64 and AArch64 Linux). */
  private static final int O_CLOEXEC = 0x80000;

  private static final int F_SETLK = 6;
  private static final short F_RDLCK = 0;
  private static final short F_WRLCK = 1;

  /** {@code struct flock} on 64-bit Linux (glibc and musl): type, whence, start, len, pid. */
  private static final long FLOCK_SIZE = 32;

  private static final long L_START = 8;
  private static final long L_LEN = 16;
  private static final boolean SUPPORTED = linux64();
  private static final MethodHandle FCNTL = fcntl();

  /** The descriptor of {@code lock.mdb}; -1 when none (not Linux, or it could not be opened). */
  private int fd;

  /**
   * The {@code struct flock} the probe passes; used by one thread at a time (the writer's role).
   */
  private final MemorySegment flock;

  private final Arena arena;

  private OtherProcesses(int fd) {
    this.fd = fd;
    this.arena = Arena.ofShared();
    this.flock = arena.allocate(FLOCK_SIZE, 8);
  }

  /** A probe of {@code lockFile}; one that always answers "maybe" where it cannot ask. */
  public static OtherProcesses probe(Path lockFile) {
    if (!SUPPORTED) {
      return new OtherProcesses(-1);
    }
    try (var names = Arena.ofConfined()) {
      return new OtherProcesses(
          (int)
              FileDescriptorCalls.OPEN.invokeExact(
                  names.allocateFrom(lockFile.toString()), O_RDWR | O_CLOEXEC));
    } catch (Throwable _) {
      return new OtherProcesses(
          -1); // no probe: every write transaction then runs on the writer thread
    }
  }

  /** A probe that never asks (read-only environments, which write nothing). */
  public static OtherProcesses unknown() {
    return new OtherProcesses(-1);
  }

  /**
   * Whether no other process has the environment open now; false when that cannot be told. Called
   * by the holder of the writer's role only.
   */
  public boolean none() {
    if (fd < 0) {
      return false;
    }
    if (lock(F_WRLCK) != 0) {
      return false; // another process holds its shared lock (or the kernel refused): maybe
    }
    if (lock(F_RDLCK) != 0 && lock(F_RDLCK) != 0) {
      // Never seen: a downgrade needs no new lock record. Keeping the exclusive lock would stall
      // other
      // processes' opens, so stop asking; the lock stays as it is until the environment closes.
      System.getLogger(OtherProcesses.class.getName())
          .log(
              System.Logger.Level.WARNING,
              "could not return the lock on lock.mdb to shared; other processes' opens wait until this database closes");
      fd = -1;
    }
    return true;
  }

  private int lock(short type) {
    flock.fill((byte) 0);
    flock.set(ValueLayout.JAVA_SHORT, 0, type); // l_whence 0: SEEK_SET
    flock.set(ValueLayout.JAVA_LONG, L_START, 0L);
    flock.set(ValueLayout.JAVA_LONG, L_LEN, 1L);
    try {
      return (int) FCNTL.invokeExact(fd, F_SETLK, flock);
    } catch (Throwable _) {
      return -1;
    }
  }

  /** Closes the descriptor; only after LMDB closed the environment (see the class comment). */
  @Override
  public void close() {
    if (fd >= 0) {
      try {
        int closed = (int) FileDescriptorCalls.CLOSE.invokeExact(fd);
        assert closed == 0 || closed == -1;
      } catch (Throwable _) {
        // Nothing to do: the descriptor goes with the process.
      }
      fd = -1;
    }
    arena.close();
  }

  private static boolean linux64() {
    var os = System.getProperty("os.name", "").toLowerCase(Locale.ROOT);
    var arch = System.getProperty("os.arch", "").toLowerCase(Locale.ROOT);
    return os.startsWith("linux")
        && (arch.equals("amd64") || arch.equals("x86_64") || arch.equals("aarch64"));
  }

  @SuppressWarnings("restricted") // native access is what the binding is for (README, "JVM flags")
  private static MethodHandle fcntl() {
    var descriptor =
        FunctionDescriptor.of(
            ValueLayout.JAVA_INT, ValueLayout.JAVA_INT, ValueLayout.JAVA_INT, ValueLayout.ADDRESS);
    try {
      var linker = Linker.nativeLinker();
      return linker.downcallHandle(
          linker.defaultLookup().findOrThrow("fcntl"),
          descriptor,
          Linker.Option.firstVariadicArg(2));
    } catch (RuntimeException e) {
      return NativeBinding.failing(descriptor.toMethodType(), e);
    }
  }
}
