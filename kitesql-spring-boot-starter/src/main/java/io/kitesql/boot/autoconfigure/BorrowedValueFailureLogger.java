package io.kitesql.boot.autoconfigure;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Optional;
import java.util.Set;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;
import org.springframework.core.Ordered;
import org.springframework.web.servlet.HandlerExceptionResolver;
import org.springframework.web.servlet.ModelAndView;

/**
 * Logs at ERROR, naming the fix, a request that failed because it used a text or binary value
 * borrowed from a read-only transaction after that transaction ended, typically while its JSON body
 * was written. Without it such a failure can go unlogged: with {@code
 * spring.mvc.problemdetails.enabled=true} the client reads "Failed to write request" and the server
 * says nothing. Resolves nothing itself (the other resolvers still answer the request).
 */
public final class BorrowedValueFailureLogger implements HandlerExceptionResolver, Ordered {
  /** How the engine's message for a borrowed value read after its transaction ended begins. */
  static final String ENDED = "borrowed value used after its read transaction ended";

  private static final Log logger = LogFactory.getLog(BorrowedValueFailureLogger.class);

  @Override
  public @Nullable ModelAndView resolveException(
      HttpServletRequest request,
      HttpServletResponse response,
      @Nullable Object handler,
      Exception ex) {
    endedBorrow(ex)
        .ifPresent(
            cause -> {
              // one line names the request, the handler and the fix; the stack trace is for DEBUG
              logger.error(
                  "KiteSQL: "
                      + request.getMethod()
                      + " "
                      + request.getRequestURI()
                      + " failed: its response used a value borrowed from a read-only transaction after the transaction ended ("
                      + cause.getMessage()
                      + "). Keep "
                      + KiteSqlWebAutoConfiguration.OPEN_IN_VIEW
                      + " on (the default) so the"
                      + " request's transaction lives until the response is written, write the body inside the @ReadOnlyTxn"
                      + " method (a StreamingResponseBody), or give the returned type String fields (copies). Handler: "
                      + handler
                      + ". Failure: "
                      + ex);
              logger.debug("KiteSQL: the failure of " + request.getRequestURI(), ex);
            });
    return null;
  }

  /** The engine's exception for a dead borrowed value in {@code ex}'s cause chain. */
  static Optional<Throwable> endedBorrow(Throwable ex) {
    Set<Throwable> seen = Collections.newSetFromMap(new IdentityHashMap<>());
    for (Throwable t = ex; t != null && seen.add(t); t = t.getCause()) {
      if (t instanceof IllegalStateException
          && t.getMessage() != null
          && t.getMessage().startsWith(ENDED)) {
        return Optional.of(t);
      }
    }
    return Optional.empty();
  }

  /** Before Boot's error attributes and every resolver that answers the request. */
  @Override
  public int getOrder() {
    return Ordered.HIGHEST_PRECEDENCE;
  }
}
