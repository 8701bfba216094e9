package io.kitesql.value;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * The liveness of borrowed values: one per read context, reused across its transactions.
 *
 * <p>A borrowed value records the scope's {@link #generation()} when it is made; it is live while
 * the scope still has that generation. {@link #end()} bumps the generation <em>before</em> the
 * storage layer resets or aborts the LMDB transaction, so every later access of a value of the
 * ended transaction fails with {@link IllegalStateException}, on any thread. Reads of mapped bytes
 * re-check the generation afterwards ({@link #checkAfterRead}), so bytes read while the
 * transaction ended are never returned.
 *
 * <p>This replaces an {@code Arena} per transaction: a confined arena throws {@code
 * WrongThreadException} on other threads while the transaction lives, and closing a shared arena
 * costs ~51 µs (see DESIGN.md section 2).
 */
public final class Scope {
  private static final VarHandle GENERATION;

  static {
    try {
      GENERATION = MethodHandles.lookup().findVarHandle(Scope.class, "generation", long.class);
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  /** The scope of owned values: never ends. */
  public static final Scope OWNED = new Scope("owned");

  private final String name;
  private volatile long generation;

  public Scope(String name) {
    this.name = name;
  }

  /** The current generation: values made now carry it. */
  public long generation() {
    return generation;
  }

  /** Whether values of generation {@code gen} may still be read. */
  public boolean isLive(long gen) {
    return gen == generation;
  }

  /**
   * Throws unless values of generation {@code gen} are live. Call before reading mapped bytes.
   *
   * @throws IllegalStateException if the transaction that lent the value has ended
   */
  public void check(long gen) {
    if (gen != generation) {
      throw ended();
    }
  }

  /**
   * Throws unless values of generation {@code gen} are still live after a read: the bytes just
   * read are only valid if the transaction did not end meanwhile (a seqlock-style re-check).
   */
  public void checkAfterRead(long gen) {
    VarHandle.loadLoadFence();
    if (gen != generation) {
      throw ended();
    }
  }

  /** Ends the current generation: every value made so far becomes unreadable. */
  public void end() {
    if (this == OWNED) {
      throw new IllegalStateException("the owned scope never ends");
    }
    GENERATION.getAndAdd(this, 1L);
  }

  private IllegalStateException ended() {
    return new IllegalStateException(
        "borrowed value used after its read transaction ended (scope "
            + name
            + "); copy it with toString()/copy() inside the transaction to keep it");
  }

  @Override
  public String toString() {
    return "Scope[" + name + ", generation " + generation + "]";
  }
}
