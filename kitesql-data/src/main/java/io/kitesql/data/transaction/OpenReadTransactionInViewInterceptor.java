package io.kitesql.data.transaction;

import io.kitesql.KiteSqlException;
import io.kitesql.api.Database;
import io.kitesql.api.ReadOnlyTransaction;
import java.util.Objects;
import java.util.concurrent.Callable;
import org.jspecify.annotations.Nullable;
import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.transaction.support.TransactionSynchronizationManager;
import org.springframework.ui.ModelMap;
import org.springframework.web.context.request.AsyncWebRequestInterceptor;
import org.springframework.web.context.request.NativeWebRequest;
import org.springframework.web.context.request.WebRequest;
import org.springframework.web.context.request.async.CallableProcessingInterceptor;
import org.springframework.web.context.request.async.DeferredResult;
import org.springframework.web.context.request.async.DeferredResultProcessingInterceptor;
import org.springframework.web.context.request.async.WebAsyncManager;
import org.springframework.web.context.request.async.WebAsyncUtils;

/**
 * Keeps one KiteSQL read-only transaction open for a whole web request, as Spring's {@code
 * OpenEntityManagerInViewInterceptor} keeps an {@code EntityManager}: values borrowed from the LMDB
 * map stay valid while the view or the JSON body is written, after the controller and the {@link
 * ReadOnlyTxn} methods it called have returned. The starter registers it in servlet web
 * applications unless {@code kitesql.web.open-read-transaction-in-view=false}.
 *
 * <p>What runs inside such a request:
 *
 * <ul>
 *   <li>Read-only methods (REQUIRED, SUPPORTS, {@code @ReadOnlyTxn}) and code outside any
 *       {@code @Transactional} method (the template, repositories) read the request's snapshot,
 *       taken when the request began.
 *   <li>Read-write {@code @Transactional} methods work as they would without the interceptor: the
 *       request's snapshot steps aside while the write transaction runs and is bound again after
 *       it. Like an {@code EntityManager} in view, the request's snapshot is not a Spring
 *       transaction until a read-only method runs in it, so a write method called from the
 *       controller begins its own transaction rather than joining (and failing on) a read-only one.
 *       A write called from inside a read-only method still fails at once, with or without the
 *       interceptor.
 *   <li>Writes of the template and repositories outside any {@code @Transactional} method run in a
 *       read-write transaction of their own, committed when the call returns, as without the
 *       interceptor; the request's snapshot steps aside meanwhile.
 *   <li>A request sees its own writes: after a write of the request commits (a
 *       {@code @Transactional} method, or a repository or template write), the request's next read
 *       begins a fresh snapshot. The earlier snapshot stays open, so values read from it before the
 *       write stay valid, and both end with the request. Writes other requests commit meanwhile are
 *       seen from such a renewal on, not before.
 *   <li>PROPAGATION_MANDATORY finds no transaction, as with an {@code EntityManager} in view.
 * </ul>
 *
 * <p>Costs: the request holds a reader slot (one more per write it reads back) and pins LMDB pages
 * from its start to its end, so pages freed by commits meanwhile cannot be reused while it runs and
 * the file grows instead; keep such requests short (a long download or a slow client holds the
 * snapshot for as long). The alternative without an interceptor is to write the body inside the
 * transaction, e.g. a {@code StreamingResponseBody} whose lambda runs a {@code @ReadOnlyTxn} method
 * that writes JSON to the output stream.
 *
 * <p>Nested dispatches (forward, include, error) join the transaction of the outermost one. For
 * async requests the snapshot is unbound from the request thread when concurrent handling starts,
 * bound to the thread running a {@code Callable} while it runs, bound again for the async dispatch,
 * and closed when the request completes (also after a timeout or an error).
 */
public class OpenReadTransactionInViewInterceptor implements AsyncWebRequestInterceptor {
  /** Appended to the attribute name that counts nested dispatches joining the transaction. */
  public static final String PARTICIPATE_SUFFIX = ".PARTICIPATE";

  private final Database database;

  public OpenReadTransactionInViewInterceptor(Database database) {
    this.database = Objects.requireNonNull(database, "database");
  }

