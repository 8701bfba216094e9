package io.kitesql.value;

import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import org.jspecify.annotations.Nullable;

/**
 * The liveness of borrowed values: one per read transaction, made when it begins and ended exactly
 * once when it ends.
 *
 * <p>A borrowed value keeps a reference to the scope of the transaction that lent it and is live
 * while that scope is. {@link #end()} happens <em>before</em> the storage layer resets or aborts
 * the LMDB transaction, so every later access of a value of the ended transaction fails with {@link
 * IllegalStateException}, on any thread. Reads of mapped bytes re-check the scope afterwards
 * ({@link #checkAfterRead}), so bytes read while the transaction ended are never returned.
 *
 * <p>An ended scope never becomes live again. A pooled read context serves many transactions, but
 * each gets a new scope, so a value of an earlier transaction cannot come back to life when its
 * context serves a later one. (A scope reused across transactions would need a generation counter
 * in every value to tell them apart; a fresh scope costs one small object per transaction instead
 * of eight bytes per value.)
 *
 * <p>This replaces an {@code Arena} per transaction: a confined arena throws {@code
 * WrongThreadException} on other threads while the transaction lives, and closing a shared arena
 * costs ~51 µs (docs/design.md, "Liveness").
 */
public final class Scope {
  /** The scope of owned values: never ends. */
  public static final Scope OWNED = new Scope("owned");

  private static final VarHandle LENT;

  static {
    try {
      LENT = MethodHandles.lookup().findVarHandle(Scope.class, "lent", MemorySegment.class);
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  private final String name;

  /**
   * The native segment (the storage's map view) that the values of this scope read through, set by
   * the first value lent through one ({@link #lendsThrough}) and never changed: a borrowed {@link
   * Text} then finds its segment here instead of keeping a reference of its own (four bytes per
   * value). Written once by CAS; see {@link #lent()} for reads.
   */
  private @Nullable MemorySegment lent;

  /**
   * Set once by {@link #end()}, never cleared. Volatile: the write must be visible to readers on
   * other threads before LMDB may reuse the pages (see {@link #end()}).
   */
  private volatile boolean ended;

  /** A new, live scope; {@code name} appears in the exceptions of its dead values. */
  public Scope(String name) {
    this.name = name;
  }

  /** Whether values of this scope may still be read (always true for {@link #OWNED}). */
  public boolean isLive() {
    return !ended;
  }

  /**
   * Throws unless values of this scope are live. Call before reading mapped bytes.
   *
   * @throws IllegalStateException if the transaction that lent the value has ended
   */
  public void check() {
    if (ended) {
      throw ended();
    }
  }

  /**
   * Throws unless values of this scope are still live after a read: the bytes just read are only
   * valid if the transaction did not end meanwhile. The load-load fence keeps the byte reads before
   * the flag read (a volatile read alone orders only what follows it), so a thread that read bytes
   * concurrently with the end of their transaction throws rather than returning bytes LMDB may
   * already have reused. The flag only ever goes from live to ended, so unlike a seqlock no version
   * needs comparing.
   *
   * @throws IllegalStateException if the transaction that lent the value has ended
   */
  public void checkAfterRead() {
    VarHandle.loadLoadFence();
    if (ended) {
      throw ended();
    }
  }

  /**
   * Ends the scope: every value made from it becomes unreadable, for good. The storage layer calls
   * this before it resets or aborts the LMDB transaction; the volatile write is ordered before
   * that, so once another thread can reuse the transaction's pages, readers see the scope ended.
   * Ending an ended scope again changes nothing.
   *
   * @throws IllegalStateException for {@link #OWNED}
   */
  public void end() {
    if (this == OWNED) {
      throw new IllegalStateException("the owned scope never ends");
    }
    ended = true;
  }

  /**
   * Whether values of this scope over {@code segment} (a native one) can find it in the scope: true
   * if the scope lends through {@code segment} already or does from now on (the first segment asked
   * for wins), false if it lends through another one (then the value keeps its segment itself). One
   * transaction reads through one map view, so in practice only its first value sets it.
   */
  boolean lendsThrough(MemorySegment segment) {
    Object current = LENT.getAcquire(this);
    if (current == null) {
      current = LENT.compareAndExchange(this, null, segment);
      if (current == null) {
        return true;
      }
    }
    return current == segment;
  }

  /**
   * The segment this scope lends through (see {@link #lendsThrough}). A plain read: a value that
   * reached this scope through its final field sees the segment set before that value was made (JLS
   * 17.5: what a final field refers to is seen as of the end of the constructor).
   */
  MemorySegment lent() {
    return lent;
  }

  private IllegalStateException ended() {
    return new IllegalStateException(
        "borrowed value used after its read transaction ended (scope "
            + name
            + "); copy it with toString()/copy() inside the transaction to keep it");
  }

  @Override
  public String toString() {
    return "Scope[" + name + (ended ? ", ended]" : ", live]");
  }
}
