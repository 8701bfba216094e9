package io.kitesql.sample.threads;

import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Component;

/**
 * The figures of single tree requests, for the page to show what the request it just made cost: a
 * request that sends a {@value #HEADER} header has its figures kept under that key (the last
 * {@value #KEPT} keys), to be read from {@code GET /figures/{key}}. The figures are final only once
 * the body is written, on another thread than the request's, so a key is a future.
 */
@Component
public class TreeRequestFigures {
  /** The request header that asks for a request's figures to be kept, under its value. */
  public static final String HEADER = "Figures-Key";

  /** How many requests' figures are kept. */
  public static final int KEPT = 100;

  /**
   * What one {@code GET /threads/{id}} cost on the server.
   *
   * @param threadId the thread
   * @param posts the posts in its tree
   * @param latencyMillis from the controller's start to the last byte of the body written
   * @param allocatedBytes Java heap bytes allocated by the request's thread in the controller and
   *     by the thread that wrote the body, JSON included; null where the JDK cannot measure it
   *     (virtual threads)
   * @param mapBytesRead bytes of the LMDB map the tree's read transaction read (the engine's
   *     counter of bytes lent: every row it visited)
   * @param responseBytes bytes of JSON written
   */
  public record Figures(
      long threadId,
      int posts,
      double latencyMillis,
      @Nullable Long allocatedBytes,
      long mapBytesRead,
      long responseBytes) {}

  private final Map<String, CompletableFuture<Figures>> byKey =
      new LinkedHashMap<>(16, 0.75f, false) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, CompletableFuture<Figures>> eldest) {
          return size() > KEPT;
        }
      };

  /** Starts keeping the figures of a request under {@code key}; a key used again starts over. */
  public synchronized CompletableFuture<Figures> expect(String key) {
    var figures = new CompletableFuture<Figures>();
    byKey.put(key, figures);
    return figures;
  }

  /** The figures kept under {@code key}, completed when the request's body has been written. */
  public synchronized Optional<CompletableFuture<Figures>> find(String key) {
    return Optional.ofNullable(byKey.get(key));
  }

  /** How long {@code GET /figures/{key}} waits for a request still writing its body. */
  static final Duration WAIT = Duration.ofSeconds(30);

  /**
   * Heap bytes allocated so far by the current thread; -1 where the JDK cannot say (virtual
   * threads).
   */
  static long allocatedByThisThread() {
    if (ManagementFactory.getThreadMXBean() instanceof com.sun.management.ThreadMXBean threads
        && threads.isThreadAllocatedMemorySupported()
        && threads.isThreadAllocatedMemoryEnabled()) {
      return threads.getCurrentThreadAllocatedBytes();
    }
    return -1;
  }
}