  /** Opens and binds the request's read-only transaction, or joins one already bound. */
  @Override
  public void preHandle(WebRequest request) {
    String key = participateAttributeName();
    WebAsyncManager asyncManager = WebAsyncUtils.getAsyncManager(request);
    if (asyncManager.hasConcurrentResult()
        && asyncManager.getCallableInterceptor(key) instanceof RequestSnapshot snapshot) {
      snapshot.bind(); // the async dispatch of a request that began here
      return;
    }
    if (TransactionSynchronizationManager.hasResource(database)) {
      var count = (Integer) request.getAttribute(key, WebRequest.SCOPE_REQUEST);
      request.setAttribute(key, count == null ? 1 : count + 1, WebRequest.SCOPE_REQUEST);
      return;
    }
    var snapshot = new RequestSnapshot(database, KiteSqlTransactionHolder.forRequest(this::begin));
    snapshot.bind();
    asyncManager.registerCallableInterceptor(key, snapshot);
    asyncManager.registerDeferredResultInterceptor(key, snapshot);
  }

  private ReadOnlyTransaction begin() {
    try {
      return database.beginRead();
    } catch (KiteSqlException | IllegalStateException e) {
      throw new DataAccessResourceFailureException(
          "could not open the request's KiteSQL read-only transaction: " + e.getMessage(), e);
    }
  }

  @Override
  public void postHandle(WebRequest request, @Nullable ModelMap model) {
    // The view is rendered after this: the transaction stays open until afterCompletion.
  }

  /** Unbinds and ends the request's transaction, unless this was a nested dispatch. */
  @Override
  public void afterCompletion(WebRequest request, @Nullable Exception ex) {
    if (!decrementParticipateCount(request)
        && WebAsyncUtils.getAsyncManager(request).getCallableInterceptor(participateAttributeName())
            instanceof RequestSnapshot snapshot) {
      snapshot.unbind();
      snapshot.close();
    }
  }

  /** The request thread returns to the container; the transaction stays open for the async part. */
  @Override
  public void afterConcurrentHandlingStarted(WebRequest request) {
    if (!decrementParticipateCount(request)
        && WebAsyncUtils.getAsyncManager(request).getCallableInterceptor(participateAttributeName())
            instanceof RequestSnapshot snapshot) {
      snapshot.unbind();
    }
  }

  private boolean decrementParticipateCount(WebRequest request) {
    String key = participateAttributeName();
    var count = (Integer) request.getAttribute(key, WebRequest.SCOPE_REQUEST);
    if (count == null) {
      return false;
    }
    if (count > 1) {
      request.setAttribute(key, count - 1, WebRequest.SCOPE_REQUEST);
    } else {
      request.removeAttribute(key, WebRequest.SCOPE_REQUEST);
    }
    return true;
  }

  /** The request attribute counting nested dispatches, unique per database. */
  protected String participateAttributeName() {
    return OpenReadTransactionInViewInterceptor.class.getName()
        + "@"
        + Integer.toHexString(System.identityHashCode(database))
        + PARTICIPATE_SUFFIX;
  }

  /**
   * The request's transaction, registered with the request's {@link WebAsyncManager} so the async
   * machinery can bind it where async work runs and end it when the request completes.
   */
  private static final class RequestSnapshot
      implements CallableProcessingInterceptor, DeferredResultProcessingInterceptor {
    private final Database database;
    private final KiteSqlTransactionHolder holder;

    RequestSnapshot(Database database, KiteSqlTransactionHolder holder) {
      this.database = database;
      this.holder = holder;
    }

    void bind() {
      TransactionSynchronizationManager.bindResource(database, holder);
    }

    /** Unbinds the holder if this thread has it bound (not if a write method set it aside). */
    void unbind() {
      if (TransactionSynchronizationManager.getResource(database) == holder) {
        TransactionSynchronizationManager.unbindResource(database);
      }
    }

    /** Ends the snapshot; idempotent, so every path that may be last can call it. */
    void close() {
      holder.closeAll();
    }

    @Override
    public <T> void preProcess(NativeWebRequest request, Callable<T> task) {
      bind();
    }

    @Override
    public <T> void postProcess(
        NativeWebRequest request, Callable<T> task, @Nullable Object concurrentResult) {
      unbind();
    }

    /** After the async dispatch, or instead of it after a timeout or error. */
    @Override
    public <T> void afterCompletion(NativeWebRequest request, Callable<T> task) {
      close();
    }

    @Override
    public <T> void afterCompletion(NativeWebRequest request, DeferredResult<T> deferredResult) {
      close();
    }
  }
}
